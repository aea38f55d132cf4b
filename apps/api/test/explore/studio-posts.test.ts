import type { PostsPage } from '@liftoff/contracts/explore';
import type { StudioPost, StudioPostSummary } from '@liftoff/contracts/explore-studio';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, detailPaths, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { multipartBody } from '../helpers/multipart.js';
import { personWith } from '../helpers/team.js';

// The smallest valid PNG: one transparent pixel.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('explore posts written in the studio', () => {
  let t: TestApp;
  let manager: Awaited<ReturnType<typeof personWith>>;
  let founder: Awaited<ReturnType<typeof readyUser>>;
  const word = `quokka${randomUUID().slice(0, 6)}`;
  beforeAll(async () => {
    t = await createTestApp();
    manager = await personWith(t.app, ['manager']);
    founder = await readyUser(t.app);
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const draft = (overrides: Record<string, unknown> = {}) => ({
    title: `Interviews that ${word}`,
    slug: `interviews-${word}-${randomUUID().slice(0, 4)}`,
    excerpt: 'Five questions that make customers tell you the truth.',
    author: 'Ada Program',
    bodyMarkdown: `## Ask about the past\n\nNever about the future. ${word}\n\n<script>alert(1)</script>`,
    heroImageUrl: 'https://images.example.com/hero.png',
    heroImageAlt: 'A founder listening',
    categories: ['customer-discovery'],
    tags: ['interviews'],
    ...overrides,
  });
  const create = async (overrides: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/studio/posts', manager.token, draft(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as StudioPost;
  };
  const founderSearch = async (search: string) => {
    const res = await call('GET', `/api/explore/posts?search=${search}`, founder.token);
    expect(res.statusCode).toBe(200);
    return (res.json().data as PostsPage).posts.map((p) => p.slug);
  };
  const founderOpens = async (slug: string) =>
    (await call('GET', `/api/explore/posts/${slug}`, founder.token)).statusCode;
  const auditOf = async (id: string) =>
    (await t.app.audit.list({ recordId: id, page: 1, pageSize: 20 })).entries
      .map((e) => [e.action, e.actorId, e.before, e.after] as const)
      .reverse();

  it('keeps a draft out of explore, publishes it, and unpublishes it again, each change in the audit log', async () => {
    const post = await create();
    expect(post).toMatchObject({ status: 'draft', publishAt: null, origin: 'studio' });
    expect(await founderSearch(word)).toEqual([]);
    expect(await founderOpens(post.slug)).toBe(404);

    const published = await call('POST', `/api/studio/posts/${post.id}/publish`, manager.token, {});
    expect(published.json()).toMatchObject({ message: 'Post published.', data: { status: 'published' } });
    expect(await founderSearch(word)).toEqual([post.slug]);
    const read = await call('GET', `/api/explore/posts/${post.slug}`, founder.token);
    const html = read.json().data.contentHtml as string;
    // Sanitised as the pack's posts are: the heading stays, the script is gone.
    expect(html).toContain('<h2');
    expect(html).not.toContain('<script');
    expect(read.json().data.categories.map((c: { slug: string }) => c.slug)).toEqual(['customer-discovery']);

    const edited = await call('PUT', `/api/studio/posts/${post.id}`, manager.token, {
      ...draft({ slug: post.slug }),
      title: `Better interviews ${word}`,
      tags: ['interviews', 'pricing'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const again = (await call('GET', `/api/explore/posts/${post.slug}`, founder.token)).json().data;
    expect([again.title, again.tags.map((tag: { slug: string }) => tag.slug)]).toEqual([
      `Better interviews ${word}`,
      ['interviews', 'pricing'],
    ]);

    const unpublished = await call('POST', `/api/studio/posts/${post.id}/unpublish`, manager.token);
    expect(unpublished.json().data.status).toBe('draft');
    expect(await founderSearch(word)).toEqual([]);
    expect(await founderOpens(post.slug)).toBe(404);

    const audit = await auditOf(post.id);
    expect(audit.map(([action, actor]) => [action, actor])).toEqual([
      ['post.created', manager.user.id],
      ['post.published', manager.user.id],
      ['post.updated', manager.user.id],
      ['post.unpublished', manager.user.id],
    ]);
    expect(audit[2]![2]).toMatchObject({ title: `Interviews that ${word}`, tags: ['interviews'] });
    expect(audit[2]![3]).toMatchObject({
      title: `Better interviews ${word}`,
      tags: ['interviews', 'pricing'],
    });
    expect(audit[3]![3]).toEqual({ status: 'draft', publishAt: null });
  });

  it('shows a scheduled post in explore at its time and not before', async () => {
    const later = `${word}later`;
    const post = await create({ bodyMarkdown: `Coming soon: ${later}` });
    const at = new Date(Date.now() + 2_500);
    const scheduled = await call('POST', `/api/studio/posts/${post.id}/publish`, manager.token, {
      publishAt: at.toISOString(),
    });
    expect(scheduled.json()).toMatchObject({
      message: 'Post scheduled.',
      data: { status: 'scheduled', publishAt: at.toISOString() },
    });
    expect(await founderSearch(later)).toEqual([]);
    expect(await founderOpens(post.slug)).toBe(404);

    await new Promise((resolve) => setTimeout(resolve, at.getTime() - Date.now() + 200));
    expect(await founderSearch(later)).toEqual([post.slug]);
    expect(await founderOpens(post.slug)).toBe(200);
    const listed = (await call('GET', '/api/studio/posts', manager.token)).json().data as StudioPostSummary[];
    expect(listed.find((p) => p.id === post.id)?.status).toBe('published');
    expect((await auditOf(post.id)).map(([action]) => action)).toEqual(['post.created', 'post.scheduled']);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ slug: 'Not A Slug' }, 'slug'],
      [{ heroImageUrl: 'javascript:alert(1)' }, 'heroImageUrl'],
      [{ categories: ['customer-discovery', 'fundraising', 'pitching'] }, 'categories'],
      [{ categories: ['no-such-category'] }, 'categories.0'],
      [{ tags: ['interviews', 'no-such-tag'] }, 'tags.1'],
      [{ surprise: true }, ''],
    ];
    for (const [overrides, field] of cases) {
      const res = await call('POST', '/api/studio/posts', manager.token, draft(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      if (field) expect(detailPaths(res.json())).toContain(field);
    }
    const taken = await create();
    const clash = await call('POST', '/api/studio/posts', manager.token, draft({ slug: taken.slug }));
    expect([clash.statusCode, detailPaths(clash.json())]).toEqual([400, ['slug']]);
    const badTime = await call('POST', `/api/studio/posts/${taken.id}/publish`, manager.token, {
      publishAt: 'tomorrow',
    });
    expect([badTime.statusCode, detailPaths(badTime.json())]).toEqual([400, ['publishAt']]);
    const missing = await call('GET', `/api/studio/posts/${randomUUID()}`, manager.token);
    expect(missing.statusCode).toBe(404);
  });

  it('saves a draft with any fields filled, and refuses to publish it on each field publishing needs', async () => {
    // A title alone: no hero image, no category, no text. The slug comes from the title.
    const titled = await create({
      title: `Half an idea ${word}`,
      slug: '',
      excerpt: '',
      author: '',
      bodyMarkdown: '',
      heroImageUrl: '',
      heroImageAlt: '',
      categories: [],
      tags: [],
    });
    expect(titled).toMatchObject({ status: 'draft', slug: `half-an-idea-${word}`, heroImageUrl: '' });
    // Nothing at all: an untitled draft gets a placeholder address of its own.
    const blank = await call('POST', '/api/studio/posts', manager.token, {});
    expect(blank.statusCode, blank.body).toBe(201);
    expect(blank.json().data.slug).toMatch(/^draft-[0-9a-f]{6}$/);

    const refused = await call('POST', `/api/studio/posts/${titled.id}/publish`, manager.token, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Fill in the fields marked as needed before publishing.');
    expect(refused.json().details).toEqual([
      { path: 'excerpt', message: 'Publishing needs an excerpt' },
      { path: 'author', message: 'Publishing needs an author' },
      { path: 'categories', message: 'Publishing needs a category' },
      { path: 'heroImageUrl', message: 'Publishing needs a hero image' },
      { path: 'heroImageAlt', message: 'Publishing needs a description of the hero image' },
      { path: 'bodyMarkdown', message: 'Publishing needs the post itself' },
    ]);
    expect(await founderOpens(titled.slug)).toBe(404);

    // Completed, it publishes; a published post then cannot lose what publishing needs.
    const filled = await call(
      'PUT',
      `/api/studio/posts/${titled.id}`,
      manager.token,
      draft({ title: titled.title, slug: titled.slug }),
    );
    expect(filled.statusCode, filled.body).toBe(200);
    const published = await call('POST', `/api/studio/posts/${titled.id}/publish`, manager.token, {});
    expect(published.json().data.status).toBe('published');
    const stripped = await call(
      'PUT',
      `/api/studio/posts/${titled.id}`,
      manager.token,
      draft({ title: titled.title, slug: titled.slug, heroImageUrl: '' }),
    );
    expect([stripped.statusCode, detailPaths(stripped.json())]).toEqual([400, ['heroImageUrl']]);
    expect(await founderOpens(titled.slug)).toBe(200);
  });

  it('refuses a category that does not exist, saying so on the field, and saves nothing', async () => {
    const res = await call(
      'POST',
      '/api/studio/posts',
      manager.token,
      draft({ categories: ['growth-hacks'] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { path: 'categories.0', message: 'There is no category "growth-hacks": choose one from the list' },
    ]);
    const listed = (await call('GET', '/api/studio/posts', manager.token)).json().data as StudioPostSummary[];
    expect(listed.some((p) => p.categories.includes('growth-hacks'))).toBe(false);
  });

  it('lists posts newest first by the date each shows, and filters them by status', async () => {
    const older = await create();
    await call('POST', `/api/studio/posts/${older.id}/publish`, manager.token, {
      publishAt: '2020-01-01T00:00:00.000Z',
    });
    const later = await create();
    await call('POST', `/api/studio/posts/${later.id}/publish`, manager.token, {
      publishAt: '2099-01-01T00:00:00.000Z',
    });
    const fresh = await create();
    const all = (await call('GET', '/api/studio/posts', manager.token)).json().data as StudioPostSummary[];
    const dates = all.map((p) => p.publishAt ?? p.updatedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const ids = all.map((p) => p.id);
    expect(ids.indexOf(later.id)).toBeLessThan(ids.indexOf(fresh.id));
    expect(ids.indexOf(fresh.id)).toBeLessThan(ids.indexOf(older.id));

    const byStatus = async (status: string) => {
      const res = await call('GET', `/api/studio/posts?status=${status}`, manager.token);
      expect(res.statusCode).toBe(200);
      return res.json().data as StudioPostSummary[];
    };
    const drafts = await byStatus('draft');
    expect(drafts.every((p) => p.status === 'draft')).toBe(true);
    expect(drafts.map((p) => p.id)).toContain(fresh.id);
    expect((await byStatus('scheduled')).map((p) => p.id)).toContain(later.id);
    const published = await byStatus('published');
    expect(published.map((p) => p.id)).toContain(older.id);
    expect(published.map((p) => p.id)).not.toContain(fresh.id);
    const bad = await call('GET', '/api/studio/posts?status=archived', manager.token);
    expect([bad.statusCode, detailPaths(bad.json())]).toEqual([400, ['status']]);
  });

  it('is closed to founders', async () => {
    const res = await call('POST', '/api/studio/posts', founder.token, draft());
    expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN']);
  });

  it('renders the preview as explore serves the post', async () => {
    const res = await call('POST', '/api/studio/posts/preview', manager.token, {
      bodyMarkdown: '**Bold** <img src=x onerror=alert(1)> [link](javascript:alert(1))',
    });
    const html = res.json().data.html as string;
    expect(html).toContain('<strong>Bold</strong>');
    expect(html).not.toMatch(/onerror|javascript:/);
  });

  it('uploads a hero image anyone signed in or not can load, and refuses what is not an image', async () => {
    const upload = multipartBody({ name: 'hero.png', type: 'image/png', data: PNG });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/studio/posts/images',
      headers: { ...bearer(manager.token), ...upload.headers },
      payload: upload.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const url = res.json().data.url as string;
    expect(url).toMatch(/^\/api\/explore\/images\/[a-z0-9-]+\.png$/);
    const image = await t.app.inject({ method: 'GET', url });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png']);
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const post = await create({ heroImageUrl: url });
    expect(post.heroImageUrl).toBe(url);

    const text = multipartBody({ name: 'hero.png', type: 'image/png', data: Buffer.from('not an image') });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/studio/posts/images',
      headers: { ...bearer(manager.token), ...text.headers },
      payload: text.payload,
    });
    expect(refused.statusCode).toBe(415);
  });
});

describe('the post editor with explore on Wix', () => {
  let t: TestApp;
  let manager: Awaited<ReturnType<typeof personWith>>;
  beforeAll(async () => {
    t = await createTestApp({
      CONTENT_IMPORT: 'false',
      WIX_CLIENT_ID: 'client-id',
      WIX_API_BASE: 'http://127.0.0.1:9',
    });
    manager = await personWith(t.app, ['manager']);
  });
  afterAll(() => t?.close());

  it('says the posts come from Wix, links its dashboard, and writes nothing', async () => {
    const source = await t.app.inject({
      method: 'GET',
      url: '/api/studio/explore/source',
      headers: bearer(manager.token),
    });
    expect(source.json().data).toEqual({ kind: 'wix', dashboardUrl: 'https://manage.wix.com/account/sites' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/studio/posts',
      headers: bearer(manager.token),
      payload: {
        title: 'T',
        slug: 't',
        excerpt: 'E',
        author: 'A',
        bodyMarkdown: 'B',
        heroImageUrl: 'https://x.example/h.png',
        heroImageAlt: 'H',
        categories: ['c'],
        tags: [],
      },
    });
    expect([res.statusCode, res.json().code]).toEqual([409, 'CONFLICT']);
  });
});
