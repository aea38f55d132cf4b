import type { Category, Post, PostsPage, Tag } from '@liftoff/contracts/explore';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBlogPack } from '../../src/features/explore/import.js';
import { contentDir } from '../../src/lib/paths.js';
import { bearer, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

// The real content pack, as the importer reads it: the expectations below are derived from it.
const pack = loadBlogPack(path.join(contentDir, 'blog'));
const published = pack.posts
  .map((p) => p.frontMatter)
  .filter((fm) => Date.parse(fm.firstPublishedDate) <= Date.now())
  .sort((a, b) => Date.parse(b.firstPublishedDate) - Date.parse(a.firstPublishedDate));

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await readyUser(t.app)).token;
});
afterAll(async () => t?.close());

const get = (url: string, auth = token) => t.app.inject({ method: 'GET', url, headers: bearer(auth) });
const page = async (query: string) => {
  const res = await get(`/api/explore/posts${query}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe('Posts Fetched Successfully.');
  return res.json().data as PostsPage;
};

describe('explore categories and tags', () => {
  it('lists the synthetic All entry first, then the categories in display order', async () => {
    const res = await get('/api/explore/categories');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Categories Fetched Successfully.');
    const data = res.json().data as Category[];
    expect(data[0]).toEqual({ _id: 'all', title: 'All', slug: 'all', label: 'All Posts' });
    expect(data.slice(1).map((c) => c.slug)).toEqual(pack.categories.map((c) => c.key));
    expect(data[1]).toMatchObject({ title: pack.categories[0]!.title, label: pack.categories[0]!.label });
  });

  it('lists the tags', async () => {
    const res = await get('/api/explore/tags');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Tag[];
    expect(data.map((tag) => tag.slug)).toEqual(pack.tags.map((tag) => tag.key));
    expect(data.every((tag) => tag._id && tag.label)).toBe(true);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/explore/posts' });
    expect(res.statusCode).toBe(401);
  });
});

describe('explore posts paging', () => {
  it('pages by 12 by default with total and lastPage = ceil(total / limit)', async () => {
    const first = await page('');
    expect(first).toMatchObject({
      total: published.length,
      lastPage: Math.ceil(published.length / 12),
      page: 1,
      limit: 12,
    });
    expect(first.posts).toHaveLength(Math.min(12, published.length));
    const second = await page('?page=2');
    expect(second.posts).toHaveLength(published.length - 12);
    const seen = new Set([...first.posts, ...second.posts].map((p) => p.slug));
    expect(seen.size).toBe(published.length);
  });

  it('answers a page past the end with no posts but the right total and lastPage', async () => {
    const past = await page('?page=9&limit=5');
    expect(past).toEqual({
      posts: [],
      total: published.length,
      lastPage: Math.ceil(published.length / 5),
      page: 9,
      limit: 5,
    });
  });

  it.each([
    [5, Math.ceil(published.length / 5)],
    [12, Math.ceil(published.length / 12)],
    [50, 1],
  ])('limit %i gives lastPage %i', async (limit, lastPage) => {
    const data = await page(`?limit=${limit}`);
    expect(data.lastPage).toBe(lastPage);
    expect(data.posts).toHaveLength(Math.min(limit, published.length));
  });

  it.each(['limit=51', 'limit=0', 'limit=abc'])('refuses %s naming limit', async (query) => {
    const res = await get(`/api/explore/posts?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain('limit');
  });

  it('refuses page 0 and a search over 100 characters', async () => {
    expect((await get('/api/explore/posts?page=0')).json().details[0].path).toBe('page');
    const res = await get(`/api/explore/posts?search=${'a'.repeat(101)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe('search');
  });

  it('sorts by firstPublishedDate, newest first, across pages', async () => {
    const all = [
      ...(await page('?limit=7&page=1')).posts,
      ...(await page('?limit=7&page=2')).posts,
      ...(await page('?limit=7&page=3')).posts,
    ];
    expect(all.map((p) => p.slug)).toEqual(published.map((fm) => fm.slug));
    const dates = all.map((p) => Date.parse(p.firstPublishedDate));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it('gives each card its fields', async () => {
    const [card] = (await page('?limit=1')).posts;
    const fm = published[0]!;
    expect(card).toMatchObject({
      title: fm.title,
      slug: fm.slug,
      excerpt: fm.excerpt,
      url: `/explore/post/${fm.slug}`,
      heroImage: { url: fm.heroImage, alt: fm.heroImageAlt, width: 1200, height: 630 },
      author: { name: fm.author },
      featured: fm.featured,
      firstPublishedDate: new Date(fm.firstPublishedDate).toISOString(),
    });
    expect(card!.minutesToRead).toBeGreaterThan(1);
    expect(card!.categories.map((c) => c.slug)).toEqual(fm.categories);
    expect(card!.tags.map((tag) => tag.slug)).toEqual(fm.tags);
    // Views are the only number the built-in store counts; the pack's seed numbers are not shown.
    expect(card!.metrics).toEqual({
      views: expect.any(Number),
      likes: null,
      comments: null,
      ratings: null,
      averageRating: null,
    });
  });
});

describe('explore posts filters and search', () => {
  it('filters by category; "all" means no filter', async () => {
    const slug = pack.categories[3]!.key;
    const expected = published.filter((fm) => fm.categories.includes(slug)).map((fm) => fm.slug);
    const data = await page(`?category=${slug}&limit=50`);
    expect(data.total).toBe(expected.length);
    expect(data.posts.map((p) => p.slug)).toEqual(expected);
    expect(data.posts.every((p) => p.categories.some((c) => c.slug === slug))).toBe(true);
    expect((await page('?category=all')).total).toBe(published.length);
  });

  it('lists the filtered category first on each post, so its card shows that one', async () => {
    // Each of these posts has growth as its second category.
    const second = published.filter((fm) => fm.categories[1] === 'growth').map((fm) => fm.slug);
    expect(second.length).toBeGreaterThan(1);
    const data = await page('?category=growth&limit=50');
    for (const slug of second) {
      const card = data.posts.find((p) => p.slug === slug)!;
      expect(card.categories.map((c) => c.slug)).toEqual(['growth', expect.any(String)]);
    }
    // Unfiltered, the post keeps its own order.
    const all = await page('?limit=50');
    expect(all.posts.find((p) => p.slug === second[0])!.categories[1]!.slug).toBe('growth');
  });

  it('filters by tag, and by category and tag together', async () => {
    const tagSlug = 'metrics';
    const byTag = published.filter((fm) => fm.tags.includes(tagSlug)).map((fm) => fm.slug);
    expect(byTag.length).toBeGreaterThan(1);
    expect((await page(`?tag=${tagSlug}&limit=50`)).posts.map((p) => p.slug)).toEqual(byTag);
    const both = published
      .filter((fm) => fm.tags.includes('safe') && fm.categories.includes('fundraising'))
      .map((fm) => fm.slug);
    const data = await page('?tag=safe&category=fundraising&limit=2');
    expect(data.total).toBe(both.length);
    expect(data.lastPage).toBe(Math.ceil(both.length / 2));
  });

  it('answers an empty page for an unknown category or tag', async () => {
    expect(await page('?category=no-such-category')).toEqual({
      posts: [],
      total: 0,
      lastPage: 0,
      page: 1,
      limit: 12,
    });
    expect((await page('?tag=no-such-tag')).total).toBe(0);
  });

  it('searches words of the title, excerpt and body', async () => {
    const safes = await page('?search=valuation%20cap');
    expect(safes.posts.map((p) => p.slug)).toContain('safes-explained');
    expect(safes.total).toBeLessThan(published.length);
    // Another form of a word in a title.
    expect((await page('?search=interview')).posts[0]!.slug).toBe('customer-interviews-that-dont-lie');
    expect((await page('?search=Explain')).posts.map((p) => p.slug)).toContain('safes-explained');
    expect(await page('?search=zzxqv%20wwkq')).toMatchObject({ posts: [], total: 0, lastPage: 0 });
    // Operators and quotes in a search are text, never an error.
    expect(
      (await get(`/api/explore/posts?search=${encodeURIComponent('"seed round" -board OR (&|!')}`))
        .statusCode,
    ).toBe(200);
  });
});

describe('explore search relevance', () => {
  it('puts the post with the word in its title first and leaves out posts that only say "priced"', async () => {
    const data = await page('?search=pricing');
    expect(data.posts[0]!.slug).toBe('pricing-your-first-product');
    // Every other match says "pricing" in its body; "a priced round" or "strike price" is not pricing.
    expect(data.posts.map((p) => p.slug).sort()).toEqual(
      [
        'cofounder-conflict',
        'founder-led-sales',
        'pitch-deck-that-gets-meetings',
        'pricing-your-first-product',
        'unit-economics-cac-ltv',
      ].sort(),
    );
    expect(data.total).toBe(5);
    expect(data.lastPage).toBe(1);
  });

  it('ranks the same across pages and keeps category and tag filters', async () => {
    const all = (await page('?search=customers%20pricing&limit=50')).posts.map((p) => p.slug);
    const paged = [
      ...(await page('?search=customers%20pricing&limit=3&page=1')).posts,
      ...(await page('?search=customers%20pricing&limit=3&page=2')).posts,
      ...(await page('?search=customers%20pricing&limit=3&page=3')).posts,
    ].map((p) => p.slug);
    expect(paged).toEqual(all.slice(0, paged.length));
    const growth = await page('?search=pricing&category=growth');
    expect(growth.posts.every((p) => p.categories[0]!.slug === 'growth')).toBe(true);
    expect(growth.posts[0]!.slug).toBe('pricing-your-first-product');
  });
});

describe('explore post by slug', () => {
  it('answers the article with its rendered body, metrics and neighbours', async () => {
    const index = 3;
    const fm = published[index]!;
    const res = await get(`/api/explore/posts/${fm.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Post Fetched Successfully.');
    const post = res.json().data as Post;
    expect(post).toMatchObject({
      slug: fm.slug,
      title: fm.title,
      translations: [],
      richContent: null,
      moderationDetails: null,
      coverMedia: { image: { url: fm.heroImage, alt: fm.heroImageAlt } },
      media: { image: { url: fm.heroImage }, displayed: true },
      previous: { slug: published[index + 1]!.slug, title: published[index + 1]!.title },
      next: { slug: published[index - 1]!.slug, title: published[index - 1]!.title },
      metrics: { likes: null, comments: null, ratings: null, averageRating: null },
    });
    expect(post.contentHtml).toMatch(/<h2>/);
    expect(post.contentHtml).toMatch(/<a href="https:\/\/[^"]+" target="_blank" rel="noopener noreferrer">/);
  });

  it('has no next for the newest and no previous for the oldest', async () => {
    expect(((await get(`/api/explore/posts/${published[0]!.slug}`)).json().data as Post).next).toBeNull();
    expect(
      ((await get(`/api/explore/posts/${published.at(-1)!.slug}`)).json().data as Post).previous,
    ).toBeNull();
  });

  it('answers 404 for an unknown slug', async () => {
    const res = await get('/api/explore/posts/no-such-article');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'We could not find that article.' });
  });

  it('counts a view once per user per day', async () => {
    const fm = published[5]!;
    const views = async (auth = token) =>
      ((await get(`/api/explore/posts/${fm.slug}`, auth)).json().data as Post).metrics.views;
    // Only counted views: the pack's seed number is not added.
    expect(await views()).toBe(1);
    expect(await views()).toBe(1);
    const other = await readyUser(t.app);
    expect(await views(other.token)).toBe(2);
    expect(await views(other.token)).toBe(2);
    // The list shows the same count.
    const card = (await page('?limit=50')).posts.find((p) => p.slug === fm.slug)!;
    expect(card.metrics.views).toBe(2);
  });
});

describe('content files', () => {
  it('serves hero images and templates publicly with a long cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/content/blog/images/safes-explained.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.body).toContain('<svg');
    const template = await t.app.inject({ method: 'GET', url: '/api/content/templates/lean-canvas.md' });
    expect(template.statusCode).toBe(200);
  });

  it.each([
    '/api/content/blog/posts/safes-explained.md',
    '/api/content/blog/categories.yaml',
    '/api/content/blog/README.md',
    '/api/content/popular-questions.yaml',
    '/api/content/../package.json',
    '/api/content/%2e%2e/package.json',
    '/api/content/blog/images/no-such-image.svg',
  ])('never serves %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('"name"');
  });
});

describe('explore documentation', () => {
  it('documents the explore routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { parameters?: { name: string }[] }>>;
    for (const path of [
      '/api/explore/categories',
      '/api/explore/tags',
      '/api/explore/posts',
      '/api/explore/posts/{slug}',
    ]) {
      expect(paths[path]?.get, path).toBeDefined();
    }
    expect(paths['/api/explore/posts']!.get!.parameters!.map((p) => p.name).sort()).toEqual([
      'category',
      'limit',
      'page',
      'search',
      'tag',
    ]);
  });
});
