import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
