import { envelope } from '@liftoff/contracts/common';
import {
  ALL_CATEGORY,
  categories,
  exploreMessages,
  post,
  postSlugParams,
  postsPage,
  postsQuery,
  tags,
  type Category,
  type PostsPage,
} from '@liftoff/contracts/explore';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { notFound } from '../../lib/errors.js';
import { principalOf } from '../../plugins/auth-guard.js';
import { builtinSource } from './builtin-source.js';
import { importBlog } from './import.js';
import type { ExploreSource } from './source.js';
import { wixSource } from './wix-source.js';

const tagsDoc = ['explore'];

/** Each post names the category the list is filtered on first, so its card shows that one. */
function filteredCategoryFirst(page: PostsPage, slug: string | undefined): PostsPage {
  if (!slug) return page;
  const rank = (category: Category) => (category.slug === slug ? 0 : 1);
  return {
    ...page,
    posts: page.posts.map((p) => ({
      ...p,
      categories: [...p.categories].sort((a, b) => rank(a) - rank(b)),
    })),
  };
}

/**
 * The explore blog (api-contract.md "Experts, explore"). Imports the built-in blog on start (after the
 * migrations; CONTENT_IMPORT=false skips it) and serves whichever source is configured.
 */
export async function exploreRoutes(app: FastifyInstance, options: { source?: ExploreSource } = {}) {
  if (app.config.CONTENT_IMPORT) {
    const result = await importBlog(app.db);
    app.log.info({ blog: result }, 'blog content imported');
  }
  let source = options.source;
  if (!source && app.config.WIX_CLIENT_ID) {
    const wix = wixSource({
      clientId: app.config.WIX_CLIENT_ID,
      cacheSeconds: app.config.WIX_CACHE_SECONDS,
      apiBase: app.config.WIX_API_BASE,
      log: app.log,
    });
    app.addHook('onClose', async () => wix.close());
    source = wix;
  }
  source ??= builtinSource(app.db);

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/explore/categories',
    {
      // The blog platform may fail (502) when posts come from it.
      config: { errors: [502] },
      schema: {
        tags: tagsDoc,
        summary: 'Blog categories, the synthetic "all" entry first',
        response: { 200: envelope(categories) },
      },
    },
    async () => ok(exploreMessages.categories, [ALL_CATEGORY, ...(await source.listCategories())]),
  );

  r.get(
    '/api/explore/tags',
    {
      // The blog platform may fail (502) when posts come from it.
      config: { errors: [502] },
      schema: { tags: tagsDoc, summary: 'Blog tags', response: { 200: envelope(tags) } },
    },
    async () => ok(exploreMessages.tags, await source.listTags()),
  );

  r.get(
    '/api/explore/posts',
    {
      // The blog platform may fail (502) when posts come from it.
      config: { errors: [502] },
      schema: {
        tags: tagsDoc,
        summary:
          'Published posts, newest first (a search: most relevant first), paged; filter by category slug ("all" = none), tag slug, text',
        querystring: postsQuery,
        response: { 200: envelope(postsPage) },
      },
    },
    async (request) => {
      const query = {
        ...request.query,
        category: request.query.category === ALL_CATEGORY.slug ? undefined : request.query.category,
      };
      const page = await source.listPosts(query);
      return ok(exploreMessages.posts, filteredCategoryFirst(page, query.category));
    },
  );

  r.get(
    '/api/explore/posts/:slug',
    {
      // The blog platform may fail (502) when posts come from it.
      config: { errors: [502] },
      schema: {
        tags: tagsDoc,
        summary:
          'One post by slug, with its metrics and neighbours; counts a view (once per user per post per day)',
        params: postSlugParams,
        response: { 200: envelope(post) },
      },
    },
    async (request) => {
      const found = await source.getPost(request.params.slug, principalOf(request).userId);
      if (!found) throw notFound(exploreMessages.postNotFound);
      return ok(exploreMessages.post, found);
    },
  );
}
