import type { Db, DbOrTx } from '../../../db/client.js';
import { openSecret, sealSecret } from '../../../lib/secret-box.js';
import type { AvailabilityRules } from '../availability.js';
import type { BusyBlock, CalendarConnectionRow } from '../tables.js';
import { connectionsRepository } from './connections-repository.js';
import { busyFromIcs, mergeBlocks } from './ical-busy.js';
import { caldavAccount, describeFailure, fetchSubscription, type CaldavAccount } from './remote.js';

export interface CalendarSyncDeps {
  db: Db;
  now: () => Date;
  appUrl: string;
  /** ENCRYPTION_KEY: seals the addresses and credentials of connected calendars. */
  encryptionKey: string;
}

/** What a connection's sealed secret holds. */
export type ConnectionSecret = { kind: 'ical'; url: string } | ({ kind: 'caldav' } & CaldavAccount);

/** Busy times read within this long are used as they are; older ones are read again first. */
export const FRESH_MS = 5 * 60_000;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * Keeps the busy times of the expert's connected calendars (docs/decisions/063). The slot engine reads the
 * cached blocks; a connection not read for FRESH_MS is read again when slots are asked for (claimed once
 * across requests and instances), or at once on the expert's demand. A failed read keeps the blocks already
 * known and records why, so a broken calendar never hides every slot and the expert sees what is wrong.
 */
export function calendarSync(deps: CalendarSyncDeps) {
  const domain = new URL(deps.appUrl).hostname.toLowerCase();
  // Liftoff's own meetings written into the expert's calendar are busy already (and must not block their
  // own time when the meeting is moved).
  const ownUid = (uid: string) => /^[0-9a-f-]{36}@/i.test(uid) && uid.slice(37).toLowerCase() === domain;

  const seal = (secret: ConnectionSecret) => sealSecret(deps.encryptionKey, JSON.stringify(secret));
  const open = (row: CalendarConnectionRow) =>
    JSON.parse(openSecret(deps.encryptionKey, row.secret)) as ConnectionSecret;

  /** Reads a connection's busy times from now on, over the expert's booking window. */
  async function read(row: CalendarConnectionRow, rules: AvailabilityRules) {
    const now = deps.now().getTime();
    const window = {
      from: now - DAY,
      to: now + (Math.min(rules.bookingWindowDays, 366) + 2) * DAY,
      zone: rules.timezone,
      ignoreUid: ownUid,
    };
    const secret = open(row);
    if (secret.kind === 'ical') return { busy: busyFromIcs(await fetchSubscription(secret.url), window) };
    const account = await caldavAccount(secret);
    const calendars = await account.calendars();
    const texts = await account.objects(new Date(window.from), new Date(window.to));
    return { busy: mergeBlocks(texts.flatMap((text) => busyFromIcs(text, window))), calendars };
  }

  /** Reads one connection now and stores the outcome (busy times, or the reason it failed). */
  async function refresh(row: CalendarConnectionRow, rules: AvailabilityRules) {
    const repo = connectionsRepository(deps.db);
    try {
      const result = await read(row, rules);
      return (await repo.saveRead(row.id, result, deps.now())) ?? row;
    } catch (error) {
      return (await repo.saveFailure(row.id, describeFailure(error, row.host))) ?? row;
    }
  }

  return {
    seal,
    open,
    refresh,

    /** Reads again, side by side, the expert's connections not read for FRESH_MS. */
    async refreshStale(expertId: string, rules: AvailabilityRules): Promise<void> {
      const repo = connectionsRepository(deps.db);
      const now = deps.now();
      const rows = await repo.ofExpert(expertId);
      await Promise.all(
        rows.map(async (row) => {
          if (await repo.claim(row.id, now, new Date(now.getTime() - FRESH_MS))) await refresh(row, rules);
        }),
      );
    },

    /** The cached busy blocks of the expert's calendars overlapping [from, to). */
    async busyBlocks(expertId: string, from: Date, to: Date, db: DbOrTx = deps.db): Promise<BusyBlock[]> {
      const rows = await connectionsRepository(db).ofExpert(expertId);
      return rows
        .flatMap((row) => row.busy)
        .filter((block) => block.end > from.getTime() && block.start < to.getTime());
    },
  };
}

export type CalendarSync = ReturnType<typeof calendarSync>;
