import { and, asc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { isUuid } from '../repository.js';
import {
  expertCalendarConnections as connections,
  meetingRequests,
  type CalendarConnectionRow,
} from '../tables.js';

type NewConnection = Pick<typeof connections.$inferInsert, 'expertId' | 'kind' | 'label' | 'host' | 'secret'>;

/** The SQL of connected calendars: always scoped to one expert's profile. */
export function connectionsRepository(db: DbOrTx) {
  return {
    async ofExpert(expertId: string): Promise<CalendarConnectionRow[]> {
      return db
        .select()
        .from(connections)
        .where(eq(connections.expertId, expertId))
        .orderBy(asc(connections.createdAt));
    },
    async oneOfExpert(expertId: string, id: string): Promise<CalendarConnectionRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select()
        .from(connections)
        .where(and(eq(connections.id, id), eq(connections.expertId, expertId)));
      return row;
    },
    async byId(id: string): Promise<CalendarConnectionRow | undefined> {
      const [row] = await db.select().from(connections).where(eq(connections.id, id));
      return row;
    },
    async insert(values: NewConnection): Promise<CalendarConnectionRow> {
      const [row] = await db.insert(connections).values(values).returning();
      return row!;
    },
    /**
     * Claims a refresh: true for the one caller that found the connection not read since `staleBefore`, so
     * two requests (or two instances) at once read a calendar server once.
     */
    async claim(id: string, now: Date, staleBefore: Date | null): Promise<boolean> {
      const rows = await db
        .update(connections)
        .set({ lastAttemptAt: now })
        .where(
          and(
            eq(connections.id, id),
            staleBefore
              ? or(isNull(connections.lastAttemptAt), lte(connections.lastAttemptAt, staleBefore))
              : undefined,
          ),
        )
        .returning({ id: connections.id });
      return rows.length > 0;
    },
    async saveRead(
      id: string,
      read: { busy: { start: number; end: number }[]; calendars?: { url: string; name: string }[] },
      now: Date,
    ): Promise<CalendarConnectionRow | undefined> {
      const [row] = await db
        .update(connections)
        .set({ ...read, status: 'ok', lastError: null, lastSyncedAt: now })
        .where(eq(connections.id, id))
        .returning();
      return row;
    },
    /** A failed read or write: the busy times already known stay, the reason is shown to the expert. */
    async saveFailure(id: string, message: string): Promise<CalendarConnectionRow | undefined> {
      const [row] = await db
        .update(connections)
        .set({ status: 'error', lastError: message })
        .where(eq(connections.id, id))
        .returning();
      return row;
    },
    /** Makes `id`'s calendar the expert's one meeting calendar (or none), clearing any other. */
    async setMeetingCalendar(expertId: string, id: string, calendarUrl: string | null) {
      await db
        .update(connections)
        .set({ meetingCalendarUrl: null })
        .where(and(eq(connections.expertId, expertId), isNotNull(connections.meetingCalendarUrl)));
      const [row] = await db
        .update(connections)
        .set({ meetingCalendarUrl: calendarUrl })
        .where(eq(connections.id, id))
        .returning();
      return row!;
    },
    async meetingCalendarOf(expertId: string): Promise<CalendarConnectionRow | undefined> {
      const [row] = await db
        .select()
        .from(connections)
        .where(and(eq(connections.expertId, expertId), isNotNull(connections.meetingCalendarUrl)));
      return row;
    },
    /** Deletes the connection and with it the sealed address and credentials. */
    async delete(expertId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(connections)
        .where(and(eq(connections.id, id), eq(connections.expertId, expertId)))
        .returning({ id: connections.id });
      return rows.length > 0;
    },
    /** Where the expert's copy of a meeting now is (or that it has none); the SEQUENCE is not raised. */
    async setCopy(meetingId: string, copy: { url: string; connectionId: string } | null) {
      await db
        .update(meetingRequests)
        .set({
          calendarCopyUrl: copy?.url ?? null,
          calendarCopyConnectionId: copy?.connectionId ?? null,
          updatedAt: sql`${meetingRequests.updatedAt}`,
        })
        .where(eq(meetingRequests.id, meetingId));
    },
  };
}

export type ConnectionsRepository = ReturnType<typeof connectionsRepository>;
