import type {
  Category,
  Image,
  Post,
  PostSummary,
  PostsPage,
  PostsQuery,
  Tag,
} from '@liftoff/contracts/explore';
import { rootOf, searchTerms } from '@liftoff/contracts/explore-search';
import type { Db } from '../../db/client.js';
import { exploreRepository, type PostSummaryRow } from './repository.js';
import { rankBySearch } from './search.js';
import { lastPageOf, MAX_SEARCHED_POSTS, type ExploreSource } from './source.js';

/** The built-in store: posts imported from the content pack into PostgreSQL, views counted here. */
export function builtinSource(db: Db, clock: () => Date = () => new Date()): ExploreSource {
  const repository = exploreRepository(db);

  const heroOf = (row: PostSummaryRow): Image => ({
    url: row.heroImageUrl,
    alt: row.heroImageAlt,
    ...(row.heroImageWidth ? { width: row.heroImageWidth } : {}),
    ...(row.heroImageHeight ? { height: row.heroImageHeight } : {}),
  });

  async function summaries(rows: PostSummaryRow[]): Promise<PostSummary[]> {
    const ids = rows.map((row) => row.id);
    const [categoryRows, tagRows, views] = [
      await repository.categoriesOf(ids),
      await repository.tagsOf(ids),
      await repository.viewCounts(ids),
    ];
    return rows.map((row) => ({
      _id: row.id,
      title: row.title,
      slug: row.slug,
      excerpt: row.excerpt,
      firstPublishedDate: row.firstPublishedAt.toISOString(),
      lastPublishedDate: row.lastPublishedAt.toISOString(),
      url: `/explore/post/${row.slug}`,
      heroImage: heroOf(row),
      minutesToRead: row.minutesToRead,
      categories: categoryRows
        .filter((c) => c.postId === row.id)
        .map((c) => ({ _id: c.id, slug: c.slug, title: c.title, label: c.label })),
      tags: tagRows
        .filter((t) => t.postId === row.id)
        .map((t) => ({ _id: t.id, slug: t.slug, label: t.label })),
      author: { name: row.author },
      featured: row.featured,
      // Only views are counted here (blog_post_views); the content pack's seed numbers are made up and
      // nothing lets a founder like, comment or rate, so those are not shown at all.
      metrics: {
        averageRating: null,
        comments: null,
        likes: null,
        views: views.get(row.id) ?? 0,
        ratings: null,
      },
    }));
  }

  return {
    kind: 'builtin',
    async listCategories(): Promise<Category[]> {
      return (await repository.listCategories()).map((row) => ({
        _id: row.id,
        label: row.label,
        title: row.title,
        slug: row.slug,
      }));
    },
    async listTags(): Promise<Tag[]> {
      return (await repository.listTags()).map((row) => ({ _id: row.id, label: row.label, slug: row.slug }));
    },
    async listPosts(query: PostsQuery): Promise<PostsPage> {
      const filter = { categorySlug: query.category, tagSlug: query.tag, now: clock() };
      const offset = (query.page - 1) * query.limit;
      let total: number;
      let rows: PostSummaryRow[];
      if (query.search !== undefined) {
        const terms = searchTerms(query.search);
        const candidates = terms.length
          ? await repository.searchCandidates(filter, terms.map(rootOf), MAX_SEARCHED_POSTS)
          : [];
        const ranked = rankBySearch(
          candidates,
          terms,
          (c) => ({ title: c.title, excerpt: c.excerpt, body: c.contentText }),
          (c) => c.firstPublishedAt,
        );
        total = ranked.length;
        rows = await repository.findPostsByIds(
          ranked.slice(offset, offset + query.limit).map((candidate) => candidate.id),
        );
      } else {
        total = await repository.countPosts(filter);
        rows = offset < total ? await repository.findPosts(filter, query.limit, offset) : [];
      }
      return {
        posts: await summaries(rows),
        total,
        lastPage: lastPageOf(total, query.limit),
        page: query.page,
        limit: query.limit,
      };
    },
    async getPost(slug: string, viewerId: string): Promise<Post | null> {
      const now = clock();
      const row = await repository.findPublishedBySlug(slug, now);
      if (!row) return null;
      await repository.recordView(row.id, viewerId);
      const [summary] = await summaries([row]);
      const { previous, next } = await repository.neighbours(row, now);
      const hero = heroOf(row);
      return {
        ...summary!,
        translations: [],
        coverMedia: { image: hero },
        media: { image: hero, videoUrl: null, embedUrl: null, displayed: true },
        richContent: null,
        contentHtml: row.contentHtml,
        moderationDetails: null,
        previous,
        next,
      };
    },
  };
}
