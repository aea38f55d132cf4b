import type { NotificationIcon, NotificationKind } from '@liftoff/contracts/notifications';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.js';

/** One entry of a person's notification centre, written from an event (its words fixed when it happened). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    icon: text('icon').$type<NotificationIcon>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_created_idx').on(table.userId, table.createdAt),
    // The bell's count reads only the unread rows.
    index('notifications_user_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
  ],
);

/** The kinds a person turned e-mails off for; every kind is mailed unless listed here. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailOff: text('email_off')
    .array()
    .$type<NotificationKind[]>()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
