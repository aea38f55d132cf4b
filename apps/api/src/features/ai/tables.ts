import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
// Only the users table, for the foreign keys that delete a user's conversations with the account.
import { users } from '../auth/tables.js';

/** PostgreSQL's full-text document type; always a generated column here, never written by the app. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const aiConversations = pgTable(
  'ai_conversations',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** True until a title was generated from the first exchange or set by the user. */
    titlePending: boolean('title_pending').notNull().default(true),
    isArchived: boolean('is_archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Orders the lists: created, restored, renamed or written to moves a session to the top. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    titleSearch: tsvector('title_search').generatedAlwaysAs(sql`to_tsvector('english', title)`),
  },
  (table) => [
    index('ai_conversations_user_list_idx').on(table.userId, table.isArchived, table.lastActivityAt),
    index('ai_conversations_title_search_idx').using('gin', table.titleSearch),
  ],
);

export const aiMessageStatuses = ['COMPLETE', 'STREAMING', 'STOPPED', 'ERROR'] as const;

export const aiMessages = pgTable(
  'ai_messages',
  {
    id: uuid('id').primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => aiConversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    /** turn * 2 for the user message, turn * 2 + 1 for its answers: history order without timestamps. */
    position: integer('position').notNull(),
    /** For an answer: the user message it answers. */
    parentId: uuid('parent_id'),
    version: integer('version').notNull().default(1),
    /** False once a retry made a newer version of this answer. */
    isLatest: boolean('is_latest').notNull().default(true),
    content: text('content').notNull().default(''),
    status: text('status', { enum: aiMessageStatuses }).notNull().default('COMPLETE'),
    error: text('error'),
    /** Set when the model failed and the offline coach answered instead: why the model failed. */
    fallback: text('fallback'),
    followUpQuestions: jsonb('follow_up_questions')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    sources: jsonb('sources')
      .$type<{ kind: string; title: string; url: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Set by POST /chat/stop on any instance; the generating instance polls for it. */
    stopRequestedAt: timestamp('stop_requested_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search').generatedAlwaysAs(sql`to_tsvector('english', content)`),
  },
  (table) => [
    index('ai_messages_conversation_idx').on(table.conversationId, table.position),
    index('ai_messages_user_idx').on(table.userId),
    index('ai_messages_search_idx').using('gin', table.search),
    // History search walks a user's latest messages newest first (a backward scan: `desc` sorts nulls first,
    // so this default order is the one it matches) and stops at its candidate cap, so a broad word never reads
    // every match (docs/decisions/007-ai-coach.md).
    index('ai_messages_user_recent_idx')
      .on(table.userId, table.createdAt, table.id)
      .where(sql`is_latest`),
    index('ai_messages_streaming_idx')
      .on(table.conversationId)
      .where(sql`status = 'STREAMING'`),
  ],
);

export const aiFeedback = pgTable(
  'ai_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => aiMessages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    feedbackType: text('feedback_type', { enum: ['LIKE', 'DISLIKE'] }).notNull(),
    reason: text('reason'),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('ai_feedback_message_user_unique').on(table.messageId, table.userId)],
);

/** The coach's knowledge: the content pack cut into passages, indexed for full-text retrieval. */
export const aiPassages = pgTable('ai_passages', {
  key: text('key').primaryKey(),
  kind: text('kind', { enum: ['step', 'mission', 'milestone', 'question', 'post'] }).notNull(),
  title: text('title').notNull(),
  /** Where it sits, e.g. "Problem & Customer Discovery › Run Mom Test customer interviews". */
  context: text('context').notNull().default(''),
  body: text('body').notNull(),
  url: text('url').notNull(),
  milestoneKey: text('milestone_key'),
  missionKey: text('mission_key'),
  /** `<milestone>/<mission>/<step>` for steps: the key of stepLinks in the coach context. */
  stepKey: text('step_key'),
  hash: text('hash').notNull(),
  search: tsvector('search').generatedAlwaysAs(
    sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', context), 'C') || setweight(to_tsvector('english', body), 'B')`,
  ),
});

/**
 * The passages' inverted index: for each lexeme of a passage's `search` (PostgreSQL's English stemming), the
 * share of ts_rank it adds when a question has that lexeme. Derived data, rebuilt whole by the indexer whenever
 * the passages change, so a question is ranked from a few index rows instead of every matching tsvector.
 */
export const aiPassageTerms = pgTable(
  'ai_passage_terms',
  {
    lexeme: text('lexeme').notNull(),
    passageKey: text('passage_key').notNull(),
    weight: real('weight').notNull(),
  },
  (table) => [primaryKey({ columns: [table.lexeme, table.passageKey] })],
);

/**
 * Facts a founder gave the coach to keep (their customers, a decision, their pricing). Each belongs to its
 * founder alone: only they list, edit or delete it, and only their own conversations read it.
 */
export const aiMemories = pgTable(
  'ai_memories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ai_memories_user_idx').on(table.userId, table.createdAt)],
);
