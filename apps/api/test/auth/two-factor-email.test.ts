import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes } from '../../src/features/auth/tables.js';
import { bearer, codeFrom, login, mailbox, PASSWORD, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { claimsOf, emailUser, me, post, totpUser } from './two-factor-support.js';

describe('two-factor with e-mailed codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CONTENT_IMPORT: 'false' });
  });
  afterAll(() => t?.close());

  /** Moves the open e-mailed codes of the user back in time, as if the minutes had passed. */
  const age = async (userId: string, seconds: number) => {
    const rows = await t.app.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, 'TWO_FACTOR_EMAIL')));
    for (const row of rows) {
      await t.app.db
        .update(oneTimeCodes)
        .set({
          createdAt: new Date(row.createdAt.getTime() - seconds * 1000),
          expiresAt: new Date(row.expiresAt.getTime() - seconds * 1000),
        })
        .where(eq(oneTimeCodes.id, row.id));
    }
  };

  it('setup e-mails a 6-digit code valid 10 minutes; confirming it turns the method on with backup codes', async () => {
    const account = await readyUser(t.app);
    const res = await post(t.app, '/api/auth/setup-two-factor', account.token, { method: 'EMAIL' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Two-factor authentication setup successfully.', data: {} });
    const [mail] = await mailbox(t.app, account.email, { atLeast: 2 });
    expect(mail!.subject).toMatch(/^\d{6} is your Liftoff sign-in code$/);
    expect(mail!.text).toMatch(/valid for 10 minutes/);
    expect((await me(t.app, account.token)).json().data.twoFactorEnabled).toBe(false);

    const verify = await post(t.app, '/api/auth/verify-two-factor', account.token, { code: codeFrom(mail!) });
    expect(verify.statusCode).toBe(200);
    const { data } = verify.json();
    expect(data.user).toMatchObject({ twoFactorEnabled: true, twoFactorMethod: 'EMAIL' });
    expect(data.backupCodes).toHaveLength(10);
    expect(claimsOf(data.token).twoFactorAuthenticated).toBe(true);
  });

  it('login e-mails a code; verify-two-factor with it passes the second factor, once', async () => {
    const account = await emailUser(t.app);
    const before = (await mailbox(t.app, account.email)).length;
    const pending = await login(t.app, account.email, PASSWORD);
    expect(claimsOf(pending.token).twoFactorAuthenticated).toBe(false);
    const [mail] = await mailbox(t.app, account.email, { atLeast: before + 1 });
    expect(mail!.subject).toMatch(/sign-in code/);
    const code = codeFrom(mail!);
    const res = await post(t.app, '/api/auth/verify-two-factor', pending.token, { code });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Two-factor authentication verified successfully.');
    expect(claimsOf(res.json().data.token).twoFactorAuthenticated).toBe(true);
    expect(res.json().data.backupCodes).toBeUndefined();

    // Single use: the same code on another sign-in is refused (that sign-in mailed its own code).
    const other = await login(t.app, account.email, PASSWORD);
    const again = await post(t.app, '/api/auth/verify-two-factor', other.token, { code });
    expect(again.statusCode).toBe(400);
  });

  it('refuses a wrong code and an expired one with clear messages', async () => {
    const account = await emailUser(t.app);
    const pending = await login(t.app, account.email, PASSWORD);
    const [mail] = await mailbox(t.app, account.email, { atLeast: 4 });
    const code = codeFrom(mail!);
    const wrong = await post(t.app, '/api/auth/verify-two-factor', pending.token, {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'CODE_INVALID',
      message: 'That code is not right. 4 tries left.',
    });

    await age(account.user.id, 10 * 60 + 1);
    const expired = await post(t.app, '/api/auth/verify-two-factor', pending.token, { code });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({
      code: 'CODE_EXPIRED',
      message: 'This code has expired. Request a new code.',
    });
  });

  it('resend mails a new code at most once a minute, and the new code replaces the old one', async () => {
    const account = await emailUser(t.app);
    const pending = await login(t.app, account.email, PASSWORD);
    const [first] = await mailbox(t.app, account.email, { atLeast: 4 });
    const tooSoon = await post(t.app, '/api/auth/resend-two-factor-code', pending.token);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Please wait \d+ seconds/),
    });

    await age(account.user.id, 61);
    const res = await post(t.app, '/api/auth/resend-two-factor-code', pending.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Two-factor code resent successfully.', data: {} });
    const [second] = await mailbox(t.app, account.email, { atLeast: 5 });
    const oldCode = codeFrom(first!);
    const newCode = codeFrom(second!);
    if (oldCode !== newCode) {
      expect(
        (await post(t.app, '/api/auth/verify-two-factor', pending.token, { code: oldCode })).statusCode,
      ).toBe(400);
    }
    expect(
      (await post(t.app, '/api/auth/verify-two-factor', pending.token, { code: newCode })).statusCode,
    ).toBe(200);
  });

  it('resend is for the e-mail method: an authenticator-app user is told where the codes are', async () => {
    const account = await totpUser(t.app);
    const pending = await login(t.app, account.email, PASSWORD);
    const res = await post(t.app, '/api/auth/resend-two-factor-code', pending.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/authenticator app/);
  });

  it('generate-two-factor-email-code mails a one-time code to any two-factor user; verify-two-factor-email-code passes with it', async () => {
    const account = await totpUser(t.app);
    const pending = await login(t.app, account.email, PASSWORD);
    const before = (await mailbox(t.app, account.email)).length;
    const res = await post(t.app, '/api/auth/generate-two-factor-email-code', pending.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Two-factor code sent successfully.', data: {} });
    const [mail] = await mailbox(t.app, account.email, { atLeast: before + 1 });
    const code = codeFrom(mail!);
    // Once a minute.
    expect((await post(t.app, '/api/auth/generate-two-factor-email-code', pending.token)).statusCode).toBe(
      429,
    );

    const ok = await post(t.app, '/api/auth/verify-two-factor-email-code', pending.token, { code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Two-factor authentication verified successfully.');
    const { token } = ok.json().data;
    expect(claimsOf(token).twoFactorAuthenticated).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/userProgram/programs', headers: bearer(token) }))
        .statusCode,
    ).toBe(200);

    // Used up, and a session that already passed has nothing to verify.
    const other = await login(t.app, account.email, PASSWORD);
    expect(
      (await post(t.app, '/api/auth/verify-two-factor-email-code', other.token, { code })).statusCode,
    ).toBe(400);
    expect((await post(t.app, '/api/auth/verify-two-factor-email-code', token, { code })).statusCode).toBe(
      409,
    );
  });

  it('generate-two-factor-email-code refuses a user without two-factor', async () => {
    const account = await readyUser(t.app);
    const res = await post(t.app, '/api/auth/generate-two-factor-email-code', account.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Two-step verification is not on for this account.');
  });

  it('switching from the app to e-mailed codes: setup EMAIL while TOTP is on, confirmed with the mailed code', async () => {
    const account = await totpUser(t.app);
    const token = account.session.token;
    expect((await post(t.app, '/api/auth/setup-two-factor', token, { method: 'EMAIL' })).statusCode).toBe(
      200,
    );
    const [mail] = await mailbox(t.app, account.email, { atLeast: 3 });
    const res = await post(t.app, '/api/auth/verify-two-factor', token, { code: codeFrom(mail!) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.twoFactorMethod).toBe('EMAIL');
    // Login now mails a code.
    const before = (await mailbox(t.app, account.email, { atLeast: 4 })).length;
    await login(t.app, account.email, PASSWORD);
    const [signIn] = await mailbox(t.app, account.email, { atLeast: before + 1 });
    expect(signIn!.subject).toMatch(/sign-in code/);
  });
});
