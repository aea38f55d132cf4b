import type { Notification, NotificationIcon, NotificationKind } from '@liftoff/contracts/notifications';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { notificationPreferences, notifications } from './tables.js';

type Row = typeof notifications.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toNotification(row: Row): Notification {
  return {
    id: row.id,
    kind: row.kind,
    icon: row.icon,
    title: row.title,
    body: row.body,
    link: row.link,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every query is scoped by the owner's id: another person's notification is simply not found. */
export function notificationsRepository(db: DbOrTx) {
  const unreadOf = (userId: string) => and(eq(notifications.userId, userId), isNull(notifications.readAt));
  return {
    async insert(values: {
      userId: string;
      kind: NotificationKind;
      icon: NotificationIcon;
      title: string;
      body: string;
      link: string;
    }) {
      const [row] = await db.insert(notifications).values(values).returning();
      return row!;
    },
    async list(userId: string, options: { unreadOnly: boolean; page: number; pageSize: number }) {
      const where = options.unreadOnly ? unreadOf(userId) : eq(notifications.userId, userId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(options.pageSize)
          .offset((options.page - 1) * options.pageSize),
        db.select({ value: count() }).from(notifications).where(where),
      ]);
      return { rows, total: Number(total?.value ?? 0) };
    },
    async unread(userId: string): Promise<number> {
      const [row] = await db.select({ value: count() }).from(notifications).where(unreadOf(userId));
      return Number(row?.value ?? 0);
    },
    /** Marks it read (keeping the first read time); undefined when it is not the person's. */
    async markRead(userId: string, id: string) {
      if (!UUID.test(id)) return undefined;
      const [row] = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning();
      return row;
    },
    async markAllRead(userId: string): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(unreadOf(userId))
        .returning({ id: notifications.id });
      return rows.length;
    },
    async emailOff(userId: string): Promise<NotificationKind[]> {
      const [row] = await db
        .select({ emailOff: notificationPreferences.emailOff })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId));
      return row?.emailOff ?? [];
    },
    async setEmailOff(userId: string, emailOff: NotificationKind[]) {
      await db
        .insert(notificationPreferences)
        .values({ userId, emailOff })
        .onConflictDoUpdate({
          target: notificationPreferences.userId,
          set: { emailOff, updatedAt: new Date() },
        });
    },
  };
}
