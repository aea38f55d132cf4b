import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local stand-in for the Wix REST API (www.wixapis.com / edge.wixapis.com), answering the calls the
 * official SDK sends with the shapes of Wix's documentation:
 *   POST /oauth2/token                 { clientId, grantType: 'anonymous' | 'refresh_token', refreshToken? }
 *                                      → { access_token, refresh_token, expires_in, token_type }
 *   GET  /v3/posts                     ?categoryIds&tagIds&sort&paging.limit&paging.offset&fieldsets
 *                                      → { posts, metaData: { count, offset, total } }
 *   GET  /v3/posts/slugs/{slug}        → { post } | 404
 *   GET  /v3/posts/{id}/metrics        → { metrics }
 *   POST /blog/v3/categories/query     → { categories, pagingMetadata }
 *   POST /v3/tags/query                → { tags, pagingMetadata }
 * Every blog call needs a valid, unexpired access token (else 401), so token reuse and renewal are real.
 */

export interface WixRestPost {
  id: string;
  title: string;
  excerpt: string;
  slug: string;
  firstPublishedDate: string;
  lastPublishedDate: string;
  categoryIds: string[];
  tagIds: string[];
  featured: boolean;
  minutesToRead: number;
  contentText: string;
  heroImage?: { id: string; url: string; width: number; height: number; altText?: string };
  media?: {
    wixMedia?: { image?: { id: string; url: string; width: number; height: number } };
    displayed: boolean;
    custom: boolean;
    altText?: string;
  };
  richContent?: { nodes: unknown[] };
  metrics: { comments: number; likes: number; views: number };
  moderationDetails?: { submittedBy: string; submittedDate: string; status: string };
  translations?: { id: string; language: string; slug: string; url: { base: string; path: string } }[];
  /** Not published: a visitor never sees it. */
  draft?: boolean;
}

export interface WixFake {
  url: string;
  requests: { method: string; path: string; query: URLSearchParams; body: unknown }[];
  tokenRequests: { grantType: string }[];
  /** expires_in of the tokens issued from now on. */
  expiresIn: number;
  /** Answer every blog call with this status (e.g. 500) until cleared. */
  failWith: number | null;
  posts: WixRestPost[];
  categories: {
    id: string;
    label: string;
    title: string;
    slug: string;
    postCount: number;
    description: string;
  }[];
  tags: { id: string; label: string; slug: string; postCount: number; publishedPostCount: number }[];
  blogCalls(): number;
  close(): Promise<void>;
}

export const FAKE_CLIENT_ID = 'test-client-id';

