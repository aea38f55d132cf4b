import type { Category, Post, PostsPage, Tag } from '@liftoff/contracts/explore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { FAKE_CLIENT_ID, startWixFake, type WixFake, type WixRestPost } from './wix-fake.js';

let fake: WixFake;
let t: TestApp;
let token: string;

const categories = [
  { id: 'cat-growth', label: 'Growth', title: 'Growth Posts', slug: 'growth', postCount: 0, description: '' },
  { id: 'cat-money', label: 'Money', title: 'Money Posts', slug: 'money', postCount: 0, description: '' },
  { id: 'cat-empty', label: 'Empty', title: 'Empty Posts', slug: 'empty', postCount: 0, description: '' },
];
const tags = [
  { id: 'tag-seo', label: 'SEO', slug: 'seo', postCount: 0, publishedPostCount: 0 },
  { id: 'tag-ads', label: 'Ads', slug: 'ads', postCount: 0, publishedPostCount: 0 },
];

/** 14 published posts, one a day from 2026-01-01 (post-01 oldest), plus one draft. */
function seedPosts(): WixRestPost[] {
  const posts: WixRestPost[] = Array.from({ length: 14 }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    const date = new Date(Date.UTC(2026, 0, 1 + i, 9)).toISOString();
    return {
      id: `post-${n}-id`,
      title: `Wix post ${n}`,
      excerpt: `Excerpt of post ${n}`,
      slug: `post-${n}`,
      firstPublishedDate: date,
      lastPublishedDate: date,
      categoryIds: [i % 2 === 0 ? 'cat-growth' : 'cat-money'],
      tagIds: i % 3 === 0 ? ['tag-seo', 'tag-ads'] : ['tag-ads'],
      featured: i === 0,
      minutesToRead: 3,
      contentText: i === 4 ? 'All about churn and retention cohorts.' : 'Ordinary words.',
      heroImage: {
        id: `a1b2c3_${n}~mv2.jpg`,
        url: `https://static.wixstatic.com/media/a1b2c3_${n}~mv2.jpg`,
        width: 1600,
        height: 900,
      },
      media: {
        wixMedia: {
          image: {
            id: `a1b2c3_${n}~mv2.jpg`,
            url: `https://static.wixstatic.com/media/a1b2c3_${n}~mv2.jpg`,
            width: 1600,
            height: 900,
          },
        },
        displayed: true,
        custom: false,
        altText: `Cover of post ${n}`,
      },
      metrics: { comments: i, likes: 10 + i, views: 100 + i },
    };
  });
  posts[6]!.richContent = {
    nodes: [
      {
        type: 'HEADING',
        id: 'h',
        nodes: [{ type: 'TEXT', id: '', nodes: [], textData: { text: 'Why it matters', decorations: [] } }],
        headingData: { level: 2 },
      },
      {
        type: 'PARAGRAPH',
        id: 'p1',
        nodes: [
          {
            type: 'TEXT',
            id: '',
            nodes: [],
            textData: { text: 'Bold move ', decorations: [{ type: 'BOLD', fontWeightValue: 700 }] },
          },
          {
            type: 'TEXT',
            id: '',
            nodes: [],
            textData: { text: '<script>alert(1)</script>', decorations: [] },
          },
          {
            type: 'TEXT',
            id: '',
            nodes: [],
            textData: {
              text: 'a guide',
              decorations: [
                { type: 'LINK', linkData: { link: { url: 'https://example.com/guide', target: 'BLANK' } } },
              ],
            },
          },
          {
            type: 'TEXT',
            id: '',
            nodes: [],
            textData: {
              text: 'bad link',
              decorations: [{ type: 'LINK', linkData: { link: { url: 'javascript:alert(1)' } } }],
            },
          },
        ],
      },
      {
        type: 'BULLETED_LIST',
        id: 'l',
        nodes: [
          {
            type: 'LIST_ITEM',
            id: 'li',
            nodes: [
              {
                type: 'PARAGRAPH',
                id: 'lp',
                nodes: [
                  {
                    type: 'TEXT',
                    id: '',
                    nodes: [],
                    textData: { text: 'First point', decorations: [{ type: 'ITALIC', italicData: true }] },
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        type: 'IMAGE',
        id: 'img',
        nodes: [],
        imageData: {
          image: { src: { id: 'f00d_chart~mv2.png' }, width: 800, height: 400 },
          altText: 'A chart" onerror="alert(1)',
        },
      },
      { type: 'DIVIDER', id: 'd', nodes: [] },
      {
        type: 'HTML',
        id: 'x',
        nodes: [],
        htmlData: { html: '<iframe src="https://evil.example"></iframe>' },
      },
      {
        type: 'CODE_BLOCK',
        id: 'c',
        nodes: [{ type: 'TEXT', id: '', nodes: [], textData: { text: 'const a = 1 < 2;', decorations: [] } }],
      },
    ],
  };
  posts[6]!.moderationDetails = {
    submittedBy: 'member-1',
    submittedDate: '2026-01-06T08:00:00.000Z',
    status: 'APPROVED',
  };
  posts[6]!.translations = [
    {
      id: 'post-07-fr',
      language: 'fr',
      slug: 'post-07-fr',
      url: { base: 'https://blog.example.com', path: '/fr/post/post-07-fr' },
    },
  ];
  posts.push({
    ...posts[0]!,
    id: 'draft-id',
    slug: 'a-draft',
    title: 'A draft',
    firstPublishedDate: '2026-02-01T09:00:00.000Z',
    draft: true,
  });
  return posts;
}

beforeAll(async () => {
  fake = await startWixFake();
  fake.categories = categories;
  fake.tags = tags;
  fake.posts = seedPosts();
  t = await createTestApp({ WIX_CLIENT_ID: FAKE_CLIENT_ID, WIX_API_BASE: fake.url, CONTENT_IMPORT: 'false' });
  token = (await readyUser(t.app)).token;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const tokens = new Map<TestApp, string>();
const get = (app: TestApp, url: string) =>
  app.app.inject({ method: 'GET', url, headers: bearer(tokens.get(app) ?? token) });
const postsPage = async (query: string, app = t) => {
  const res = await get(app, `/api/explore/posts${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as PostsPage;
};

describe('explore from Wix', () => {
  it('maps categories (All first) and tags', async () => {
    const res = await get(t, '/api/explore/categories');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Categories Fetched Successfully.');
    expect(res.json().data as Category[]).toEqual([
      { _id: 'all', title: 'All', slug: 'all', label: 'All Posts' },
      ...categories.map((c) => ({ _id: c.id, title: c.title, slug: c.slug, label: c.label })),
    ]);
    expect((await get(t, '/api/explore/tags')).json().data as Tag[]).toEqual(
      tags.map((tag) => ({ _id: tag.id, label: tag.label, slug: tag.slug })),
    );
  });

  it('pages published posts newest first with total and lastPage', async () => {
    const first = await postsPage('');
    expect(first).toMatchObject({ total: 14, lastPage: 2, page: 1, limit: 12 });
    expect(first.posts.map((p) => p.slug).slice(0, 3)).toEqual(['post-14', 'post-13', 'post-12']);
    expect(first.posts.map((p) => p.slug)).not.toContain('a-draft');
    const third = await postsPage('?page=3&limit=5');
    expect(third).toMatchObject({ total: 14, lastPage: 3 });
    expect(third.posts.map((p) => p.slug)).toEqual(['post-04', 'post-03', 'post-02', 'post-01']);
    const request = fake.requests.filter((r) => r.path === '/v3/posts').at(-1)!;
    expect(request.query.get('paging.limit')).toBe('5');
    expect(request.query.get('paging.offset')).toBe('10');
    expect(request.query.get('sort')).toBe('PUBLISHED_DATE_DESC');
    expect(await postsPage('?page=4&limit=5')).toMatchObject({ posts: [], total: 14, lastPage: 3 });
  });

  it('maps a card: hero image from wix:image, url, metrics, dates, categories and tags', async () => {
    const card = (await postsPage('?limit=50')).posts.find((p) => p.slug === 'post-01')!;
    expect(card).toEqual({
      _id: 'post-01-id',
      title: 'Wix post 01',
      slug: 'post-01',
      excerpt: 'Excerpt of post 01',
      firstPublishedDate: '2026-01-01T09:00:00.000Z',
      lastPublishedDate: '2026-01-01T09:00:00.000Z',
      url: 'https://blog.example.com/post/post-01',
      heroImage: {
        url: 'https://static.wixstatic.com/media/a1b2c3_01~mv2.jpg',
        alt: 'Cover of post 01',
        width: 1600,
        height: 900,
      },
      minutesToRead: 3,
      categories: [{ _id: 'cat-growth', title: 'Growth Posts', slug: 'growth', label: 'Growth' }],
      tags: [
        { _id: 'tag-seo', label: 'SEO', slug: 'seo' },
        { _id: 'tag-ads', label: 'Ads', slug: 'ads' },
      ],
      author: null,
      featured: true,
      // Wix has no ratings: not shown rather than a 0 nobody can change.
      metrics: { averageRating: null, comments: 0, likes: 10, views: 100, ratings: null },
    });
  });

  it('filters by category and tag slugs through their Wix ids', async () => {
    const growth = await postsPage('?category=growth&limit=50');
    expect(growth.total).toBe(7);
    expect(growth.posts.every((p) => p.categories[0]!.slug === 'growth')).toBe(true);
    expect(
      fake.requests
        .filter((r) => r.path === '/v3/posts')
        .at(-1)!
        .query.getAll('categoryIds'),
    ).toEqual(['cat-growth']);
    const seo = await postsPage('?tag=seo&category=all');
    expect(seo.total).toBe(5);
    expect(
      fake.requests
        .filter((r) => r.path === '/v3/posts')
        .at(-1)!
        .query.getAll('tagIds'),
    ).toEqual(['tag-seo']);
    expect(await postsPage('?category=empty')).toMatchObject({ posts: [], total: 0, lastPage: 0 });
    const calls = fake.blogCalls();
    expect(await postsPage('?category=nope')).toMatchObject({ posts: [], total: 0, lastPage: 0 });
    expect(fake.blogCalls()).toBe(calls);
  });

  it('searches titles, excerpts and text, most relevant first as the built-in store does', async () => {
    expect((await postsPage('?search=retention')).posts.map((p) => p.slug)).toEqual(['post-05']);
    // A word in the title ranks above a word in the body, though that post is newer.
    expect((await postsPage('?search=cohorts%2003')).posts.map((p) => p.slug)).toEqual([
      'post-03',
      'post-05',
    ]);
    // Every post says "post"; the one that also says "01" comes first.
    const both = await postsPage('?search=post%2001');
    expect(both.total).toBe(14);
    expect(both.posts[0]!.slug).toBe('post-01');
    expect((await postsPage('?search=wix%20post&limit=5&page=3')).posts).toHaveLength(4);
  });

  it('answers a post with its rich content turned into safe HTML', async () => {
    const res = await get(t, '/api/explore/posts/post-07');
    expect(res.statusCode, res.body).toBe(200);
    const post = res.json().data as Post;
    expect(post).toMatchObject({
      _id: 'post-07-id',
      slug: 'post-07',
      previous: { slug: 'post-06', title: 'Wix post 06' },
      next: { slug: 'post-08', title: 'Wix post 08' },
      metrics: { views: 106, likes: 16, comments: 6 },
      media: {
        image: { url: 'https://static.wixstatic.com/media/a1b2c3_07~mv2.jpg' },
        displayed: true,
        videoUrl: null,
        embedUrl: null,
      },
      moderationDetails: {
        status: 'APPROVED',
        submittedBy: 'member-1',
        submittedDate: '2026-01-06T08:00:00.000Z',
        moderatedBy: null,
        moderationDate: null,
      },
      translations: [
        {
          _id: 'post-07-fr',
          language: 'fr',
          slug: 'post-07-fr',
          url: 'https://blog.example.com/fr/post/post-07-fr',
        },
      ],
    });
    expect(post.richContent?.nodes).toHaveLength(7);
    const html = post.contentHtml;
    expect(html).toContain('<h2>Why it matters</h2>');
    expect(html).toContain('<strong>Bold move </strong>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain(
      '<a href="https://example.com/guide" target="_blank" rel="noopener noreferrer">a guide</a>',
    );
    expect(html).toContain('<ul><li><p><em>First point</em></p></li></ul>');
    const img = /<img [^>]*>/.exec(html)?.[0] ?? '';
    expect(img).toContain('src="https://static.wixstatic.com/media/f00d_chart~mv2.png"');
    expect(img).toContain('alt="A chart&quot; onerror=&quot;alert(1)"');
    expect(img).toContain('width="800"');
    expect(html).toContain('<hr />');
    expect(html).toContain('<pre><code>const a = 1 &lt; 2;</code></pre>');
    // No element or attribute that could run: attribute values are emptied before looking for handlers.
    const markup = html.replace(/"[^"]*"/g, '""');
    expect(markup).not.toMatch(/<script|<iframe|\son\w+=/i);
    expect(html).not.toContain('javascript:');
    expect(html).toContain('bad link');
  });

  it('answers 404 for an unknown slug or a draft', async () => {
    for (const slug of ['no-such-post', 'a-draft']) {
      const res = await get(t, `/api/explore/posts/${slug}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('We could not find that article.');
    }
  });

  it('caches answers and requests one visitor token for many calls', async () => {
    await postsPage('?limit=3');
    const calls = fake.blogCalls();
    await postsPage('?limit=3');
    await get(t, '/api/explore/categories');
    expect(fake.blogCalls()).toBe(calls);
    expect(fake.tokenRequests).toEqual([{ grantType: 'anonymous' }]);
  });
});

describe('explore from Wix without a cache', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({
      WIX_CLIENT_ID: FAKE_CLIENT_ID,
      WIX_API_BASE: fake.url,
      WIX_CACHE_SECONDS: '0',
      CONTENT_IMPORT: 'false',
    });
    tokens.set(bare, (await readyUser(bare.app)).token);
  });
  afterAll(async () => bare?.close());

  it('keeps its token until it expires, then renews it with the refresh token', async () => {
    fake.expiresIn = 1;
    try {
      const before = fake.tokenRequests.length;
      await postsPage('?limit=2', bare);
      await postsPage('?limit=2', bare);
      expect(fake.tokenRequests.slice(before)).toEqual([{ grantType: 'anonymous' }]);
      await new Promise((resolve) => setTimeout(resolve, 2_200));
      expect((await postsPage('?limit=2', bare)).total).toBe(14);
      expect(fake.tokenRequests.slice(before)).toEqual([
        { grantType: 'anonymous' },
        { grantType: 'refresh_token' },
      ]);
    } finally {
      fake.expiresIn = 14_400;
    }
  });

  it('turns a Wix failure into a clear 502, and recovers when Wix does', async () => {
    fake.failWith = 500;
    try {
      const categoriesRes = await get(bare, '/api/explore/categories');
      expect(categoriesRes.statusCode).toBe(502);
      expect(categoriesRes.json()).toEqual({
        statusCode: 502,
        code: 'UPSTREAM_FAILED',
        message: 'Failed to fetch categories',
      });
      const postsRes = await get(bare, '/api/explore/posts');
      expect(postsRes.statusCode).toBe(502);
      expect(postsRes.json()).toMatchObject({ code: 'UPSTREAM_FAILED', message: 'Failed to fetch posts' });
      const postRes = await get(bare, '/api/explore/posts/post-01');
      expect(postRes.statusCode).toBe(502);
      expect(postRes.json()).toMatchObject({
        code: 'UPSTREAM_FAILED',
        message: 'Failed to fetch the article',
      });
    } finally {
      fake.failWith = null;
    }
    expect((await get(bare, '/api/explore/categories')).statusCode).toBe(200);
  });
});
