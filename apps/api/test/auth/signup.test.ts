import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  codeFrom,
  detailPaths,
  mailbox,
  PASSWORD,
  signup,
  uniqueEmail,
} from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

describe('POST /api/auth/signup', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const post = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/signup', payload });
  const body = (overrides: Record<string, unknown> = {}) => ({
    firstName: 'Ada',
    lastName: 'Founder',
    email: uniqueEmail(),
    password: PASSWORD,
    ...overrides,
  });

  it('creates an unverified account from JSON and answers a session', async () => {
    const email = uniqueEmail('Mixed.Case');
    const res = await post(body({ email: `  ${email.toUpperCase()} ` }));
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json.message).toBe('User sign up successfully.');
    expect(json.data.token).toEqual(expect.any(String));
    // 256 bits of randomness at least: 32 bytes are 43 base64url characters.
    expect(json.data.refreshToken.length).toBeGreaterThanOrEqual(43);
    expect(json.data.user).toEqual({
      id: expect.any(String),
      email: email.toLowerCase(),
      firstName: 'Ada',
      lastName: 'Founder',
      verified: false,
      twoFactorEnabled: false,
      twoFactorMethod: null,
      profileCompleted: false,
      profileImageUrl: null,
      meta: {},
      // Everyone who signs up is a founder; the program team's roles are granted in the studio.
      roles: ['founder'],
      // A new account has not taken the tour on any device.
      tutorialCompleted: false,
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(json)).not.toMatch(/argon2|passwordHash/i);

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(json.data.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(email.toLowerCase());
  });

  it('accepts application/x-www-form-urlencoded form data', async () => {
    const fields = body();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields as Record<string, string>).toString(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.user).toMatchObject({ email: fields.email, firstName: 'Ada', verified: false });
  });

  it('e-mails a 6-digit verification code with a text and an HTML part', async () => {
    const account = await signup(t.app);
    const mails = await mailbox(t.app, account.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toBe(account.email);
    const code = codeFrom(mail);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(code);
    expect(mail.html).toMatch(/^<!doctype html>/i);
    expect(mail.html).toContain(code);
    expect(mail.subject).toContain(code);
  });

  it('refuses a taken e-mail, whatever its case, with 409 EMAIL_TAKEN naming email', async () => {
    const account = await signup(t.app);
    for (const email of [account.email, account.email.toUpperCase()]) {
      const res = await post(body({ email }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        statusCode: 409,
        code: 'EMAIL_TAKEN',
        message: expect.stringMatching(/already exists/),
      });
      expect(detailPaths(res.json())).toEqual(['email']);
    }
  });

  it('two simultaneous sign-ups with one e-mail: one account, one 409', async () => {
    const fields = body();
    const answers = await Promise.all([post(fields), post({ ...fields, firstName: 'Twin' })]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
  });

  it('refuses passwords among the 1,000 most common, whatever their case', async () => {
    for (const password of ['baseball', 'iloveyou', 'Sunshine']) {
      const res = await post(body({ password }));
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'PASSWORD_REJECTED',
        message: expect.stringMatching(/too common/),
      });
      expect(detailPaths(res.json())).toEqual(['password']);
    }
  });

  it('refuses passwords shorter than 8 or longer than 128 characters, naming password', async () => {
    for (const password of ['x'.repeat(7), 'x'.repeat(129)]) {
      const res = await post(body({ password }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(detailPaths(res.json())).toEqual(['password']);
    }
  });

  it('accepts a 128-character password, and it signs in', async () => {
    const password = 'correct horse battery staple '.repeat(5).slice(0, 128);
    expect(password).toHaveLength(128);
    const account = await signup(t.app, { password });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password },
    });
    expect(res.statusCode).toBe(200);
  });

  it('lists every bad field and refuses unknown ones (no mass assignment)', async () => {
    const res = await post({ email: 'not-an-email', firstName: '', password: 'short', verified: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(detailPaths(res.json())).toEqual(['email', 'firstName', 'lastName', 'password', 'verified']);
  });
});
