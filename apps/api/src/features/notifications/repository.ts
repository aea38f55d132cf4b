import type { Notification, NotificationIcon, NotificationKind } from '@liftoff/contracts/notifications';
import { and, countDistinct, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { notificationPreferences, notifications } from './tables.js';

type Row = typeof notifications.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A row standing for its group: `count` entries about the same subject (the same link). */
export function toNotification(row: Row, count = 1): Notification {
  return {
    id: row.id,
    kind: row.kind,
    icon: row.icon,
    title: row.title,
    body: row.body,
    link: row.link,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    count,
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
    /**
     * The newest entry of each subject (entries sharing a link), newest subject first, with how many entries
     * it stands for; unread while any of them is. `unreadOnly` keeps the subjects with an unread entry.
     */
    async list(userId: string, options: { unreadOnly: boolean; page: number; pageSize: number }) {
      const subject = sql`over (partition by ${notifications.link})`;
      const unreadInSubject = sql`count(*) filter (where ${notifications.readAt} is null) ${subject}`;
      const ranked = db
        .select({
          id: notifications.id,
          userId: notifications.userId,
          kind: notifications.kind,
          icon: notifications.icon,
          title: notifications.title,
          body: notifications.body,
          link: notifications.link,
          readAt: notifications.readAt,
          createdAt: notifications.createdAt,
          count: sql<number>`(count(*) ${subject})::int`.as('group_count'),
          unread: sql<number>`(${unreadInSubject})::int`.as('group_unread'),
          rank: sql<number>`row_number() over (partition by ${notifications.link} order by ${notifications.createdAt} desc, ${notifications.id} desc)`.as(
            'group_rank',
          ),
        })
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .as('ranked');
      const where = and(eq(ranked.rank, 1), options.unreadOnly ? gt(ranked.unread, 0) : undefined);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(ranked)
          .where(where)
          .orderBy(desc(ranked.createdAt), desc(ranked.id))
          .limit(options.pageSize)
          .offset((options.page - 1) * options.pageSize),
        db
          .select({ value: countDistinct(notifications.link) })
          .from(notifications)
          .where(options.unreadOnly ? unreadOf(userId) : eq(notifications.userId, userId)),
      ]);
      return {
        rows: rows.map(({ rank: _rank, unread, ...row }) => ({
          ...row,
          // The subject is unread while any of its entries is.
          readAt: unread > 0 ? null : row.readAt,
        })),
        total: Number(total?.value ?? 0),
      };
    },
    /** Subjects with an unread entry: what the bell counts. */
    async unread(userId: string): Promise<number> {
      const [row] = await db
        .select({ value: countDistinct(notifications.link) })
        .from(notifications)
        .where(unreadOf(userId));
      return Number(row?.value ?? 0);
    },
    /**
     * Marks the entry and every other about its subject (its link) read, keeping first read times; answers
     * the newest of them with their number, or undefined when it is not the person's.
     */
    async markRead(userId: string, id: string) {
      if (!UUID.test(id)) return undefined;
      const [opened] = await db
        .select({ link: notifications.link })
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
      if (!opened) return undefined;
      const rows = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(and(eq(notifications.userId, userId), eq(notifications.link, opened.link)))
        .returning();
      const newest = rows.reduce((a, b) =>
        b.createdAt > a.createdAt || (+b.createdAt === +a.createdAt && b.id > a.id) ? b : a,
      );
      return { ...newest, count: rows.length };
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
