import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const featureFlags = pgTable('feature_flags', {
  key: text('key').primaryKey(),
  isEnabled: boolean('is_enabled').notNull(),
  description: text('description').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
