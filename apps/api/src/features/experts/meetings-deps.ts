import type { AppEvent } from '@liftoff/contracts/events';
import type { Db } from '../../db/client.js';
import type { BusyOf } from './calendars/busy-times.js';
import type { SyncCopy } from './calendars/meeting-copies.js';
import type { MeetingInviteDeps } from './meeting-invites.js';

/**
 * What the meetings service and its calendar feeds are handed by the experts feature (feature.ts). In a
 * module of its own so both can name it without importing each other.
 */
export interface MeetingsDeps extends MeetingInviteDeps {
  db: Db;
  publish: (event: AppEvent) => void;
  /** The accounts room's answer: founders' names and addresses by id. */
  people: (ids: string[]) => Promise<Map<string, { name: string; email: string }>>;
  /** What holds the expert's time: live meetings and connected calendars (calendars/busy-times.ts). */
  busy: BusyOf;
  /** Puts, replaces or removes the expert's own calendar copy of a meeting after each change. */
  syncCopy: SyncCopy;
}
