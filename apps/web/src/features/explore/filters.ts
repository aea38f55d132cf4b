import { ALL_CATEGORY, EXPLORE_SEARCH_MAX } from '@liftoff/contracts/explore';
import { buildPath } from '../../config/paths';

/**
 * The explore list's state lives in the URL, never in Redux: `/explore/{page?}?category&tag&search`.
 * These helpers turn the URL into filters and back, so links (pagination, chips, tag links on an
 * article) and the address bar always agree.
 */
export type ExploreFilters = {
  page: number;
  /** A category slug; undefined means every category (the synthetic "all"). */
  category?: string;
  tag?: string;
  search?: string;
};

export type ParsedFilters = {
  filters: ExploreFilters;
  /** The URL this state should have; differs from the current one when the URL was not canonical. */
  canonicalUrl: string;
};

function clean(value: string | null | undefined, max = 100): string | undefined {
  const trimmed = value?.trim().slice(0, max);
  return trimmed ? trimmed : undefined;
}

/** Reads `page` (the path segment) and the query. Anything unusable falls back to the default. */
export function parseFilters(pageParam: string | undefined, query: URLSearchParams): ParsedFilters {
  const pageNumber = pageParam && /^\d{1,6}$/.test(pageParam) ? Number(pageParam) : 1;
  const category = clean(query.get('category'));
  const filters: ExploreFilters = {
    page: pageNumber >= 1 ? pageNumber : 1,
    category: category === ALL_CATEGORY.slug ? undefined : category,
    tag: clean(query.get('tag')),
    search: clean(query.get('search'), EXPLORE_SEARCH_MAX),
  };
  return { filters, canonicalUrl: exploreUrl(filters) };
}

/** The list URL for these filters: page 1 and the "all" category stay out of the address. */
export function exploreUrl(filters: Partial<ExploreFilters>): string {
  const query = new URLSearchParams();
  if (filters.category && filters.category !== ALL_CATEGORY.slug) query.set('category', filters.category);
  if (filters.tag) query.set('tag', filters.tag);
  if (filters.search) query.set('search', filters.search);
  const suffix = query.toString();
  return `${buildPath.explore(filters.page)}${suffix ? `?${suffix}` : ''}`;
}

/** Changing any filter starts again at page 1; the page link keeps every filter. */
export function withFilter(current: ExploreFilters, change: Partial<Omit<ExploreFilters, 'page'>>): string {
  return exploreUrl({ ...current, ...change, page: 1 });
}

export function pageUrl(current: ExploreFilters, page: number): string {
  return exploreUrl({ ...current, page });
}

export function hasFilters(filters: ExploreFilters): boolean {
  return Boolean(filters.category || filters.tag || filters.search);
}

/** The query of GET /api/explore/posts (only the keys that are set). */
export type PostsArgs = { page: number; limit: number; category?: string; tag?: string; search?: string };

export function postsQueryOf(filters: ExploreFilters, limit: number): PostsArgs {
  return {
    page: filters.page,
    limit,
    ...(filters.category ? { category: filters.category } : {}),
    ...(filters.tag ? { tag: filters.tag } : {}),
    ...(filters.search ? { search: filters.search } : {}),
  };
}

/** "Showing 13–21 of 21 articles" for the live results summary. */
export function resultsSummary(total: number, page: number, limit: number, shown: number): string {
  if (total === 0) return 'No articles';
  const noun = total === 1 ? 'article' : 'articles';
  // A page past the last one: say there are articles, just not here.
  if (shown === 0) return `${total} ${noun}, none on page ${page}`;
  const first = (page - 1) * limit + 1;
  const last = first + shown - 1;
  return first === 1 && last === total ? `${total} ${noun}` : `Showing ${first}–${last} of ${total} ${noun}`;
}
