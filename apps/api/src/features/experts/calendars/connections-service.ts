import {
  calendarsErrors,
  type CalendarConnection,
  type ConnectCalendarBody,
} from '@liftoff/contracts/experts-calendars';
import type { Db } from '../../../db/client.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import type { CalendarConnectionRow, ExpertRow } from '../tables.js';
import type { CalendarSync } from './calendar-sync.js';
import { connectionsRepository } from './connections-repository.js';

const connectionMissing = () => notFound('Calendar connection not found.');

const toConnection = (row: CalendarConnectionRow, now: Date): CalendarConnection => ({
  id: row.id,
  kind: row.kind,
  label: row.label,
  host: row.host,
  status: row.status,
  lastError: row.lastError,
  lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
  busyCount: row.busy.filter((block) => block.end > now.getTime()).length,
  calendars: row.calendars,
  meetingCalendarUrl: row.meetingCalendarUrl,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The expert's connected calendars in the portal (docs/decisions/063): connect (read at once, so the answer
 * already says whether it works), list with each one's status and last error, read again on demand, choose
 * the calendar that receives accepted meetings, disconnect (the sealed address and password go with the row).
 */
export function calendarConnections(deps: {
  db: Db;
  now: () => Date;
  sync: CalendarSync;
  ownProfile: (userId: string) => Promise<ExpertRow>;
}) {
  const repo = () => connectionsRepository(deps.db);

  async function own(userId: string, id: string) {
    const expert = await deps.ownProfile(userId);
    const row = await repo().oneOfExpert(expert.id, id);
    if (!row) throw connectionMissing();
    return { expert, row };
  }

  return {
    async list(userId: string): Promise<CalendarConnection[]> {
      const expert = await deps.ownProfile(userId);
      return (await repo().ofExpert(expert.id)).map((row) => toConnection(row, deps.now()));
    },

    async connect(userId: string, body: ConnectCalendarBody): Promise<CalendarConnection> {
      const expert = await deps.ownProfile(userId);
      const host = new URL(body.url).host;
      const secret =
        body.kind === 'ical'
          ? { kind: 'ical' as const, url: body.url }
          : { kind: 'caldav' as const, url: body.url, username: body.username, password: body.password };
      const row = await repo().insert({
        expertId: expert.id,
        kind: body.kind,
        label: body.label ?? (body.kind === 'ical' ? `Calendar at ${host}` : `${body.username} at ${host}`),
        host,
        secret: deps.sync.seal(secret),
      });
      await repo().claim(row.id, deps.now(), null);
      return toConnection(await deps.sync.refresh(row, expert.availability), deps.now());
    },

    async refresh(userId: string, id: string): Promise<CalendarConnection> {
      const { expert, row } = await own(userId, id);
      await repo().claim(row.id, deps.now(), null);
      return toConnection(await deps.sync.refresh(row, expert.availability), deps.now());
    },

    /** The one calendar (of this CalDAV account) that receives accepted meetings from now on, or none. */
    async setMeetingCalendar(
      userId: string,
      id: string,
      calendarUrl: string | null,
    ): Promise<CalendarConnection> {
      const { expert, row } = await own(userId, id);
      if (row.kind !== 'caldav') throw conflict(calendarsErrors.notCaldav);
      if (calendarUrl !== null && !row.calendars.some((c) => c.url === calendarUrl)) {
        throw badRequest(calendarsErrors.unknownCalendar, [
          { path: 'calendarUrl', message: 'Not one of the calendars of this account' },
        ]);
      }
      return toConnection(await repo().setMeetingCalendar(expert.id, row.id, calendarUrl), deps.now());
    },

    /** Deletes the connection, its sealed address and password; answers the connections left. */
    async disconnect(userId: string, id: string): Promise<CalendarConnection[]> {
      const expert = await deps.ownProfile(userId);
      if (!(await repo().delete(expert.id, id))) throw connectionMissing();
      return (await repo().ofExpert(expert.id)).map((row) => toConnection(row, deps.now()));
    },
  };
}

export type CalendarConnections = ReturnType<typeof calendarConnections>;
