import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueue, type QueuedMail } from '../../src/plugins/mail-queue.js';
import { mailOutbox } from '../../src/plugins/mail-tables.js';
import { outboxWorker } from '../../src/plugins/mail-worker.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signup, uniqueEmail } from '../helpers/accounts.js';
import { startFakeSmtp } from '../experts/smtp-fake.js';

// Every mail goes through the outbox: written with what caused it, sent by a worker that retries.
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_RETRY_BASE_MS: '100', MAIL_MAX_ATTEMPTS: '5' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const rowsTo = (to: string) => t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the mail outbox', () => {
  it("keeps a sign-up's verification mail with the account, retries a refused send and delivers it once", async () => {
    smtp.refuse(2);
    const account = await signup(t.app);
    // Acknowledged: the mail is in the database with the account, whatever happens to this process next.
    const [row] = await rowsTo(account.email);
    expect(row).toMatchObject({ kind: 'mail', to: account.email });
    expect((row!.payload as { subject: string }).subject).toMatch(/is your Liftoff verification code$/);

    const mails = await smtp.to(account.email, 1, 5000);
    expect(mails).toHaveLength(1);
    await sleep(400); // no second copy follows
    expect(await smtp.to(account.email, 2, 0)).toHaveLength(1);
    const [sent] = await rowsTo(account.email);
    expect(sent!.sentAt).toBeInstanceOf(Date);
    expect(sent!.attempts).toBe(3);
    expect(sent!.lastError).toBeNull();
  });

  it('gives a mail up after its last attempt, keeping the error', async () => {
    smtp.refuse(5);
    const to = uniqueEmail('bounce');
    await t.app.mailer.send(to, { subject: 'Hello', heading: 'Hello', paragraphs: ['Once.'] });
    for (let i = 0; i < 100 && !(await rowsTo(to))[0]?.failedAt; i++) await sleep(50);
    const [row] = await rowsTo(to);
    expect(row!.failedAt).toBeInstanceOf(Date);
    expect(row!.attempts).toBe(5);
    expect(row!.lastError).toMatch(/451/);
    expect(smtp.mails.filter((m) => m.to.includes(to))).toHaveLength(0);
  });

  it('two workers on one database send each mail exactly once', async () => {
    // An app of its own whose worker stays idle (no poll, no mail sent), so only the two below compete.
    const quiet = await createTestApp({ MAIL_OUTBOX_POLL_MS: '100000000' });
    const db = quiet.app.db;
    const queue = mailQueue(db);
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      ids.push(
        await queue.add('worker-race', uniqueEmail('race'), {
          subject: 's',
          text: 't',
          html: 'h',
          attachments: [],
        }),
      );
    }
    const sent: { worker: number; id: string }[] = [];
    const worker = (n: number) =>
      outboxWorker({
        db,
        log: quiet.app.log,
        pollMs: 1_000_000,
        retryBaseMs: 1000,
        maxAttempts: 3,
        async send(row: QueuedMail) {
          if (row.kind !== 'worker-race') throw new Error('not this test');
          sent.push({ worker: n, id: row.id });
          await sleep(5);
        },
      });
    await Promise.all([worker(1).drain(), worker(2).drain()]);
    expect(sent.map((s) => s.id).sort()).toEqual([...ids].sort());
    const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'worker-race'));
    expect(rows.every((r) => r.sentAt && r.attempts === 1)).toBe(true);
    await quiet.close();
  });

  it('a reset request costs the request the same for known and unknown addresses: one outbox row', async () => {
    const account = await signup(t.app);
    const stranger = uniqueEmail('stranger');
    for (const email of [account.email, stranger]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/send-reset-password-link',
        payload: { email },
      });
      expect(res.statusCode).toBe(200);
    }
    const known = (await rowsTo(account.email)).filter((r) => r.kind === 'password-reset');
    const unknown = await rowsTo(stranger);
    expect(known).toHaveLength(1);
    expect(unknown).toHaveLength(1);
    expect(unknown[0]!.kind).toBe('password-reset');
    const mails = await smtp.to(account.email, 2);
    expect(mails.some((m) => /Reset your Liftoff password/.test(m.raw))).toBe(true);
    for (let i = 0; i < 40 && !(await rowsTo(stranger))[0]?.sentAt; i++) await sleep(50);
    expect((await rowsTo(stranger))[0]!.sentAt).toBeInstanceOf(Date); // settled, with nothing sent
    expect(smtp.mails.filter((m) => m.to.includes(stranger))).toHaveLength(0);
  });
});
