import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { mailOutbox, type OutboxPayload } from './mail-tables.js';

export type QueuedMail = typeof mailOutbox.$inferSelect;

/** How long a claimed row is a worker's: a send longer than this could be sent again by another instance. */
export const LEASE_SECONDS = 120;

/** The mail outbox's rows: written in the caller's transaction, claimed and settled by the worker. */
export function mailQueue(db: DbOrTx) {
  return {
    async add(kind: string, to: string, payload: OutboxPayload) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ kind, to: to.toLowerCase(), payload })
        .returning({ id: mailOutbox.id });
      return row!.id;
    },

    /** Every row to the address; one a worker is sending finishes, and its settling then finds no row. */
    async forget(to: string) {
      await db.delete(mailOutbox).where(eq(mailOutbox.to, to.toLowerCase()));
    },

    /**
     * Claims up to `limit` due rows for this worker. `FOR UPDATE SKIP LOCKED` lets instances claim at once
     * without waiting on each other, and the lease (not the row lock) keeps a claimed row out of the others'
     * reach while it is sent, outside any transaction.
     */
    async claim(limit: number): Promise<QueuedMail[]> {
      const result = await db.execute(sql`
        update ${mailOutbox}
        set locked_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = attempts + 1
        where id in (
          select id from ${mailOutbox}
          where sent_at is null and failed_at is null and next_attempt_at <= now()
            and (locked_until is null or locked_until <= now())
          order by next_attempt_at
          limit ${limit}
          for update skip locked
        )
        returning id, kind, "to", payload, attempts`);
      const rows = ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) as {
        id: string;
        kind: string;
        to: string;
        payload: OutboxPayload | string;
        attempts: number;
      }[];
      return rows.map((row) => ({
        ...row,
        payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as OutboxPayload) : row.payload,
      })) as QueuedMail[];
    },

    /** Mails waiting: neither sent nor given up (the metrics' outbox depth). */
    async depth(): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(mailOutbox)
        .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt)));
      return Number(row?.count ?? 0);
    },

    async markSent(id: string) {
      await db
        .update(mailOutbox)
        .set({ sentAt: sql`now()`, lockedUntil: null, lastError: null })
        .where(eq(mailOutbox.id, id));
    },

    /**
     * Removes up to `limit` rows sent more than `days` days ago; answers how many. In batches, so a large
     * backlog never holds many row locks at once; rows given up on stay for the record.
     */
    async pruneSent(days: number, limit: number): Promise<number> {
      const result = await db.execute(sql`
        delete from ${mailOutbox}
        where id in (
          select id from ${mailOutbox}
          where sent_at < now() - make_interval(days => ${days})
          limit ${limit}
        )
        returning id`);
      return ((result as { rows?: unknown[] }).rows ?? (result as unknown[])).length;
    },

    /** Schedules the next attempt after `delayMs`, or gives up when `giveUp`. */
    async markFailed(id: string, error: string, delayMs: number, giveUp: boolean) {
      await db
        .update(mailOutbox)
        .set({
          lockedUntil: null,
          lastError: error.slice(0, 1000),
          nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
          ...(giveUp ? { failedAt: sql`now()` } : {}),
        })
        .where(and(eq(mailOutbox.id, id)));
    },
  };
}
