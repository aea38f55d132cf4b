import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { codeFrom, login, mailbox, PASSWORD, readyUser, refresh } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { awayFromStepEdge, emailUser, me, post, totp, totpUser } from './two-factor-support.js';

describe('two-factor attempt limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CONTENT_IMPORT: 'false' });
  });
  afterAll(() => t?.close());
  afterEach(() => vi.useRealTimers());

  /** A 6-digit code that is not the given one. */
  const notThe = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');

  it('5 wrong codes end a sign-in: even the right code is refused then, and the session is revoked', async () => {
    const account = await totpUser(t.app);
    await awayFromStepEdge();
    const pending = await login(t.app, account.email, PASSWORD);
    const verify = (code: string) => post(t.app, '/api/auth/verify-two-factor', pending.token, { code });
    const wrong = notThe(totp(account.secret, 1));
    for (let i = 1; i <= 4; i += 1) {
      const res = await verify(wrong);
      expect(res.json()).toMatchObject({
        code: 'CODE_INVALID',
        message: `That code is not right. ${5 - i} ${5 - i === 1 ? 'try' : 'tries'} left.`,
      });
    }
    const fifth = await verify(wrong);
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json()).toMatchObject({
      code: 'CODE_ATTEMPTS_EXCEEDED',
      message: 'Too many wrong codes. Please sign in again.',
    });

    // The session is over, so its access token is refused from now on, the right code and backup codes too.
    const right = await verify(totp(account.secret, 1));
    expect([right.statusCode, right.json().code]).toEqual([401, 'TOKEN_INVALID']);
    const backup = await post(t.app, '/api/auth/verify-backup-code', pending.token, {
      code: account.backupCodes[0],
    });
    expect([backup.statusCode, backup.json().code]).toEqual([401, 'TOKEN_INVALID']);
    expect((await refresh(t.app, pending.refreshToken)).statusCode).toBe(401);

    // A new sign-in is a new challenge.
    const next = await login(t.app, account.email, PASSWORD);
    expect(
      (await post(t.app, '/api/auth/verify-two-factor', next.token, { code: totp(account.secret, 1) }))
        .statusCode,
    ).toBe(200);
  });

  it('5 wrong codes end an e-mailed code: a new code is needed', async () => {
    const account = await emailUser(t.app);
    const pending = await login(t.app, account.email, PASSWORD);
    const [mail] = await mailbox(t.app, account.email, { atLeast: 4 });
    const code = codeFrom(mail!);
    for (let i = 0; i < 4; i += 1)
      await post(t.app, '/api/auth/verify-two-factor', pending.token, { code: notThe(code) });
    const fifth = await post(t.app, '/api/auth/verify-two-factor', pending.token, { code: notThe(code) });
    expect(fifth.json()).toMatchObject({
      code: 'CODE_ATTEMPTS_EXCEEDED',
      message: 'Too many wrong codes. Request a new code.',
    });
    const right = await post(t.app, '/api/auth/verify-two-factor', pending.token, { code });
    expect(right.statusCode).toBe(400);
  });

  it('5 wrong codes end a setup: it has to be started again', async () => {
    const account = await readyUser(t.app);
    const { secret } = (
      await post(t.app, '/api/auth/setup-two-factor', account.token, { method: 'TOTP' })
    ).json().data;
    const wrong = notThe(totp(secret));
    for (let i = 0; i < 4; i += 1)
      await post(t.app, '/api/auth/verify-two-factor', account.token, { code: wrong });
    const fifth = await post(t.app, '/api/auth/verify-two-factor', account.token, { code: wrong });
    expect(fifth.json()).toMatchObject({
      code: 'CODE_ATTEMPTS_EXCEEDED',
      message: 'Too many wrong codes. Start the two-step verification setup again.',
    });
    const after = await post(t.app, '/api/auth/verify-two-factor', account.token, { code: totp(secret) });
    expect(after.statusCode).toBe(409);
    expect((await me(t.app, account.token)).json().data.twoFactorEnabled).toBe(false);
  });

  it('an account allows 10 wrong codes per 15 minutes across every call and challenge, then 429 until the window passes', async () => {
    const account = await totpUser(t.app);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const wrong = () => notThe(totp(account.secret, 1));

    // 5 on one sign-in (which ends it), then 5 more on a new sign-in, spread over every kind of call.
    const first = await login(t.app, account.email, PASSWORD);
    for (let i = 0; i < 5; i += 1)
      await post(t.app, '/api/auth/verify-two-factor', first.token, { code: wrong() });
    const second = await login(t.app, account.email, PASSWORD);
    await post(t.app, '/api/auth/verify-backup-code', second.token, { code: 'zzzzz-zzzzz' });
    await post(t.app, '/api/auth/verify-backup-code', second.token, { code: 'yyyyy-yyyyy' });
    await post(t.app, '/api/auth/generate-two-factor-email-code', second.token);
    // Date is frozen here, so mails share a timestamp: pick the sign-in code by its subject, not its order.
    const mail = (await mailbox(t.app, account.email, { atLeast: 3 })).find((m) =>
      /sign-in code/.test(m.subject),
    );
    await post(t.app, '/api/auth/verify-two-factor-email-code', second.token, {
      code: notThe(codeFrom(mail!)),
    });
    await post(t.app, '/api/auth/verify-two-factor-email-code', second.token, {
      code: notThe(codeFrom(mail!)),
    });
    const tenth = await post(t.app, '/api/auth/verify-two-factor', second.token, { code: wrong() });
    expect(tenth.statusCode).toBe(400);

    // The 11th try is refused before the code is even looked at, right code or not, whatever the call.
    const third = await login(t.app, account.email, PASSWORD);
    for (const res of [
      await post(t.app, '/api/auth/verify-two-factor', third.token, { code: totp(account.secret, 1) }),
      await post(t.app, '/api/auth/verify-backup-code', third.token, { code: account.backupCodes[0] }),
      await post(t.app, '/api/auth/verify-two-factor-email-code', third.token, { code: codeFrom(mail!) }),
    ]) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/^Too many wrong codes\. Try again in \d+ minutes\.$/),
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }

    // Once the 15 minutes have passed the account may try again.
    vi.setSystemTime(start + 15 * 60_000 + 1000);
    const later = await login(t.app, account.email, PASSWORD);
    const res = await post(t.app, '/api/auth/verify-backup-code', later.token, {
      code: account.backupCodes[0],
    });
    expect(res.statusCode).toBe(200);
  });
});
