import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupCodes, refreshTokens, users } from '../../src/features/auth/tables.js';
import { bearer, login, mailbox, PASSWORD, readyUser, refresh, resetLinkFrom } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { awayFromStepEdge, claimsOf, me, post, totp, totpUser } from './two-factor-support.js';

describe('two-factor with an authenticator app (TOTP)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CONTENT_IMPORT: 'false' });
  });
  afterAll(() => t?.close());

  it('setup answers a PNG QR code, the secret and the otpauth URL, and changes nothing until confirmed', async () => {
    const account = await readyUser(t.app);
    const res = await post(t.app, '/api/auth/setup-two-factor', account.token, { method: 'TOTP' });
    expect(res.statusCode).toBe(200);
    const { message, data } = res.json();
    expect(message).toBe('Two-factor authentication setup successfully.');
    expect(data.qrCodeUrl).toMatch(/^data:image\/png;base64,/);
    expect(Buffer.from(data.qrCodeUrl.split(',')[1], 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(data.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(data.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(url.searchParams.get('secret')).toBe(data.secret);
    expect(url.searchParams.get('issuer')).toBe('Liftoff');
    expect(url.searchParams.get('algorithm')).toBe('SHA1');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    expect(decodeURIComponent(url.pathname)).toContain(account.email);

    // Pending: two-factor is still off, and the secret is stored encrypted, not as issued.
    const user = (await me(t.app, account.token)).json().data;
    expect(user).toMatchObject({ twoFactorEnabled: false, twoFactorMethod: null });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, account.user.id));
    expect(row!.twoFactorEnabled).toBe(false);
    expect(row!.twoFactorPendingSecret).toBeTruthy();
    expect(row!.twoFactorPendingSecret).not.toContain(data.secret);
    expect(JSON.stringify(row)).not.toContain(data.secret);
  });

  it('a confirmed setup turns it on, answers 10 backup codes once and a new token pair that passed the second factor', async () => {
    const account = await readyUser(t.app);
    await awayFromStepEdge();
    const { secret } = (
      await post(t.app, '/api/auth/setup-two-factor', account.token, { method: 'TOTP' })
    ).json().data;
    const res = await post(t.app, '/api/auth/verify-two-factor', account.token, { code: totp(secret) });
    expect(res.statusCode).toBe(200);
    const { message, data } = res.json();
    expect(message).toBe('Two-factor authentication verified successfully.');
    expect(data.user).toMatchObject({ twoFactorEnabled: true, twoFactorMethod: 'TOTP' });
    expect(data.token).not.toBe(account.token);
    expect(data.refreshToken).not.toBe(account.refreshToken);
    expect(claimsOf(data.token).twoFactorAuthenticated).toBe(true);
    // The session stays the same one (same family), and every refresh row of it now says so.
    expect(claimsOf(data.token).sid).toBe(claimsOf(account.token).sid);
    const rows = await t.app.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, claimsOf(data.token).sid));
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((row) => row.twoFactorAuthenticated)).toBe(true);
    // ... so refreshing keeps the second factor.
    const refreshed = await refresh(t.app, data.refreshToken);
    expect(claimsOf(refreshed.json().data.accessToken).twoFactorAuthenticated).toBe(true);

    // Ten distinct codes, ≥ 40 bits each (10 symbols of a 31-letter alphabet ≈ 49.5 bits), stored hashed.
    expect(data.backupCodes).toHaveLength(10);
    expect(new Set(data.backupCodes).size).toBe(10);
    for (const code of data.backupCodes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);
    const stored = await t.app.db.select().from(backupCodes).where(eq(backupCodes.userId, account.user.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(data.backupCodes).not.toContain(row.codeHash);

    // GET /auth/me reports it.
    expect((await me(t.app, refreshed.json().data.accessToken)).json().data).toMatchObject({
      twoFactorEnabled: true,
      twoFactorMethod: 'TOTP',
    });
    // A notice mail.
    const mails = await mailbox(t.app, account.email, { atLeast: 2 });
    expect(mails[0]!.subject).toBe('Two-step verification is on for your Liftoff account');
  });

  it('login then asks for the second factor: the token opens only the allowed calls until a code is verified', async () => {
    const account = await totpUser(t.app);
    const pending = await login(t.app, account.email, PASSWORD);
    expect(claimsOf(pending.token).twoFactorAuthenticated).toBe(false);
    expect(pending.user).toMatchObject({ twoFactorEnabled: true, twoFactorMethod: 'TOTP' });
    expect((await me(t.app, pending.token)).statusCode).toBe(200);
    const programs = await t.app.inject({
      method: 'GET',
      url: '/api/userProgram/programs',
      headers: bearer(pending.token),
    });
    expect(programs.statusCode).toBe(403);
    expect(programs.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });

    // The next step's code (one step of drift is accepted); the setup code itself would be a replay.
    const res = await post(t.app, '/api/auth/verify-two-factor', pending.token, {
      code: totp(account.secret, 1),
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.backupCodes).toBeUndefined();
    expect(claimsOf(data.token).twoFactorAuthenticated).toBe(true);
    expect(claimsOf(data.token).sid).toBe(claimsOf(pending.token).sid);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/userProgram/programs',
      headers: bearer(data.token),
    });
    expect(after.statusCode).toBe(200);
    // The token presented before the second factor is retired: presenting it again revokes the session.
    expect((await refresh(t.app, pending.refreshToken)).statusCode).toBe(401);
  });

  it('refuses a wrong code, an expired code and a replayed code', async () => {
    const account = await totpUser(t.app);
    await awayFromStepEdge();
    const pending = await login(t.app, account.email, PASSWORD);
    const verify = (code: string) => post(t.app, '/api/auth/verify-two-factor', pending.token, { code });

    const good = totp(account.secret);
    const wrong = String((Number(good) + 1) % 1_000_000).padStart(6, '0');
    const res = await verify(wrong);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'CODE_INVALID',
      message: 'That code is not right. 4 tries left.',
      details: [{ path: 'code' }],
    });

    // Three steps (90 s) back: outside the ±1 step window.
    const expired = await verify(totp(account.secret, -3));
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({
      code: 'CODE_EXPIRED',
      message: expect.stringMatching(/^This code has expired\. .*3 tries left\.$/),
    });

    // The code that finished the setup, replayed at login.
    const replayedSetup = await verify(account.setupCode);
    expect(replayedSetup.statusCode).toBe(400);
    expect(replayedSetup.json()).toMatchObject({
      code: 'CODE_INVALID',
      message: expect.stringMatching(/already used/),
    });

    // A fresh code passes once; the same code on another sign-in is a replay.
    const fresh = totp(account.secret, 1);
    expect((await verify(fresh)).statusCode).toBe(200);
    const other = await login(t.app, account.email, PASSWORD);
    const replay = await post(t.app, '/api/auth/verify-two-factor', other.token, { code: fresh });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toMatch(/^This code was already used/);
    // A code of an earlier step than the last accepted one is refused too, even inside the window.
    const earlier = await post(t.app, '/api/auth/verify-two-factor', other.token, {
      code: totp(account.secret),
    });
    expect(earlier.statusCode).toBe(400);
    expect(earlier.json().message).toMatch(/already used/);
  });

  it('two simultaneous uses of one code let exactly one through', async () => {
    const account = await totpUser(t.app);
    await awayFromStepEdge();
    const [a, b] = [await login(t.app, account.email, PASSWORD), await login(t.app, account.email, PASSWORD)];
    const code = totp(account.secret, 1);
    const answers = await Promise.all([
      post(t.app, '/api/auth/verify-two-factor', a.token, { code }),
      post(t.app, '/api/auth/verify-two-factor', b.token, { code }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
  });

  it('validates the body: a 6-digit code, nothing else', async () => {
    const account = await totpUser(t.app);
    const pending = await login(t.app, account.email, PASSWORD);
    for (const payload of [{ code: '12345' }, { code: 'abcdef' }, {}, { code: '123456', extra: 1 }]) {
      const res = await post(t.app, '/api/auth/verify-two-factor', pending.token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const method = await post(t.app, '/api/auth/setup-two-factor', account.session.token, { method: 'SMS' });
    expect(method.statusCode).toBe(400);
  });

  it('refreshing a session that has not passed the second factor never yields one that did', async () => {
    const account = await totpUser(t.app);
    const pending = await login(t.app, account.email, PASSWORD);
    const res = await refresh(t.app, pending.refreshToken);
    expect(res.statusCode).toBe(200);
    const token = res.json().data.accessToken;
    expect(claimsOf(token).twoFactorAuthenticated).toBe(false);
    const programs = await t.app.inject({
      method: 'GET',
      url: '/api/userProgram/programs',
      headers: bearer(token),
    });
    expect(programs.json().code).toBe('TWO_FACTOR_REQUIRED');
  });

  it('a password reset never skips the second factor', async () => {
    const account = await totpUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-reset-password-link',
      payload: { email: account.email },
    });
    const mails = await mailbox(t.app, account.email, { atLeast: 3 });
    const { token } = resetLinkFrom(mails.find((mail) => /Reset your/.test(mail.subject))!);
    const newPassword = 'quiet-harbor-lantern-9';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: newPassword },
    });
    expect(reset.statusCode).toBe(200);
    const session = await login(t.app, account.email, newPassword);
    expect(claimsOf(session.token).twoFactorAuthenticated).toBe(false);
    expect(session.user.twoFactorEnabled).toBe(true);
    const programs = await t.app.inject({
      method: 'GET',
      url: '/api/userProgram/programs',
      headers: bearer(session.token),
    });
    expect(programs.json().code).toBe('TWO_FACTOR_REQUIRED');
  });

  it('a re-run of setup keeps the old factor until confirmed, then replaces the secret and the backup codes', async () => {
    const account = await totpUser(t.app);
    const token = account.session.token;
    const { secret } = (await post(t.app, '/api/auth/setup-two-factor', token, { method: 'TOTP' })).json()
      .data;
    expect(secret).not.toBe(account.secret);
    // Not confirmed yet: the old backup codes still work.
    const pending = await login(t.app, account.email, PASSWORD);
    expect(
      (await post(t.app, '/api/auth/verify-backup-code', pending.token, { code: account.backupCodes[0] }))
        .statusCode,
    ).toBe(200);

    await awayFromStepEdge();
    const confirmed = await post(t.app, '/api/auth/verify-two-factor', token, { code: totp(secret, 1) });
    expect(confirmed.statusCode).toBe(200);
    const fresh = confirmed.json().data.backupCodes as string[];
    expect(fresh).toHaveLength(10);
    const second = await login(t.app, account.email, PASSWORD);
    const old = await post(t.app, '/api/auth/verify-backup-code', second.token, {
      code: account.backupCodes[1],
    });
    expect(old.statusCode).toBe(400);
    expect(
      (await post(t.app, '/api/auth/verify-backup-code', second.token, { code: fresh[0] })).statusCode,
    ).toBe(200);
  });

  it('verify-two-factor without a setup in progress answers 409', async () => {
    const account = await readyUser(t.app);
    const res = await post(t.app, '/api/auth/verify-two-factor', account.token, { code: '123456' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Start the setup first/);
  });

  it('disable: refused to a session that has not passed the second factor; otherwise clears everything and mails a notice', async () => {
    const account = await totpUser(t.app);
    const pending = await login(t.app, account.email, PASSWORD);
    const refused = await post(t.app, '/api/auth/disable-two-factor', pending.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });

    const res = await post(t.app, '/api/auth/disable-two-factor', account.session.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Two-factor authentication disabled successfully.',
      data: { user: { twoFactorEnabled: false, twoFactorMethod: null } },
    });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, account.user.id));
    expect(row).toMatchObject({ twoFactorSecret: null, twoFactorMethod: null, twoFactorPendingSecret: null });
    expect(
      await t.app.db.select().from(backupCodes).where(eq(backupCodes.userId, account.user.id)),
    ).toHaveLength(0);
    const [mail] = await mailbox(t.app, account.email, { atLeast: 3 });
    expect(mail!.subject).toBe('Two-step verification was turned off for your Liftoff account');

    // The pending session of before is no longer held back, and sign-in needs no second factor.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/userProgram/programs',
          headers: bearer(pending.token),
        })
      ).statusCode,
    ).toBe(200);
    const again = await post(t.app, '/api/auth/disable-two-factor', account.session.token);
    expect(again.statusCode).toBe(409);
  });

  it('a password change sends a notice mail', async () => {
    const account = await readyUser(t.app);
    const res = await post(t.app, '/api/auth/change-password', account.token, {
      currentPassword: PASSWORD,
      newPassword: 'amber-violin-comet-31',
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await mailbox(t.app, account.email, { atLeast: 2 });
    expect(mail!.subject).toBe('Your Liftoff password was changed');
  });
});
