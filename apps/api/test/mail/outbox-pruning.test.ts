import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { mailOutbox } from '../../src/plugins/mail-tables.js';
import { outboxWorker } from '../../src/plugins/mail-worker.js';
import { uniqueEmail } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

// The outbox keeps every mail until it is sent; sent ones are removed once past their retention.
const DAY = 86_400_000;
const payload = { subject: 's', text: 't', html: 'h', attachments: [] };
const ago = (days: number) => new Date(Date.now() - days * DAY);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function addRows(app: App, rows: Partial<typeof mailOutbox.$inferInsert>[]) {
  const inserted = await app.db
    .insert(mailOutbox)
    .values(rows.map((row) => ({ to: uniqueEmail('kept'), payload, ...row })))
    .returning({ id: mailOutbox.id });
  return inserted.map((row) => row.id);
}

const remaining = async (app: App, ids: string[]) =>
  (await app.db.select({ id: mailOutbox.id }).from(mailOutbox).where(inArray(mailOutbox.id, ids))).map(
    (row) => row.id,
  );

describe('pruning the mail outbox', () => {
  let t: TestApp;
  let ids: Record<'oldSent' | 'recentSent' | 'oldFailed' | 'oldPending', string>;
  beforeAll(async () => {
    t = await createTestApp(
      { MAIL_OUTBOX_RETENTION_DAYS: '7' },
      {
        // Written before the app is ready, as rows left by earlier days are when an instance starts.
        async setup(app) {
          const [oldSent, recentSent, oldFailed, oldPending] = await addRows(app, [
            { createdAt: ago(9), sentAt: ago(8), attempts: 1 },
            { createdAt: ago(6), sentAt: ago(6), attempts: 1 },
            { createdAt: ago(40), failedAt: ago(39), attempts: 10, lastError: '550 no such mailbox' },
            // Waiting for a retry far ahead, so the worker leaves it alone during this test.
            { createdAt: ago(40), nextAttemptAt: new Date(Date.now() + DAY), attempts: 3 },
          ]);
          ids = {
            oldSent: oldSent!,
            recentSent: recentSent!,
            oldFailed: oldFailed!,
            oldPending: oldPending!,
          };
        },
      },
    );
  });
  afterAll(async () => t.close());

  it('removes on start the mails sent before the retention, keeping newer, unsent and given-up ones', async () => {
    const all = Object.values(ids);
    for (let i = 0; i < 100 && (await remaining(t.app, all)).includes(ids.oldSent); i++) await sleep(50);
    expect((await remaining(t.app, all)).sort()).toEqual(
      [ids.recentSent, ids.oldFailed, ids.oldPending].sort(),
    );
  });

  it('removes a backlog past one batch, and keeps everything when the retention is 0', async () => {
    const backlog = await addRows(
      t.app,
      Array.from({ length: 1200 }, () => ({ sentAt: ago(30), attempts: 1 })),
    );
    const worker = (retentionDays: number) =>
      outboxWorker({
        db: t.app.db,
        log: t.app.log,
        pollMs: 1_000_000,
        retryBaseMs: 1000,
        maxAttempts: 3,
        retentionDays,
        send: async () => {},
      });
    expect(await worker(0).prune()).toBe(0);
    expect(await remaining(t.app, backlog)).toHaveLength(1200);
    expect(await worker(7).prune()).toBe(1200);
    expect(await remaining(t.app, backlog)).toEqual([]);
    expect(await remaining(t.app, [ids.recentSent])).toEqual([ids.recentSent]);
  });

  it('prunes again on its own while it runs', async () => {
    const worker = outboxWorker({
      db: t.app.db,
      log: t.app.log,
      pollMs: 1_000_000,
      retryBaseMs: 1000,
      maxAttempts: 3,
      retentionDays: 7,
      pruneEveryMs: 100,
      send: async () => {},
    });
    worker.start();
    try {
      await sleep(150); // past its first pass on start
      const [late] = await addRows(t.app, [{ sentAt: ago(10), attempts: 1 }]);
      for (let i = 0; i < 40 && (await remaining(t.app, [late!])).length; i++) await sleep(50);
      expect(await remaining(t.app, [late!])).toEqual([]);
    } finally {
      await worker.stop();
    }
  });
});
