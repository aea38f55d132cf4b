import type { FeedbackBody, Setting, SupportStatus } from '@liftoff/contracts/support';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
// Only the users table, for foreign keys that delete a founder's requests and messages with the account
// (the same exception as features/ai/tables.ts).
import { users } from '../auth/tables.js';

// Spelled out (not imported) so drizzle-kit can read this file without the contracts' build.
const feedbackKinds = ['CONTACT_US', 'TUTORIAL'] as const satisfies readonly FeedbackBody['kind'][];
const supportStatuses = ['new', 'answered', 'closed'] as const satisfies readonly SupportStatus[];

/** content/popular-questions.yaml, upserted by key on every import (keys no longer in the pack are removed). */
export const popularQuestions = pgTable(
  'popular_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    milestoneKey: text('milestone_key').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    askCount: integer('ask_count').notNull(),
    /** The expert question the program team promoted into the list; null for the content pack's entries. */
    promotedFrom: uuid('promoted_from'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('popular_questions_key_unique').on(table.key),
    index('popular_questions_milestone_idx').on(table.milestoneKey, table.askCount),
  ],
);
export type PopularQuestionRow = typeof popularQuestions.$inferSelect;

/** content/settings/*.yaml, one row per type (CONTACT_US, TUTORIAL), validated on import. */
export const settings = pgTable('settings', {
  type: text('type').primaryKey(),
  value: jsonb('value').$type<Setting>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Messages from the support modal; each is also e-mailed to SUPPORT_EMAIL. */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: feedbackKinds }).notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    page: text('page'),
    /** The sender's address when they wrote (replies go there). */
    email: text('email').notNull(),
    /** Where the program team's inbox has it: new until answered, closed when nothing more is due. */
    status: text('status', { enum: supportStatuses }).notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('feedback_user_idx').on(table.userId, table.createdAt),
    index('feedback_status_idx').on(table.status, table.createdAt),
  ],
);
export type FeedbackRow = typeof feedback.$inferSelect;

/** The program team's answers to a support message, each also e-mailed to the sender. */
export const feedbackReplies = pgTable(
  'feedback_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    feedbackId: uuid('feedback_id')
      .notNull()
      .references(() => feedback.id, { onDelete: 'cascade' }),
    /** Who answered; kept as null when their account is gone. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('feedback_replies_feedback_idx').on(table.feedbackId, table.createdAt)],
);
export type FeedbackReplyRow = typeof feedbackReplies.$inferSelect;
