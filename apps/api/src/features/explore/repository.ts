import { and, asc, desc, eq, gt, inArray, lt, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  blogCategories,
  blogPostCategories,
  blogPosts,
  blogPostTags,
  blogPostViews,
  blogTags,
} from './tables.js';

export type PostRecord = Omit<typeof blogPosts.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type PostRow = typeof blogPosts.$inferSelect;
export type CategoryRow = typeof blogCategories.$inferSelect;
export type TagRow = typeof blogTags.$inferSelect;

export interface PostFilter {
  categorySlug?: string;
  tagSlug?: string;
  now: Date;
}

/** What search ranks a post by (see search.ts). */
export type SearchCandidate = {
  id: string;
  title: string;
  excerpt: string;
  contentText: string;
  firstPublishedAt: Date;
};

/** The columns a card needs (no bodies). */
const summaryColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  author: blogPosts.author,
  heroImageUrl: blogPosts.heroImageUrl,
  heroImageAlt: blogPosts.heroImageAlt,
  heroImageWidth: blogPosts.heroImageWidth,
  heroImageHeight: blogPosts.heroImageHeight,
  featured: blogPosts.featured,
  firstPublishedAt: blogPosts.firstPublishedAt,
  lastPublishedAt: blogPosts.lastPublishedAt,
  minutesToRead: blogPosts.minutesToRead,
  seedViews: blogPosts.seedViews,
  likes: blogPosts.likes,
  comments: blogPosts.comments,
  ratings: blogPosts.ratings,
  averageRating: blogPosts.averageRating,
};
export type PostSummaryRow = {
  [K in keyof typeof summaryColumns]: PostRow[K extends keyof PostRow ? K : never];
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What founders may see: published, and its publish time has come (a later one is scheduled). */
export const visibleAt = (now: Date) =>
  and(eq(blogPosts.state, 'published'), lte(blogPosts.firstPublishedAt, now))!;

function filterCondition(filter: PostFilter): SQL {
  const conditions: SQL[] = [visibleAt(filter.now)];
  if (filter.categorySlug) {
    conditions.push(sql`exists (select 1 from ${blogPostCategories} join ${blogCategories} on ${blogCategories.id} = ${blogPostCategories.categoryId}
      where ${blogPostCategories.postId} = ${blogPosts.id} and ${blogCategories.slug} = ${filter.categorySlug})`);
  }
  if (filter.tagSlug) {
    conditions.push(sql`exists (select 1 from ${blogPostTags} join ${blogTags} on ${blogTags.id} = ${blogPostTags.tagId}
      where ${blogPostTags.postId} = ${blogPosts.id} and ${blogTags.slug} = ${filter.tagSlug})`);
  }
  return and(...conditions)!;
}

export function exploreRepository(db: DbOrTx) {
  return {
    // ─── Import ─────────────────────────────────────────────────────────────────────────────
    async upsertCategories(
      rows: { slug: string; title: string; label: string; description: string; position: number }[],
    ) {
      const ids = new Map<string, string>();
      for (const row of rows) {
        const [saved] = await db
          .insert(blogCategories)
          .values(row)
          .onConflictDoUpdate({
            target: blogCategories.slug,
            set: {
              title: row.title,
              label: row.label,
              description: row.description,
              position: row.position,
              updatedAt: new Date(),
            },
          })
          .returning({ id: blogCategories.id });
        ids.set(row.slug, saved!.id);
      }
      return ids;
    },
    async upsertTags(rows: { slug: string; label: string; position: number }[]) {
      const ids = new Map<string, string>();
      for (const row of rows) {
        const [saved] = await db
          .insert(blogTags)
          .values(row)
          .onConflictDoUpdate({
            target: blogTags.slug,
            set: { label: row.label, position: row.position, updatedAt: new Date() },
          })
          .returning({ id: blogTags.id });
        ids.set(row.slug, saved!.id);
      }
      return ids;
    },
    async postHashes(): Promise<Map<string, string>> {
      const rows = await db.select({ slug: blogPosts.slug, hash: blogPosts.sourceHash }).from(blogPosts);
      return new Map(rows.map((row) => [row.slug, row.hash]));
    },
    /** Slugs the studio owns: the pack import leaves these posts as the team left them. */
    async studioSlugs(): Promise<Set<string>> {
      const rows = await db
        .select({ slug: blogPosts.slug })
        .from(blogPosts)
        .where(eq(blogPosts.origin, 'studio'));
      return new Set(rows.map((row) => row.slug));
    },
    /** Inserts or updates by slug. Seed metrics are written once; counted views live in blog_post_views. */
    async upsertPost(record: PostRecord): Promise<string> {
      const {
        seedViews: _views,
        likes: _likes,
        comments: _comments,
        ratings: _ratings,
        averageRating: _rating,
        slug: _slug,
        ...content
      } = record;
      const [saved] = await db
        .insert(blogPosts)
        .values(record)
        .onConflictDoUpdate({ target: blogPosts.slug, set: { ...content, updatedAt: new Date() } })
        .returning({ id: blogPosts.id });
      return saved!.id;
    },
    async setPostLinks(postId: string, categoryIds: string[], tagIds: string[]) {
      await db.delete(blogPostCategories).where(eq(blogPostCategories.postId, postId));
      await db.delete(blogPostTags).where(eq(blogPostTags.postId, postId));
      if (categoryIds.length) {
        await db
          .insert(blogPostCategories)
          .values(categoryIds.map((categoryId, position) => ({ postId, categoryId, position })));
      }
      if (tagIds.length)
        await db.insert(blogPostTags).values(tagIds.map((tagId, position) => ({ postId, tagId, position })));
    },
    async removePostsExcept(slugs: string[]): Promise<number> {
      const removed = await db
        .delete(blogPosts)
        .where(and(notInArray(blogPosts.slug, slugs), eq(blogPosts.origin, 'pack')))
        .returning({ id: blogPosts.id });
      return removed.length;
    },
    async removeCategoriesExcept(slugs: string[]) {
      await db.delete(blogCategories).where(notInArray(blogCategories.slug, slugs));
    },
    async removeTagsExcept(slugs: string[]) {
      await db.delete(blogTags).where(notInArray(blogTags.slug, slugs));
    },

    // ─── Reading ────────────────────────────────────────────────────────────────────────────
    listCategories(): Promise<CategoryRow[]> {
      return db.select().from(blogCategories).orderBy(asc(blogCategories.position), asc(blogCategories.slug));
    },
    listTags(): Promise<TagRow[]> {
      return db.select().from(blogTags).orderBy(asc(blogTags.position), asc(blogTags.slug));
    },
    async countPosts(filter: PostFilter): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(blogPosts)
        .where(filterCondition(filter));
      return Number(row?.count ?? 0);
    },
    /** Newest first; ties (not expected: dates are unique) broken by slug so pages never overlap. */
    findPosts(filter: PostFilter, limit: number, offset: number): Promise<PostSummaryRow[]> {
      return db
        .select(summaryColumns)
        .from(blogPosts)
        .where(filterCondition(filter))
        .orderBy(desc(blogPosts.firstPublishedAt), asc(blogPosts.slug))
        .limit(limit)
        .offset(offset);
    },
    /**
     * The posts whose title, excerpt or body contains one of these roots (the part every form of a
     * search word starts with), newest first, with the text search ranks them by. Bounded: a search
     * looks at the newest `limit` candidates.
     */
    searchCandidates(filter: PostFilter, roots: string[], limit: number): Promise<SearchCandidate[]> {
      const text = sql`(${blogPosts.title} || ' ' || ${blogPosts.excerpt} || ' ' || ${blogPosts.contentText})`;
      const anyRoot = or(...roots.map((root) => sql`${text} ilike ${`%${escapeLike(root)}%`}`))!;
      return db
        .select({
          id: blogPosts.id,
          title: blogPosts.title,
          excerpt: blogPosts.excerpt,
          contentText: blogPosts.contentText,
          firstPublishedAt: blogPosts.firstPublishedAt,
        })
        .from(blogPosts)
        .where(and(filterCondition(filter), anyRoot))
        .orderBy(desc(blogPosts.firstPublishedAt), asc(blogPosts.slug))
        .limit(limit);
    },
    /** Cards for these posts, in the order of `ids`. */
    async findPostsByIds(ids: string[]): Promise<PostSummaryRow[]> {
      if (!ids.length) return [];
      const rows = await db.select(summaryColumns).from(blogPosts).where(inArray(blogPosts.id, ids));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
    async findPublishedBySlug(slug: string, now: Date): Promise<PostRow | null> {
      const [row] = await db
        .select()
        .from(blogPosts)
        .where(and(eq(blogPosts.slug, slug), visibleAt(now)));
      return row ?? null;
    },
    /** The published posts just before (older) and after (newer) a date. */
    async neighbours(post: { firstPublishedAt: Date; slug: string }, now: Date) {
      const [older] = await db
        .select({ slug: blogPosts.slug, title: blogPosts.title })
        .from(blogPosts)
        .where(and(lt(blogPosts.firstPublishedAt, post.firstPublishedAt), visibleAt(now)))
        .orderBy(desc(blogPosts.firstPublishedAt))
        .limit(1);
      const [newer] = await db
        .select({ slug: blogPosts.slug, title: blogPosts.title })
        .from(blogPosts)
        .where(and(gt(blogPosts.firstPublishedAt, post.firstPublishedAt), visibleAt(now)))
        .orderBy(asc(blogPosts.firstPublishedAt))
        .limit(1);
      return { previous: older ?? null, next: newer ?? null };
    },
    async categoriesOf(postIds: string[]) {
      if (!postIds.length) return [];
      return db
        .select({
          postId: blogPostCategories.postId,
          id: blogCategories.id,
          slug: blogCategories.slug,
          title: blogCategories.title,
          label: blogCategories.label,
        })
        .from(blogPostCategories)
        .innerJoin(blogCategories, eq(blogCategories.id, blogPostCategories.categoryId))
        .where(inArray(blogPostCategories.postId, postIds))
        .orderBy(asc(blogPostCategories.position));
    },
    async tagsOf(postIds: string[]) {
      if (!postIds.length) return [];
      return db
        .select({ postId: blogPostTags.postId, id: blogTags.id, slug: blogTags.slug, label: blogTags.label })
        .from(blogPostTags)
        .innerJoin(blogTags, eq(blogTags.id, blogPostTags.tagId))
        .where(inArray(blogPostTags.postId, postIds))
        .orderBy(asc(blogPostTags.position));
    },
    /** Counted views (one per user per post per UTC day) per post. */
    async viewCounts(postIds: string[]): Promise<Map<string, number>> {
      if (!postIds.length) return new Map();
      const rows = await db
        .select({ postId: blogPostViews.postId, count: sql<number>`count(*)::int` })
        .from(blogPostViews)
        .where(inArray(blogPostViews.postId, postIds))
        .groupBy(blogPostViews.postId);
      return new Map(rows.map((row) => [row.postId, Number(row.count)]));
    },
    /** Records today's (UTC) view; a second view by the same user the same day changes nothing. */
    async recordView(postId: string, userId: string): Promise<boolean> {
      const rows = await db
        .insert(blogPostViews)
        .values({ postId, userId, day: sql`(now() at time zone 'utc')::date` })
        .onConflictDoNothing()
        .returning({ postId: blogPostViews.postId });
      return rows.length > 0;
    },
  };
}
