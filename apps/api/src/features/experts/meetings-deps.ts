import type { AppEvent } from '@liftoff/contracts/events';
import type { Db } from '../../db/client.js';
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
}
