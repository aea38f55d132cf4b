import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes } from '../../src/features/auth/tables.js';
import { bearer, codeFrom, mailbox, signup } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

describe('POST /api/auth/verify-email and /api/auth/resend-email-verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const verify = (token: string, code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      headers: bearer(token),
      payload: { code },
    });
  const resend = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/resend-email-verification', headers: bearer(token) });
  /** A code other than `code`, so a "wrong code" can never be right by chance. */
  const wrong = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0');
  /** Moves the user's codes back in time, as if `seconds` had passed. */
  async function age(userId: string, seconds: number) {
    const rows = await t.app.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, userId));
    for (const code of rows) {
      await t.app.db
        .update(oneTimeCodes)
        .set({
          createdAt: new Date(code.createdAt.getTime() - seconds * 1000),
          expiresAt: new Date(code.expiresAt.getTime() - seconds * 1000),
        })
        .where(eq(oneTimeCodes.id, code.id));
    }
    expect(rows.length).toBeGreaterThan(0);
  }
  async function freshAccount() {
    const account = await signup(t.app);
    const [mail] = await mailbox(t.app, account.email);
    return { ...account, code: codeFrom(mail!) };
  }

  it('verifies the e-mail with the right code', async () => {
    const account = await freshAccount();
    const res = await verify(account.token, account.code);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Email verified successfully.');
    expect(res.json().data.user).toMatchObject({ id: account.user.id, verified: true });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(account.token) });
    expect(me.json().data.verified).toBe(true);
  });

  it('refuses a wrong code with the tries left, and the fifth wrong try closes the code', async () => {
    const account = await freshAccount();
    for (let attempt = 1; attempt <= 4; attempt++) {
      const res = await verify(account.token, wrong(account.code, attempt));
      expect(res.statusCode).toBe(400);
      const left = 5 - attempt;
      expect(res.json()).toMatchObject({
        code: 'CODE_INVALID',
        message: `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
        details: [{ path: 'code', message: expect.any(String) }],
      });
    }
    const fifth = await verify(account.token, wrong(account.code, 5));
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json()).toMatchObject({
      code: 'CODE_ATTEMPTS_EXCEEDED',
      message: expect.stringMatching(/Request a new code/),
    });

    // Even the right code is refused now, until a new code is requested.
    const right = await verify(account.token, account.code);
    expect(right.statusCode).toBe(400);
    expect(right.json().code).toBe('CODE_ATTEMPTS_EXCEEDED');

    await age(account.user.id, 61); // past the resend cooldown
    expect((await resend(account.token)).statusCode).toBe(200);
    const mails = await mailbox(t.app, account.email, { atLeast: 2 });
    const newCode = codeFrom(mails[0]!);
    expect((await verify(account.token, newCode)).statusCode).toBe(200);
  });

  it('refuses an expired code with CODE_EXPIRED', async () => {
    const account = await freshAccount();
    await t.app.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.userId, account.user.id));
    const res = await verify(account.token, account.code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'CODE_EXPIRED', message: expect.stringMatching(/expired/) });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(account.token) })).json().data
        .verified,
    ).toBe(false);
  });

  it('the code is valid for 15 minutes', async () => {
    const account = await freshAccount();
    await age(account.user.id, 14 * 60);
    expect((await verify(account.token, account.code)).statusCode).toBe(200);

    const late = await freshAccount();
    await age(late.user.id, 15 * 60 + 1);
    expect((await verify(late.token, late.code)).json().code).toBe('CODE_EXPIRED');
  });

  it('refuses a malformed code and a call without a token', async () => {
    const account = await freshAccount();
    const malformed = await verify(account.token, '12ab');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'code' }] });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { code: account.code },
    });
    expect(anonymous.statusCode).toBe(401);
    // Neither counted as a wrong try.
    expect((await verify(account.token, account.code)).statusCode).toBe(200);
  });

  it('resend answers 429 during the cooldown, then sends a new code that replaces the old one', async () => {
    const account = await freshAccount();
    const early = await resend(account.token);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/wait \d+ seconds/),
    });
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(early.headers['retry-after'])).toBeLessThanOrEqual(60);

    await age(account.user.id, 61);
    const res = await resend(account.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Verification email sent successfully.', data: {} });
    const mails = await mailbox(t.app, account.email, { atLeast: 2 });
    expect(mails).toHaveLength(2);
    const newCode = codeFrom(mails[0]!);
    expect(mails[0]!.html).toContain(newCode);

    if (newCode !== account.code) {
      const old = await verify(account.token, account.code);
      expect(old.statusCode).toBe(400);
      expect(old.json().code).toBe('CODE_INVALID');
    }
    expect((await verify(account.token, newCode)).statusCode).toBe(200);
  });

  it('resend answers 409 once the e-mail is verified', async () => {
    const account = await freshAccount();
    expect((await verify(account.token, account.code)).statusCode).toBe(200);
    const res = await resend(account.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/already verified/),
    });
  });
});
