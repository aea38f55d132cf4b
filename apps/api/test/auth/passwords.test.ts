import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes } from '../../src/features/auth/tables.js';
import {
  bearer,
  detailPaths,
  login,
  mailbox,
  refresh,
  resetLinkFrom,
  signup,
  uniqueEmail,
} from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

const APP_URL = 'https://app.liftoff.test';

describe('password reset and change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ APP_URL });
  });
  afterAll(() => t?.close());

  const sendLink = (email: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/send-reset-password-link', headers, payload: { email } });
  const reset = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
  const change = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: bearer(token), payload });
  const resetMails = async (email: string, atLeast = 1) =>
    (await mailbox(t.app, email, { atLeast: atLeast + 1 })).filter(
      (mail) => mail.subject === 'Reset your Liftoff password',
    );
  async function linkFor(email: string, nth = 1) {
    expect((await sendLink(email)).statusCode).toBe(200);
    const mails = await resetMails(email, nth);
    expect(mails).toHaveLength(nth);
    return resetLinkFrom(mails[0]!);
  }

  describe('POST /send-reset-password-link', () => {
    it('answers the same for an existing and an unknown e-mail, and mails only the account', async () => {
      const account = await signup(t.app);
      const unknownEmail = uniqueEmail('nobody');
      const unknown = await sendLink(unknownEmail);
      const known = await sendLink(account.email, {
        host: 'evil.example.com',
        'x-forwarded-host': 'evil.example.com',
      });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.json()).toEqual(known.json());
      expect(known.json()).toEqual({
        message: 'Reset Password link send on given email successfully.',
        data: {},
      });

      const [mail] = await resetMails(account.email);
      expect(mail).toBeDefined();
      // Links use APP_URL, never the request's Host header.
      const { url, token } = resetLinkFrom(mail!);
      expect(url.startsWith(`${APP_URL}/reset-password?token=`)).toBe(true);
      expect(mail!.text).not.toContain('evil.example.com');
      expect(mail!.html).not.toContain('evil.example.com');
      expect(mail!.html).toContain(`${APP_URL}/reset-password?token=`);
      expect(token.length).toBeGreaterThanOrEqual(43);

      expect(await mailbox(t.app, unknownEmail, { atLeast: 1, timeoutMs: 300 })).toEqual([]);
    });

    it('refuses a malformed e-mail with 400 naming email', async () => {
      const res = await sendLink('not-an-email');
      expect(res.statusCode).toBe(400);
      expect(detailPaths(res.json())).toEqual(['email']);
    });
  });

  describe('POST /reset-password', () => {
    it('sets the new password once, signs out every session, and verifies the e-mail', async () => {
      const account = await signup(t.app);
      const other = await login(t.app, account.email, account.password);
      const { token } = await linkFor(account.email);

      const res = await reset(token, 'a-brand-new-password-7');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Password Reset successfully.', data: {} });

      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: account.email, password: account.password },
          })
        ).statusCode,
      ).toBe(401);
      const session = await login(t.app, account.email, 'a-brand-new-password-7');
      expect(session.user.verified).toBe(true);

      // Every refresh token issued before the reset is revoked.
      for (const old of [account.refreshToken, other.refreshToken]) {
        const r = await refresh(t.app, old);
        expect(r.statusCode).toBe(401);
      }

      // The link works once.
      const again = await reset(token, 'yet-another-password-8');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({
        code: 'CODE_EXPIRED',
        message: expect.stringMatching(/expired or was already used/),
      });
      expect(detailPaths(again.json())).toEqual(['token']);
    });

    it('refuses an expired link', async () => {
      const account = await signup(t.app);
      const { token } = await linkFor(account.email);
      await t.app.db
        .update(oneTimeCodes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(oneTimeCodes.userId, account.user.id));
      const res = await reset(token, 'a-brand-new-password-7');
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('CODE_EXPIRED');
      expect((await login(t.app, account.email, account.password)).user.id).toBe(account.user.id);
    });

    it('a newer link replaces the older one', async () => {
      const account = await signup(t.app);
      const first = await linkFor(account.email, 1);
      const second = await linkFor(account.email, 2);
      expect(second.token).not.toBe(first.token);
      expect((await reset(first.token, 'a-brand-new-password-7')).statusCode).toBe(400);
      expect((await reset(second.token, 'a-brand-new-password-7')).statusCode).toBe(200);
    });

    it('refuses an unknown token, a common password and a short one without using the link', async () => {
      const account = await signup(t.app);
      const { token } = await linkFor(account.email);
      const unknown = await reset('x'.repeat(43), 'a-brand-new-password-7');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().code).toBe('CODE_EXPIRED');

      const common = await reset(token, 'iloveyou');
      expect(common.statusCode).toBe(400);
      expect(common.json().code).toBe('PASSWORD_REJECTED');
      expect(detailPaths(common.json())).toEqual(['password']);

      const short = await reset(token, 'short');
      expect(short.statusCode).toBe(400);
      expect(detailPaths(short.json())).toEqual(['password']);

      expect((await reset(token, 'a-brand-new-password-7')).statusCode).toBe(200);
    });
  });

  describe('POST /change-password', () => {
    it('refuses a wrong current password with 400 naming currentPassword', async () => {
      const account = await signup(t.app);
      const res = await change(account.token, {
        currentPassword: 'not-my-password',
        newPassword: 'a-brand-new-password-7',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Your current password is not right.' });
      expect(detailPaths(res.json())).toEqual(['currentPassword']);
    });

    it('refuses a new password that is common, too short, or the same, naming newPassword', async () => {
      const account = await signup(t.app);
      for (const newPassword of ['baseball', 'short', account.password]) {
        const res = await change(account.token, { currentPassword: account.password, newPassword });
        expect(res.statusCode, newPassword).toBe(400);
        expect(detailPaths(res.json())).toEqual(['newPassword']);
      }
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { currentPassword: account.password, newPassword: 'a-brand-new-password-7' },
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('changes the password, keeps the current session, signs out the others, and mails a notice', async () => {
      const account = await signup(t.app);
      const other = await login(t.app, account.email, account.password);
      const res = await change(account.token, {
        currentPassword: account.password,
        newPassword: 'a-brand-new-password-7',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'The password was changed successfully!', data: {} });

      expect((await refresh(t.app, other.refreshToken)).statusCode).toBe(401);
      const mine = await refresh(t.app, account.refreshToken);
      expect(mine.statusCode).toBe(200);

      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: account.email, password: account.password },
          })
        ).statusCode,
      ).toBe(401);
      await login(t.app, account.email, 'a-brand-new-password-7');

      const notice = (await mailbox(t.app, account.email, { atLeast: 2 })).find(
        (mail) => mail.subject === 'Your Liftoff password was changed',
      );
      expect(notice).toBeDefined();
      expect(notice!.text).toMatch(/password .* was just changed/);
      expect(notice!.html).toMatch(/<html/);
    });
  });
});
