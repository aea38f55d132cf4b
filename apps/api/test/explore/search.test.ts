import type { PostsPage } from '@liftoff/contracts/explore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBlog } from '../../src/features/explore/import.js';
import { bearer, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { writeBlogPack } from './blog-pack.js';

// A pack written for ranking: which post should come first is obvious from its words.
const day = (n: number) => `2026-01-${String(n).padStart(2, '0')}T09:00:00.000Z`;
const written = [
  { slug: 'churn-in-title', title: 'Churn basics', firstPublishedDate: day(1), body: 'Nothing else.' },
  {
    slug: 'churn-in-excerpt',
    excerpt: 'Why churn hides in averages.',
    firstPublishedDate: day(2),
    body: 'Other words.',
  },
  { slug: 'churn-and-cohorts', firstPublishedDate: day(3), body: 'Churn shows in a cohort chart.' },
  { slug: 'churn-once-newer', firstPublishedDate: day(5), body: 'Some churn.' },
  { slug: 'churn-once-older', firstPublishedDate: day(4), body: 'A little churn.' },
  { slug: 'churn-twice', firstPublishedDate: day(6), body: 'Churn, churn.' },
  { slug: 'priced-round', firstPublishedDate: day(7), body: 'After the priced round, set a price.' },
  { slug: 'pricing-page', firstPublishedDate: day(8), body: 'Our pricing page and its prices.' },
  { slug: 'unrelated', firstPublishedDate: day(9), body: 'Hiring and equity.' },
];
// Titles of their own, so the slug's words are not in the title.
const posts = written.map((post, index) => ({ title: `Article number ${index + 1}`, ...post }));

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ CONTENT_IMPORT: 'false' });
  token = (await readyUser(t.app)).token;
  await importBlog(t.app.db, { dir: writeBlogPack(posts) });
});
afterAll(async () => t?.close());

const search = async (text: string, paging = 'limit=50') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/explore/posts?${paging}&search=${encodeURIComponent(text)}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as PostsPage;
};
const slugs = async (text: string) => (await search(text)).posts.map((p) => p.slug);

describe('explore search ranking', () => {
  it('ranks a title hit above an excerpt hit above body hits; more mentions, then the newer post, break ties', async () => {
    expect(await slugs('churn')).toEqual([
      'churn-in-title',
      'churn-in-excerpt',
      'churn-twice',
      'churn-once-newer',
      'churn-once-older',
      'churn-and-cohorts',
    ]);
  });

  it('ranks a post matching more of the words above one matching fewer', async () => {
    const ranked = await slugs('churn cohorts');
    // Both words in the body (2) beat one word in the body (1), whatever the dates.
    expect(ranked.indexOf('churn-and-cohorts')).toBeLessThan(ranked.indexOf('churn-twice'));
    expect(ranked.indexOf('churn-and-cohorts')).toBeLessThan(ranked.indexOf('churn-once-newer'));
    expect(ranked).not.toContain('unrelated');
  });

  it('lists only posts with at least half of the words', async () => {
    // Three words: two must match. Only one post says both churn and cohort.
    expect(await slugs('churn cohort hiring')).toEqual(['churn-and-cohorts']);
    expect(await slugs('churn zzzq')).toHaveLength(6);
    expect(await slugs('churn zzzq yyyq')).toEqual([]);
  });

  it('matches forms of a word but not a different word with the same stem', async () => {
    expect(await slugs('pricing')).toEqual(['pricing-page']);
    // "price" finds prices, priced and pricing; both say it twice, so the newer comes first.
    expect(await slugs('price')).toEqual(['pricing-page', 'priced-round']);
    expect(await slugs('Cohort')).toEqual(['churn-and-cohorts']);
  });

  it('ignores common words, and answers nothing for a search of no words', async () => {
    expect(await slugs('how to fight churn')).toEqual(await slugs('fight churn'));
    expect(await search('&& !!')).toMatchObject({ posts: [], total: 0, lastPage: 0 });
    expect(await search('<img src=x onerror=alert(1)>')).toMatchObject({ posts: [], total: 0 });
  });

  it('counts and pages the ranked matches', async () => {
    const second = await search('churn', 'limit=4&page=2');
    expect(second).toMatchObject({ total: 6, lastPage: 2, page: 2 });
    expect(second.posts.map((p) => p.slug)).toEqual(['churn-once-older', 'churn-and-cohorts']);
    expect((await search('churn', 'limit=4&page=3')).posts).toEqual([]);
  });
});