export async function startWixFake(): Promise<WixFake> {
  const tokens = new Map<string, number>(); // access token → expiry (ms)
  const refreshTokens = new Set<string>();
  const state: Omit<WixFake, 'url' | 'close' | 'blogCalls'> = {
    requests: [],
    tokenRequests: [],
    expiresIn: 14_400,
    failWith: null,
    posts: [],
    categories: [],
    tags: [],
  };

  const issue = (refreshToken?: string) => {
    const access = `OauthNG.JWS.${randomUUID()}`;
    tokens.set(access, Date.now() + state.expiresIn * 1000);
    const refresh = refreshToken ?? `JWS.refresh.${randomUUID()}`;
    refreshTokens.add(refresh);
    return {
      access_token: access,
      refresh_token: refresh,
      expires_in: state.expiresIn,
      token_type: 'Bearer',
      scope: 'offline_access',
    };
  };

  const visible = () =>
    state.posts
      .filter((p) => !p.draft)
      .sort((a, b) => Date.parse(b.firstPublishedDate) - Date.parse(a.firstPublishedDate));

  const restPost = (post: WixRestPost, fieldsets: string[]) => {
    const { draft: _draft, contentText, richContent, metrics, ...rest } = post;
    return {
      ...rest,
      memberId: 'member-1',
      pinned: false,
      commentingEnabled: true,
      hashtags: [],
      language: 'en',
      ...(fieldsets.includes('URL')
        ? { url: { base: 'https://blog.example.com', path: `/post/${post.slug}` } }
        : {}),
      ...(fieldsets.includes('CONTENT_TEXT') ? { contentText } : {}),
      ...(fieldsets.includes('RICH_CONTENT') && richContent ? { richContent } : {}),
      ...(fieldsets.includes('METRICS') ? { metrics } : {}),
    };
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = raw ? JSON.parse(raw) : null;
      state.requests.push({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'x-wix-request-id': randomUUID() });
        res.end(JSON.stringify(payload));
      };

      if (req.method === 'POST' && url.pathname === '/oauth2/token') {
        state.tokenRequests.push({ grantType: body?.grantType });
        if (body?.clientId !== FAKE_CLIENT_ID)
          return send(400, { error: 'invalid_client', errorDescription: 'Unknown client id' });
        if (body.grantType === 'anonymous') return send(200, issue());
        if (body.grantType === 'refresh_token' && refreshTokens.has(body.refreshToken))
          return send(200, issue(body.refreshToken));
        return send(400, { error: 'invalid_grant', errorDescription: 'Unknown refresh token' });
      }

      const expiry = tokens.get(req.headers.authorization ?? '');
      if (!expiry || expiry < Date.now()) {
        return send(401, {
          message: 'UNAUTHENTICATED',
          details: {
            applicationError: { code: 'UNAUTHENTICATED', description: 'Token is missing or expired' },
          },
        });
      }
      if (state.failWith) return send(state.failWith, { message: 'Internal error', details: {} });

      const fieldsets = url.searchParams.getAll('fieldsets');
      if (req.method === 'GET' && url.pathname === '/v3/posts') {
        const categoryIds = url.searchParams.getAll('categoryIds');
        const tagIds = url.searchParams.getAll('tagIds');
        const limit = Number(url.searchParams.get('paging.limit') ?? 50);
        const offset = Number(url.searchParams.get('paging.offset') ?? 0);
        const matching = visible().filter(
          (p) =>
            (!categoryIds.length || p.categoryIds.some((id) => categoryIds.includes(id))) &&
            (!tagIds.length || p.tagIds.some((id) => tagIds.includes(id))),
        );
        const posts = matching.slice(offset, offset + limit).map((p) => restPost(p, fieldsets));
        return send(200, {
          posts,
          metaData: { count: posts.length, offset, total: matching.length, cursor: null },
        });
      }
      const bySlug = /^\/v3\/posts\/slugs\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && bySlug) {
        const post = visible().find((p) => p.slug === decodeURIComponent(bySlug[1]!));
        if (!post)
          return send(404, {
            message: 'Post not found',
            details: { applicationError: { code: 'NOT_FOUND', description: 'Post not found', data: {} } },
          });
        return send(200, { post: restPost(post, fieldsets) });
      }
      const metrics = /^\/v3\/posts\/([^/]+)\/metrics$/.exec(url.pathname);
      if (req.method === 'GET' && metrics) {
        const post = visible().find((p) => p.id === metrics[1]);
        return post
          ? send(200, { metrics: post.metrics })
          : send(404, { message: 'Post not found', details: {} });
      }
      const paged = <T>(items: T[]) => {
        const limit = Number(body?.query?.paging?.limit ?? 50);
        const offset = Number(body?.query?.paging?.offset ?? 0);
        const page = items.slice(offset, offset + limit);
        return {
          page,
          pagingMetadata: {
            count: page.length,
            offset,
            total: items.length,
            tooManyToCount: false,
            hasNext: offset + limit < items.length,
          },
        };
      };
      if (req.method === 'POST' && url.pathname === '/blog/v3/categories/query') {
        const { page, pagingMetadata } = paged(state.categories);
        return send(200, { categories: page, pagingMetadata });
      }
      if (req.method === 'POST' && url.pathname === '/v3/tags/query') {
        const { page, pagingMetadata } = paged(state.tags);
        return send(200, { tags: page, pagingMetadata });
      }
      return send(404, { message: `No route ${req.method} ${url.pathname}`, details: {} });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake = state as WixFake;
  fake.url = `http://127.0.0.1:${port}`;
  fake.blogCalls = () => state.requests.filter((r) => r.path !== '/oauth2/token').length;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
