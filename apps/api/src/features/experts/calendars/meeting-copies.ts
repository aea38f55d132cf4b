import type { Db } from '../../../db/client.js';
import type { ExpertRow, MeetingRequestRow } from '../tables.js';
import type { CalendarSync } from './calendar-sync.js';
import { connectionsRepository } from './connections-repository.js';
import { caldavAccount, describeFailure } from './remote.js';

/**
 * The expert's own copy of each accepted meeting, in the CalDAV calendar they chose (docs/decisions/063): put
 * there when the meeting is accepted, replaced at the same address with every change (same UID, the new
 * SEQUENCE), removed when it is no longer accepted. A failure is recorded on the connection for the expert
 * to see; the meeting's change stands.
 */
export function meetingCopies(deps: {
  db: Db;
  sync: CalendarSync;
  calendarObjectOf: (row: MeetingRequestRow, expert: ExpertRow, founderEmail: string) => string;
}) {
  const account = (row: Parameters<CalendarSync['open']>[0]) => {
    const secret = deps.sync.open(row);
    if (secret.kind !== 'caldav') throw new Error('not a CalDAV connection');
    return caldavAccount(secret);
  };

  return async function syncCopy(row: MeetingRequestRow, expert: ExpertRow, founderEmail: string) {
    const repo = connectionsRepository(deps.db);
    const destination = row.status === 'ACCEPTED' ? await repo.meetingCalendarOf(expert.id) : undefined;
    const folder = destination?.meetingCalendarUrl;
    const target = folder ? `${folder}${folder.endsWith('/') ? '' : '/'}${row.id}.ics` : null;

    if (row.calendarCopyUrl && row.calendarCopyUrl !== target && row.calendarCopyConnectionId) {
      const holder = await repo.byId(row.calendarCopyConnectionId);
      if (holder) {
        try {
          await (await account(holder)).remove(row.calendarCopyUrl);
        } catch (error) {
          // Kept on the meeting, so the next change tries again.
          await repo.saveFailure(
            holder.id,
            `A meeting could not be removed: ${describeFailure(error, holder.host)}`,
          );
          return;
        }
      }
    }
    if (destination && target) {
      try {
        await (await account(destination)).put(target, deps.calendarObjectOf(row, expert, founderEmail));
        await repo.setCopy(row.id, { url: target, connectionId: destination.id });
      } catch (error) {
        await repo.saveFailure(
          destination.id,
          `A meeting could not be written: ${describeFailure(error, destination.host)}`,
        );
      }
    } else if (row.calendarCopyUrl) {
      await repo.setCopy(row.id, null);
    }
  };
}

export type SyncCopy = ReturnType<typeof meetingCopies>;
