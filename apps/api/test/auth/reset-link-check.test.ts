import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes } from '../../src/features/auth/tables.js';
import { detailPaths, mailbox, resetLinkFrom, signup } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

describe('POST /api/auth/check-reset-password-link: the reset page asks before a password is typed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CONTENT_IMPORT: 'false' });
  });
  afterAll(() => t?.close());

  const check = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/check-reset-password-link', payload });
  const usable = async (token: string) => (await check({ token })).json().data.usable as boolean;
  async function linkFor(email: string, nth = 1) {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-reset-password-link',
      payload: { email },
    });
    expect(sent.statusCode).toBe(200);
    const mails = (await mailbox(t.app, email, { atLeast: nth + 1 })).filter(
      (mail) => mail.subject === 'Reset your Liftoff password',
    );
    expect(mails).toHaveLength(nth);
    return resetLinkFrom(mails[0]!).token;
  }

  it('a fresh link is usable, checking does not use it up, and once used it is not', async () => {
    const account = await signup(t.app);
    const token = await linkFor(account.email);
    const res = await check({ token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Reset link checked.', data: { usable: true } });
    // Checking does not use the link up.
    expect(await usable(token)).toBe(true);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'a-brand-new-password-7' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await usable(token)).toBe(false);
  });

  it('an expired link, one replaced by a newer one and an unknown one are not usable', async () => {
    const account = await signup(t.app);
    const older = await linkFor(account.email, 1);
    const newer = await linkFor(account.email, 2);
    expect(await usable(older)).toBe(false);
    expect(await usable(newer)).toBe(true);

    await t.app.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.userId, account.user.id));
    expect(await usable(newer)).toBe(false);
    expect(await usable('x'.repeat(43))).toBe(false);
  });

  it('answers 400 naming the field for a bad body, without a session', async () => {
    for (const payload of [{}, { token: 'short' }, { token: 42 }, { token: 'x'.repeat(43), extra: 1 }]) {
      const res = await check(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(detailPaths((await check({ token: 'short' })).json())).toEqual(['token']);
  });
});
