import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { mailQueue, type QueuedMail } from './mail-queue.js';

const BATCH = 10;
const MAX_DELAY_MS = 3_600_000;
const PRUNE_BATCH = 1000;

export interface OutboxWorkerOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** How often every instance looks for due mails (a mail committed by another instance, a retry). */
  pollMs: number;
  /** The first retry waits this long; each next one twice as long, at most an hour. */
  retryBaseMs: number;
  /** Attempts before a mail is given up (and logged as such). */
  maxAttempts: number;
  /** Sent rows are removed this many days after sending; 0 keeps them. */
  retentionDays?: number;
  /** How often the sent rows past their retention are looked for (on start, then every hour by default). */
  pruneEveryMs?: number;
  send(row: QueuedMail): Promise<void>;
}

/**
 * Sends the outbox's due mails: claims a batch with a lease, sends each, and marks it sent or schedules a
 * retry with exponential backoff. Runs on every instance; the claim keeps them from sending a mail twice.
 */
export function outboxWorker(options: OutboxWorkerOptions) {
  const { db, log } = options;
  const queue = mailQueue(db);
  let timer: NodeJS.Timeout | undefined;
  let pruneTimer: NodeJS.Timeout | undefined;
  let pruning: Promise<number> | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let started = false;
  let stopped = false;

  async function sendOne(row: QueuedMail) {
    try {
      await options.send(row);
      await queue.markSent(row.id);
    } catch (error) {
      const giveUp = row.attempts >= options.maxAttempts;
      const delayMs = Math.min(options.retryBaseMs * 2 ** (row.attempts - 1), MAX_DELAY_MS);
      const message = error instanceof Error ? error.message : String(error);
      await queue.markFailed(row.id, message, delayMs, giveUp);
      const context = { mail: { id: row.id, kind: row.kind, attempts: row.attempts }, err: error };
      if (giveUp) log.error(context, 'mail given up after its last attempt');
      else log.warn({ ...context, retryInMs: delayMs }, 'mail not sent; it will be retried');
    }
  }

  /** Sends batches until none is left; answers how many were claimed in all. */
  async function drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const rows = await queue.claim(BATCH);
      total += rows.length;
      await Promise.all(rows.map(sendOne));
      if (rows.length < BATCH || stopped) return total;
    }
  }

  /** Removes the sent rows past their retention; every instance may, deletes of the same row just queue. */
  async function prune(): Promise<number> {
    const days = options.retentionDays ?? 0;
    if (days <= 0) return 0;
    let total = 0;
    for (;;) {
      const removed = await queue.pruneSent(days, PRUNE_BATCH);
      total += removed;
      if (removed < PRUNE_BATCH || stopped) break;
    }
    if (total)
      log.info({ mail: { pruned: total, retentionDays: days } }, 'sent mails past retention removed');
    return total;
  }

  function schedulePrune() {
    if (pruning || stopped) return;
    pruning = prune()
      .catch((error) => {
        log.error({ err: error }, 'mail outbox could not be pruned');
        return 0;
      })
      .finally(() => {
        pruning = null;
      });
  }

  function wake() {
    if (!started || stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await drain();
        } catch (error) {
          // The database went away for a moment: the next poll tries again.
          log.error({ err: error }, 'mail outbox could not be read');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  }

  return {
    /** Looks for due mails now (a mail just queued); what is not yet committed is found by the poll. */
    wake() {
      wake();
      // A mail queued inside a transaction is visible once it commits, which is usually a moment later.
      setTimeout(wake, 50).unref();
    },
    start() {
      started = true;
      timer = setInterval(wake, options.pollMs);
      timer.unref();
      wake();
      schedulePrune();
      pruneTimer = setInterval(schedulePrune, options.pruneEveryMs ?? 3_600_000);
      pruneTimer.unref();
    },
    /** Stops polling and waits for the sends under way. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearInterval(pruneTimer);
      await Promise.all([running, pruning]);
    },
    /** One pass over the due mails (tests run two workers side by side with it). */
    drain,
    prune,
  };
}
