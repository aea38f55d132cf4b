import type { Category, Post, PostsPage, PostsQuery, Tag } from '@liftoff/contracts/explore';
import { exploreMessages } from '@liftoff/contracts/explore';
import { searchTerms } from '@liftoff/contracts/explore-search';
import { categories as wixCategories, posts as wixPosts, tags as wixTags } from '@wix/blog';
import { createClient, OAuthStrategy } from '@wix/sdk';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { renderRicos } from './ricos.js';
import { rankBySearch } from './search.js';
import { lastPageOf, type ExploreSource } from './source.js';
import { redirectGlobalFetch, redirectingFetch } from './wix-fetch-redirect.js';
import {
  mediaOf,
  moderationOf,
  summaryOf,
  toImage,
  translationsOf,
  type WixPost,
} from './wix-posts-mapping.js';

/*
 * The Wix source: a Wix site's blog through the official SDK (@wix/sdk + @wix/blog) with OAuthStrategy
 * visitor tokens. The strategy keeps the tokens in its storage and renews them (refresh token, else a new
 * anonymous token) only when missing or expired — never per call. Only published posts are visible to a
 * visitor. Answers are cached in memory for WIX_CACHE_SECONDS; failures are not cached.
 */

export interface WixSourceOptions {
  clientId: string;
  cacheSeconds: number;
  /** Sends every *.wixapis.com call to this base instead (tests point it at a local fake). */
  apiBase?: string;
  log?: FastifyBaseLogger;
}

/** Most posts a search or the previous/next index reads (Wix pages are at most 100 posts). */
const MAX_INDEXED_POSTS = 1000;
const WIX_PAGE = 100;

