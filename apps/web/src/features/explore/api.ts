import type { Category, Post, PostsPage, Tag } from '@liftoff/contracts/explore';
import { exploreMessages } from '@liftoff/contracts/explore';
import { api } from '../../lib/api';
import type { PostsArgs } from './filters';

const exploreBase = api.enhanceEndpoints({ addTagTypes: ['ExploreTaxonomy', 'ExplorePost'] });

/**
 * The explore blog (api-contract.md "Experts, explore"). The list and the article show their failures
 * inline with a retry, so those calls do not toast; category and tag failures use the spec's toast.
 * No success toasts: 'Posts Fetched Successfully.' on every page change would only be noise.
 */
export const exploreApi = exploreBase.injectEndpoints({
  endpoints: (build) => ({
    exploreCategories: build.query<Category[], void>({
      query: () => ({ url: '/explore/categories', method: 'GET', headerType: 'authorization' }),
      extraOptions: { fallbackError: exploreMessages.categoriesFailed },
      providesTags: [{ type: 'ExploreTaxonomy', id: 'categories' }],
      keepUnusedDataFor: 600,
    }),
    exploreTags: build.query<Tag[], void>({
      query: () => ({ url: '/explore/tags', method: 'GET', headerType: 'authorization' }),
      extraOptions: { fallbackError: exploreMessages.tagsFailed },
      providesTags: [{ type: 'ExploreTaxonomy', id: 'tags' }],
      keepUnusedDataFor: 600,
    }),
    explorePosts: build.query<PostsPage, PostsArgs>({
      query: (params) => ({ url: '/explore/posts', method: 'GET', headerType: 'authorization', params }),
      extraOptions: { fallbackError: exploreMessages.postsFailed, silent: true },
      providesTags: (result) => [
        { type: 'ExplorePost', id: 'LIST' },
        ...(result?.posts ?? []).map((post) => ({ type: 'ExplorePost' as const, id: post.slug })),
      ],
    }),
    explorePost: build.query<Post, string>({
      query: (slug) => ({
        url: `/explore/posts/${encodeURIComponent(slug)}`,
        method: 'GET',
        headerType: 'authorization',
      }),
      extraOptions: { fallbackError: exploreMessages.postFailed, silent: true },
      providesTags: (_result, _error, slug) => [{ type: 'ExplorePost', id: slug }],
    }),
  }),
});

export const { useExploreCategoriesQuery, useExploreTagsQuery, useExplorePostsQuery, useExplorePostQuery } =
  exploreApi;
