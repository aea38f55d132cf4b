import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Development outbox: mails kept when no SMTP server is configured (api-contract.md "Running it"). */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('dev_outbox_to_created_idx').on(table.to, table.createdAt)],
);
