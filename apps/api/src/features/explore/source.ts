import type { Category, Post, PostsPage, PostsQuery, Tag } from '@liftoff/contracts/explore';

/**
 * Where the explore blog comes from: the built-in store (default) or a Wix site's blog (WIX_CLIENT_ID).
 * Both answer the contract shapes of @liftoff/contracts/explore. Categories here are the real ones only;
 * the routes prepend the synthetic "all" entry. Failures of an upstream surface as AppError (502).
 */
export interface ExploreSource {
  readonly kind: 'builtin' | 'wix';
  listCategories(): Promise<Category[]>;
  listTags(): Promise<Tag[]>;
  /** `query.category` is a real category slug (the routes turn "all" into no filter). */
  listPosts(query: PostsQuery): Promise<PostsPage>;
  /** The published post, or null. `viewerId` is counted as a view when the source counts views itself. */
  getPost(slug: string, viewerId: string): Promise<Post | null>;
}

/** lastPage = ceil(total / limit) (spec section 9). */
export const lastPageOf = (total: number, limit: number) => Math.ceil(total / limit);

/** A search ranks at most this many posts (the newest that contain a search word). */
export const MAX_SEARCHED_POSTS = 1000;
