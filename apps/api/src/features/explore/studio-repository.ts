import { desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { exploreRepository } from './repository.js';
import { blogCategories, blogPosts, blogTags } from './tables.js';

export type StudioPostRow = typeof blogPosts.$inferSelect;
export type StudioPostValues = Pick<
  typeof blogPosts.$inferInsert,
  | 'slug'
  | 'title'
  | 'excerpt'
  | 'author'
  | 'bodyMarkdown'
  | 'contentHtml'
  | 'contentText'
  | 'heroImageUrl'
  | 'heroImageAlt'
  | 'minutesToRead'
>;

/** The studio's reads and writes of built-in posts, drafts and scheduled ones included. */
export function studioPostsRepository(db: DbOrTx) {
  const links = exploreRepository(db);
  return {
    listAll(): Promise<StudioPostRow[]> {
      return db.select().from(blogPosts).orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id));
    },
    async find(id: string): Promise<StudioPostRow | undefined> {
      const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
      return row;
    },
    async findBySlug(slug: string): Promise<StudioPostRow | undefined> {
      const [row] = await db.select().from(blogPosts).where(eq(blogPosts.slug, slug));
      return row;
    },
    /** A new draft; its publish dates are placeholders until it is published. */
    async insertDraft(values: StudioPostValues, now: Date): Promise<StudioPostRow> {
      const [row] = await db
        .insert(blogPosts)
        .values({
          ...values,
          state: 'draft',
          origin: 'studio',
          firstPublishedAt: now,
          lastPublishedAt: now,
          sourceHash: 'studio',
        })
        .returning();
      return row!;
    },
    async update(
      id: string,
      values: Partial<typeof blogPosts.$inferInsert>,
    ): Promise<StudioPostRow | undefined> {
      const [row] = await db
        .update(blogPosts)
        .set({ ...values, origin: 'studio', updatedAt: new Date() })
        .where(eq(blogPosts.id, id))
        .returning();
      return row;
    },
    async categoryIds(slugs: string[]): Promise<Map<string, string>> {
      if (!slugs.length) return new Map();
      const rows = await db
        .select({ id: blogCategories.id, slug: blogCategories.slug })
        .from(blogCategories)
        .where(inArray(blogCategories.slug, slugs));
      return new Map(rows.map((row) => [row.slug, row.id]));
    },
    async tagIds(slugs: string[]): Promise<Map<string, string>> {
      if (!slugs.length) return new Map();
      const rows = await db
        .select({ id: blogTags.id, slug: blogTags.slug })
        .from(blogTags)
        .where(inArray(blogTags.slug, slugs));
      return new Map(rows.map((row) => [row.slug, row.id]));
    },
    setLinks: links.setPostLinks,
    categoriesOf: links.categoriesOf,
    tagsOf: links.tagsOf,
  };
}
