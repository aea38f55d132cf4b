import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, codeFrom, detailPaths, mailbox, readyUser } from '../helpers/accounts.js';
import { oneTimeCodes } from '../../src/features/auth/tables.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { emailUser, pendingSession, post, totp, totpUser } from './two-factor-support.js';

describe('backup codes: how many are left, and a new set with the second factor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const status = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/backup-codes', headers: bearer(token) });

  it('counts the codes left, and a new set (confirmed with the app) replaces the old one', async () => {
    const account = await totpUser(t.app);
    const token = account.session.token;
    expect((await status(token)).json().data).toEqual({ remaining: 10, total: 10 });

    // A code used at sign-in is one fewer.
    const pending = await pendingSession(t.app, account.email, account.password);
    expect(
      (await post(t.app, '/api/auth/verify-backup-code', pending.token, { code: account.backupCodes[0]! }))
        .statusCode,
    ).toBe(200);
    expect((await status(token)).json().data).toEqual({ remaining: 9, total: 10 });

    const wrong = await post(t.app, '/api/auth/backup-codes/regenerate', token, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(detailPaths(wrong.json())).toEqual(['code']);
    expect((await status(token)).json().data.remaining).toBe(9);

    // The setup's code was used; the next step's code is a fresh one.
    const res = await post(t.app, '/api/auth/backup-codes/regenerate', token, {
      code: totp(account.secret, 1),
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data.backupCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(account.backupCodes[1]);
    expect((await status(token)).json().data).toEqual({ remaining: 10, total: 10 });
    // The notice goes out through the mail outbox: wait for it rather than take the newest mail so far.
    let notice: Awaited<ReturnType<typeof mailbox>>[number] | undefined;
    for (let i = 0; i < 50 && !notice; i += 1) {
      notice = (await mailbox(t.app, account.email)).find((m) =>
        m.subject.includes('backup codes were replaced'),
      );
      if (!notice) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(notice!.subject).toBe('Your Liftoff backup codes were replaced');

    // The old set no longer works; the new one does.
    const again = await pendingSession(t.app, account.email, account.password);
    expect(
      (await post(t.app, '/api/auth/verify-backup-code', again.token, { code: account.backupCodes[1]! }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post(t.app, '/api/auth/verify-backup-code', again.token, { code: fresh[0]! })).statusCode,
    ).toBe(200);
  });

  it('takes an e-mailed code for the e-mail method', async () => {
    const account = await emailUser(t.app);
    const token = account.session.token;
    // A minute after the setup's code, as the resend cooldown wants.
    await t.app.db
      .update(oneTimeCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(oneTimeCodes.userId, account.user.id));
    expect((await post(t.app, '/api/auth/generate-two-factor-email-code', token)).statusCode).toBe(200);
    const [mail] = await mailbox(t.app, account.email, { atLeast: 4 });
    const res = await post(t.app, '/api/auth/backup-codes/regenerate', token, { code: codeFrom(mail!) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.backupCodes).toHaveLength(10);
    // The code is used up.
    const twice = await post(t.app, '/api/auth/backup-codes/regenerate', token, { code: codeFrom(mail!) });
    expect(twice.statusCode).toBe(400);
  });

  it('refuses a malformed code naming the field, and answers 409 without two-step verification', async () => {
    const account = await totpUser(t.app);
    const bad = await post(t.app, '/api/auth/backup-codes/regenerate', account.session.token, {
      code: 'abc',
      extra: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(detailPaths(bad.json())).toEqual(['code', 'extra']);

    const plain = await readyUser(t.app);
    expect((await status(plain.token)).statusCode).toBe(409);
    const res = await post(t.app, '/api/auth/backup-codes/regenerate', plain.token, { code: '123456' });
    expect(res.statusCode).toBe(409);
  });
});
