import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.js';

/** The text the built-in blog search looks in; the expression must match the GIN index below exactly. */
export const blogSearchDocument = sql`to_tsvector('english', coalesce(title, '') || ' ' || coalesce(excerpt, '') || ' ' || coalesce(content_text, ''))`;

export const blogCategories = pgTable('blog_categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  label: text('label').notNull(),
  description: text('description').notNull().default(''),
  position: integer('position').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const blogTags = pgTable('blog_tags', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  label: text('label').notNull(),
  position: integer('position').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    author: text('author').notNull(),
    /** The Markdown source, rendered into `contentHtml` (sanitized) and `contentText` (for search). */
    bodyMarkdown: text('body_markdown').notNull(),
    contentHtml: text('content_html').notNull(),
    contentText: text('content_text').notNull(),
    heroImageUrl: text('hero_image_url').notNull(),
    heroImageAlt: text('hero_image_alt').notNull(),
    heroImageWidth: integer('hero_image_width'),
    heroImageHeight: integer('hero_image_height'),
    featured: boolean('featured').notNull().default(false),
    /** Founders see a post only when it is published and `firstPublishedAt` has come (a later one is scheduled). */
    state: text('state', { enum: ['draft', 'published'] })
      .notNull()
      .default('published'),
    /** `studio` posts were written or edited in the studio: the pack import neither removes nor overwrites them. */
    origin: text('origin', { enum: ['pack', 'studio'] })
      .notNull()
      .default('pack'),
    firstPublishedAt: timestamp('first_published_at', { withTimezone: true }).notNull(),
    lastPublishedAt: timestamp('last_published_at', { withTimezone: true }).notNull(),
    minutesToRead: integer('minutes_to_read').notNull(),
    /** Seed metrics from the front matter, imported once; counted views are added from blog_post_views. */
    seedViews: integer('seed_views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    ratings: integer('ratings').notNull().default(0),
    averageRating: doublePrecision('average_rating').notNull().default(0),
    /** Hash of the source file: a re-import skips unchanged posts. */
    sourceHash: text('source_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('blog_posts_published_idx').on(table.firstPublishedAt),
    index('blog_posts_search_idx').using('gin', blogSearchDocument),
  ],
);

export const blogPostCategories = pgTable(
  'blog_post_categories',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => blogCategories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.categoryId] }),
    index('blog_post_categories_category_idx').on(table.categoryId),
  ],
);

export const blogPostTags = pgTable(
  'blog_post_tags',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => blogTags.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.tagId] }),
    index('blog_post_tags_tag_idx').on(table.tagId),
  ],
);

/** One row per user per post per UTC day: the primary key makes a second view that day a no-op. */
export const blogPostViews = pgTable(
  'blog_post_views',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    /** The viewer. No foreign key to users (features never import each other): a view, once counted, stays. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.userId, table.day] })],
);
