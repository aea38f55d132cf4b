import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** An attachment as the outbox keeps it (small files only: calendar invites). */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  /** Base64 of the bytes. */
  content: string;
}

/** Development outbox: mails kept when no SMTP server is configured (api-contract.md "Running it"). */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attachments: jsonb('attachments')
      .$type<OutboxAttachment[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('dev_outbox_to_created_idx').on(table.to, table.createdAt)],
);

/** What an outbox row carries: a rendered mail, or a request whose mail is made when it is sent. */
export type OutboxPayload =
  { subject: string; text: string; html: string; attachments: OutboxAttachment[] } | Record<string, never>;

/**
 * Every mail, written in the transaction of what caused it and sent by the outbox worker (decision 027):
 * a crash after the answer loses no mail, a failed send is retried with backoff, and instances claim rows
 * with a lease (`FOR UPDATE SKIP LOCKED`) so none is sent twice.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `mail` (rendered), or a kind whose handler renders it at send time (`password-reset`). */
    kind: text('kind').notNull().default('mail'),
    to: text('to').notNull(),
    payload: jsonb('payload').$type<OutboxPayload>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Claimed by a worker until then; a worker that died lets the lease run out and another sends it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Given up after the last attempt; kept for the record. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('mail_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
  ],
);
