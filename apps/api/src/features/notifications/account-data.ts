import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { personalRows } from '../../lib/personal-rows.js';
import { notificationPreferences, notifications } from './tables.js';

/** One founder's notification centre and mail choices, for their data export. */
export function notificationsAccountData(db: Db) {
  return {
    async sections(userId: string) {
      const entries = await db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(asc(notifications.createdAt));
      const [preferences] = await db
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId));
      return {
        notifications: personalRows(entries),
        notificationPreferences: preferences ? personalRows([preferences])[0]! : null,
      };
    },
  };
}