export function wixSource(options: WixSourceOptions): ExploreSource & { close(): void } {
  const base = options.apiBase ? new URL(options.apiBase) : null;
  const release = base ? redirectGlobalFetch(base) : () => {};
  const client = createClient({
    modules: { posts: wixPosts, categories: wixCategories, tags: wixTags },
    auth: OAuthStrategy({ clientId: options.clientId }),
    ...(base ? { fetch: redirectingFetch((input, init) => globalThis.fetch(input, init), base) } : {}),
  });

  // ─── Cache ──────────────────────────────────────────────────────────────────────────────────
  const cache = new Map<string, { expires: number; value: Promise<unknown> }>();
  function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const ttl = options.cacheSeconds * 1000;
    const now = Date.now();
    const hit = cache.get(key);
    if (ttl > 0 && hit && hit.expires > now) return hit.value as Promise<T>;
    const value = load();
    if (ttl > 0) {
      cache.set(key, { expires: now + ttl, value });
      // A failure is not remembered: the next call asks Wix again.
      value.catch(() => {
        if (cache.get(key)?.value === value) cache.delete(key);
      });
    }
    return value;
  }

  /** Any failure of a Wix call → 502 UPSTREAM_FAILED with the message of what the caller asked for. */
  const upstream =
    (message: string) =>
    (error: unknown): never => {
      if (error instanceof AppError && error.code !== 'UPSTREAM_FAILED') throw error;
      if (!(error instanceof AppError)) options.log?.warn({ err: error }, `Wix: ${message}`);
      throw new AppError(502, 'UPSTREAM_FAILED', message);
    };

  // ─── Calls ──────────────────────────────────────────────────────────────────────────────────
  const loadCategories = () =>
    cached('categories', async () => {
      const found: Category[] = [];
      let page = await client.categories.queryCategories().limit(WIX_PAGE).find();
      for (;;) {
        for (const item of page.items) {
          if (item._id && item.slug)
            found.push({
              _id: item._id,
              slug: item.slug,
              title: item.title ?? item.label ?? item.slug,
              label: item.label ?? item.title ?? item.slug,
            });
        }
        if (!page.hasNext() || found.length >= MAX_INDEXED_POSTS) break;
        page = await page.next();
      }
      return found;
    }).catch(upstream(exploreMessages.categoriesFailed));

  const loadTags = () =>
    cached('tags', async () => {
      const found: Tag[] = [];
      let page = await client.tags.queryTags().limit(WIX_PAGE).find();
      for (;;) {
        for (const item of page.items)
          if (item._id && item.slug)
            found.push({ _id: item._id, slug: item.slug, label: item.label ?? item.slug });
        if (!page.hasNext() || found.length >= MAX_INDEXED_POSTS) break;
        page = await page.next();
      }
      return found;
    }).catch(upstream(exploreMessages.tagsFailed));

  const fieldsets = ['URL', 'METRICS'] as const;

  /** One Wix page of published posts, newest first. */
  async function listPage(
    filter: { categoryIds?: string[]; tagIds?: string[] },
    limit: number,
    offset: number,
    withText = false,
  ) {
    const result = await client.posts.listPosts({
      ...filter,
      sort: 'PUBLISHED_DATE_DESC',
      paging: { limit, offset },
      fieldsets: withText ? [...fieldsets, 'CONTENT_TEXT'] : [...fieldsets],
    });
    const posts = (result.posts ?? []) as WixPost[];
    return { posts, total: result.metaData?.total ?? offset + posts.length };
  }

  /** Every published post matching a filter (bounded), for search and previous/next. */
  function allPosts(filter: { categoryIds?: string[]; tagIds?: string[] }, withText: boolean) {
    return cached(`all:${JSON.stringify(filter)}:${withText}`, async () => {
      const found: WixPost[] = [];
      for (let offset = 0; offset < MAX_INDEXED_POSTS; offset += WIX_PAGE) {
        const page = await listPage(filter, WIX_PAGE, offset, withText);
        found.push(...page.posts);
        if (!page.posts.length || found.length >= page.total) break;
      }
      return found;
    });
  }

  async function resolveFilter(
    query: PostsQuery,
  ): Promise<{ categoryIds?: string[]; tagIds?: string[] } | null> {
    const filter: { categoryIds?: string[]; tagIds?: string[] } = {};
    if (query.category) {
      const match = (await loadCategories()).find((c) => c.slug === query.category);
      if (!match) return null;
      filter.categoryIds = [match._id];
    }
    if (query.tag) {
      const match = (await loadTags()).find((t) => t.slug === query.tag);
      if (!match) return null;
      filter.tagIds = [match._id];
    }
    return filter;
  }

  return {
    kind: 'wix',
    listCategories: loadCategories,
    listTags: loadTags,

    listPosts: (query: PostsQuery) => listPosts(query).catch(upstream(exploreMessages.postsFailed)),
    getPost: (slug: string) => getPost(slug).catch(upstream(exploreMessages.postFailed)),
    close: release,
  };

  async function listPosts(query: PostsQuery): Promise<PostsPage> {
    const empty: PostsPage = { posts: [], total: 0, lastPage: 0, page: query.page, limit: query.limit };
    const filter = await resolveFilter(query);
    if (!filter) return empty;
    const [categoryList, tagList] = [await loadCategories(), await loadTags()];
    const offset = (query.page - 1) * query.limit;
    const page = await cached(
      `posts:${JSON.stringify({ filter, search: query.search ?? '', limit: query.limit, offset })}`,
      async () => {
        if (!query.search) return listPage(filter, query.limit, offset);
        // Wix's List Posts has no text search: rank the (cached) posts here, as the built-in store does.
        const matches = rankBySearch(
          await allPosts(filter, true),
          searchTerms(query.search),
          (post) => ({ title: post.title ?? '', excerpt: post.excerpt ?? '', body: post.contentText ?? '' }),
          (post) => post.firstPublishedDate ?? 0,
        );
        return { posts: matches.slice(offset, offset + query.limit), total: matches.length };
      },
    );
    return {
      posts: page.posts.map((post) => summaryOf(post, categoryList, tagList)),
      total: page.total,
      lastPage: lastPageOf(page.total, query.limit),
      page: query.page,
      limit: query.limit,
    };
  }

  async function getPost(slug: string): Promise<Post | null> {
    const [categoryList, tagList] = [await loadCategories(), await loadTags()];
    const found = await cached(`post:${slug}`, async () => {
      let post: WixPost | undefined;
      try {
        post = (await client.posts.getPostBySlug(slug, { fieldsets: ['URL', 'METRICS', 'RICH_CONTENT'] }))
          .post as WixPost | undefined;
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
      if (!post?._id) return null;
      if (!post.metrics)
        post = { ...post, metrics: (await client.posts.getPostMetrics(post._id)).metrics ?? {} };
      const index = await allPosts({}, false);
      const at = index.findIndex((p) => p._id === post._id);
      const link = (p: WixPost | undefined) => (p?.slug ? { slug: p.slug, title: p.title ?? '' } : null);
      return {
        post,
        previous: at >= 0 ? link(index[at + 1]) : null,
        next: at > 0 ? link(index[at - 1]) : null,
      };
    });
    if (!found) return null;
    const { post } = found;
    const summary = summaryOf(post, categoryList, tagList);
    const cover = post.coverMedia?.image
      ? toImage(post.coverMedia.image, post.coverMedia.altText ?? summary.title)
      : null;
    const richContent =
      post.richContent && Array.isArray(post.richContent.nodes)
        ? (post.richContent as Post['richContent'])
        : null;
    return {
      ...summary,
      translations: translationsOf(post),
      coverMedia: { image: cover ?? summary.heroImage },
      media: mediaOf(post),
      richContent,
      contentHtml: renderRicos(richContent),
      moderationDetails: moderationOf(post),
      previous: found.previous,
      next: found.next,
    };
  }
}

/** The HTTP status of an SDK error, when it carries one. */
function statusOf(error: unknown): number | undefined {
  const e = error as {
    response?: { status?: number };
    details?: { applicationError?: unknown };
    status?: number;
    httpStatus?: number;
  };
  return e?.response?.status ?? e?.status ?? e?.httpStatus;
}
