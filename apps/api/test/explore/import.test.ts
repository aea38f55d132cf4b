import type { Post, PostsPage } from '@liftoff/contracts/explore';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentError, importBlog } from '../../src/features/explore/import.js';
import { contentDir } from '../../src/lib/paths.js';
import { bearer, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { writeBlogPack } from './blog-pack.js';

let t: TestApp;
let token: string;

beforeAll(async () => {
  // Starts empty: the tests import their own folders.
  t = await createTestApp({ CONTENT_IMPORT: 'false' });
  token = (await readyUser(t.app)).token;
});
afterAll(async () => t?.close());

const get = (url: string, auth = token) => t.app.inject({ method: 'GET', url, headers: bearer(auth) });
const importError = async (blogDir: string) => {
  try {
    await importBlog(t.app.db, { dir: blogDir, prune: false });
  } catch (error) {
    return error as ContentError;
  }
  throw new Error('the import was expected to fail');
};

describe('blog import validation', () => {
  it('refuses a post with a bad field, naming the file and the field, and writes nothing', async () => {
    const dir = writeBlogPack([{ slug: 'good-one' }, { slug: 'broken-post', excerpt: 'x'.repeat(201) }]);
    const error = await importError(dir);
    expect(error).toBeInstanceOf(ContentError);
    expect(error.file).toBe(path.join('blog', 'posts', 'broken-post.md'));
    expect(error.field).toBe('excerpt');
    expect(error.message).toMatch(/^blog\/posts\/broken-post\.md: excerpt: /);
    expect((await get('/api/explore/posts')).json().data.total).toBe(0);
  });

  it.each([
    ['a missing field', { slug: 'no-title', rawFrontMatter: 'slug: no-title\nexcerpt: x' }, 'title'],
    ['an unknown category', { slug: 'bad-category', categories: ['nope'] }, 'categories.0'],
    ['an unknown tag', { slug: 'bad-tag', tags: ['alpha', 'nope'] }, 'tags.1'],
    [
      'a date that is not ISO',
      { slug: 'bad-date', firstPublishedDate: 'next tuesday' },
      'firstPublishedDate',
    ],
  ])('names the field for %s', async (_label, post, field) => {
    const error = await importError(writeBlogPack([post]));
    expect(error.file).toBe(path.join('blog', 'posts', `${post.slug}.md`));
    expect(error.field).toBe(field);
  });

  it('refuses a slug that differs from the file name and an unknown front-matter field', async () => {
    const dir = writeBlogPack([{ slug: 'renamed' }]);
    const file = path.join(dir, 'posts', 'renamed.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('slug: renamed', 'slug: other-name'));
    expect((await importError(dir)).field).toBe('slug');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('slug: other-name', 'slug: renamed\nsubtitle: extra'),
    );
    expect(await importError(dir)).toMatchObject({ field: 'subtitle', problem: 'unknown field' });
  });
});

describe('blog import rendering', () => {
  it('renders a malicious post inert', async () => {
    const body = [
      '## Hello',
      '',
      '<script>window.hacked = true</script>',
      '',
      '[click me](javascript:alert(1)) and [ok link](https://example.com/ok) and [mail](mailto:a@example.com)',
      '',
      '<img src="x" onerror="alert(1)">',
      '',
      '<img src="https://images.example.com/a.png" alt="fine" onload="alert(2)">',
      '',
      '<a href="javascript:alert(3)" onclick="alert(4)">raw link</a>',
      '',
      '<iframe src="https://evil.example.com"></iframe>',
      '',
      '<style>body { display: none }</style>',
      '',
      '<p style="color:red" onmouseover="alert(5)">styled</p>',
      '',
      '![tracker](http://plain-http.example.com/pixel.gif)',
      '',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
    ].join('\n');
    const dir = writeBlogPack([{ slug: 'malicious', title: '<script>alert("title")</script>', body }]);
    await importBlog(t.app.db, { dir, prune: false });
    const res = await get('/api/explore/posts/malicious');
    expect(res.statusCode, res.body).toBe(200);
    const post = res.json().data as Post;
    const html = post.contentHtml;
    expect(html).toContain('<h2>Hello</h2>');
    expect(html).toContain(
      '<a href="https://example.com/ok" target="_blank" rel="noopener noreferrer">ok link</a>',
    );
    expect(html).toContain('<a href="mailto:a@example.com">mail</a>');
    expect(html).toMatch(/<img[^>]*src="https:\/\/images\.example\.com\/a\.png"/);
    expect(html).toContain('<table>');
    expect(html).toContain('styled');
    expect(html).not.toMatch(
      /<script|<iframe|<style|\son\w+=|javascript:|style=|window\.hacked|http:\/\/plain-http/i,
    );
    expect(html).not.toMatch(/src="x"/);
    // The title is plain data in JSON; the client escapes it like any text.
    expect(post.title).toBe('<script>alert("title")</script>');
  });

  it('keeps future-dated posts hidden until their date', async () => {
    const dir = writeBlogPack([
      { slug: 'from-the-past', firstPublishedDate: '2025-03-01T09:00:00.000Z' },
      { slug: 'from-the-future', firstPublishedDate: '2099-03-01T09:00:00.000Z' },
    ]);
    await importBlog(t.app.db, { dir, prune: false });
    const slugs = ((await get('/api/explore/posts?limit=50')).json().data as PostsPage).posts.map(
      (p) => p.slug,
    );
    expect(slugs).toContain('from-the-past');
    expect(slugs).not.toContain('from-the-future');
    expect((await get('/api/explore/posts/from-the-future')).statusCode).toBe(404);
  });
});

describe('blog re-import', () => {
  it('is idempotent, updates changed content and never resets counted views', async () => {
    // A copy of the real pack, to edit.
    const root = mkdtempSync(path.join(tmpdir(), 'liftoff-pack-'));
    cpSync(path.join(contentDir, 'blog'), path.join(root, 'blog'), { recursive: true });
    const dir = path.join(root, 'blog');
    const first = await importBlog(t.app.db, { dir });
    expect(first.posts.created).toBeGreaterThanOrEqual(16);
    expect(first.posts.removed).toBe(3); // the earlier tests' posts: this pack is authoritative

    const slug = 'pricing-your-first-product';
    const view = async (auth = token) => (await get(`/api/explore/posts/${slug}`, auth)).json().data as Post;
    // Counted views only: the first reader's view is the first.
    expect((await view()).metrics.views).toBe(1);
    await view((await readyUser(t.app)).token);
    expect((await view()).metrics.views).toBe(2);

    const again = await importBlog(t.app.db, { dir });
    expect(again.posts).toEqual({ created: 0, updated: 0, unchanged: first.posts.created, removed: 0 });

    const file = path.join(dir, 'posts', `${slug}.md`);
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n## A section added later\n\nNew words.\n`);
    const edited = await importBlog(t.app.db, { dir });
    expect(edited.posts.updated).toBe(1);
    const after = await view();
    expect(after.contentHtml).toContain('<h2>A section added later</h2>');
    expect(after.metrics.views).toBe(2);
  });
});
