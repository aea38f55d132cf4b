import type { Db, DbOrTx } from '../../../db/client.js';
import type { BusyMeeting } from '../availability.js';
import { expertsRepository } from '../repository.js';
import type { ExpertRow } from '../tables.js';
import type { CalendarSync } from './calendar-sync.js';

export interface BusyOptions {
  /** Read inside this transaction (booking, moving a meeting): cached calendar blocks only, no network. */
  db?: DbOrTx;
  /** A meeting whose own time counts free (the one being moved). */
  except?: string;
}

/**
 * Everything that holds an expert's time, for the one slot engine (`freeSlots`, availability.ts): their live
 * meetings and the busy blocks of the calendars they connected (docs/decisions/063). Outside a transaction
 * the calendars not read lately are read first; inside one the cache is used, so no lock waits on a network.
 */
export function busyTimes(deps: { db: Db; sync: CalendarSync }) {
  return async function busyOf(
    expert: ExpertRow,
    from: Date,
    to: Date,
    options: BusyOptions = {},
  ): Promise<BusyMeeting[]> {
    if (!options.db) await deps.sync.refreshStale(expert.id, expert.availability);
    const db = options.db ?? deps.db;
    const meetings = (await expertsRepository(db).busyMeetings(expert.id, from, to))
      .filter((m) => m.id !== options.except)
      .map((m) => ({ start: m.startsAt.getTime(), end: m.endsAt.getTime() }));
    return [...meetings, ...(await deps.sync.busyBlocks(expert.id, from, to, db))];
  };
}

export type BusyOf = ReturnType<typeof busyTimes>;
