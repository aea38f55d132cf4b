import { decodeJwt, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, signup } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

describe('POST /api/auth/login and GET /api/auth/me', () => {
  let t: TestApp;
  let account: Awaited<ReturnType<typeof signup>>;
  beforeAll(async () => {
    t = await createTestApp();
    account = await signup(t.app);
  });
  afterAll(() => t?.close());

  const login = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload });

  it('signs in with the right password (e-mail in any case) and answers a session', async () => {
    const res = await login({ email: account.email.toUpperCase(), password: account.password });
    expect(res.statusCode).toBe(200);
    const { message, data } = res.json();
    expect(message).toBe('User login successfully.');
    expect(data.user).toMatchObject({ id: account.user.id, email: account.email, verified: false });
    expect(data.refreshToken).not.toBe(account.refreshToken);

    // The access token carries what the contract promises, for the configured 15 minutes.
    const claims = decodeJwt(data.token);
    expect(claims.sub).toBe(account.user.id);
    expect(claims.twoFactorAuthenticated).toBe(false);
    expect(claims.exp! - claims.iat!).toBe(t.config.ACCESS_TOKEN_TTL_SECONDS);
    expect(t.config.ACCESS_TOKEN_TTL_SECONDS).toBe(900);
  });

  it("refuses a wrong password with 401 and the server's message", async () => {
    const res = await login({ email: account.email, password: 'not-the-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      statusCode: 401,
      code: 'INVALID_CREDENTIALS',
      message: 'Incorrect e-mail or password.',
    });
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const wrong = await login({ email: account.email, password: 'not-the-password' });
    const unknown = await login({ email: 'nobody-here@example.com', password: 'not-the-password' });
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses malformed bodies with every field named', async () => {
    const res = await login({ email: 'nope', extra: 1 });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['email', 'extra', 'password']);
  });

  it('locks the account after too many failures, even for the right password, and only that account', async () => {
    const victim = await signup(t.app);
    const limit = t.config.ACCOUNT_RATE_LIMIT_PER_15_MINUTES;
    for (let i = 0; i < limit; i++) {
      const res = await login({ email: victim.email, password: `wrong-password-${i}` });
      expect(res.statusCode).toBe(401);
    }
    for (const password of ['wrong-again-1', victim.password]) {
      const res = await login({ email: victim.email, password });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({
        statusCode: 429,
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/Try again in \d+ minutes/),
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(60);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    }
    // Another account is not locked by it.
    expect((await login({ email: account.email, password: account.password })).statusCode).toBe(200);
  });

  it('GET /me answers the user for a valid access token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(account.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'User fetched successfully.', data: account.user });
  });

  it('GET /me refuses no token, a forged token, an expired token and a deleted subject', async () => {
    const noToken = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json()).toMatchObject({ code: 'UNAUTHORIZED' });

    const key = new TextEncoder().encode(t.config.JWT_SECRET);
    const sign = (sub: string, exp: number, secret = key) =>
      new SignJWT({ twoFactorAuthenticated: false, sid: crypto.randomUUID() })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setIssuedAt(exp - 900)
        .setExpirationTime(exp)
        .sign(secret);
    const now = Math.floor(Date.now() / 1000);

    const forged = await sign(
      account.user.id,
      now + 600,
      new TextEncoder().encode('another-secret-another-secret-another-secret'),
    );
    const expired = await sign(account.user.id, now - 5);
    const ghost = await sign(crypto.randomUUID(), now + 600);
    const [header, payload, signature] = account.token.split('.') as [string, string, string];
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    // Someone else's id under the genuine signature.
    const tampered = [header, encode({ ...claims, sub: crypto.randomUUID() }), signature].join('.');
    const unsigned = [encode({ alg: 'none', typ: 'JWT' }), payload, ''].join('.');
    const otherAlgorithm = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .sign(new TextEncoder().encode(t.config.JWT_SECRET));
    const withoutSession = await new SignJWT({ twoFactorAuthenticated: false })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(account.user.id)
      .setIssuedAt()
      .setExpirationTime(now + 600)
      .sign(key);
    const cases: [string, string][] = [
      ['garbage', 'TOKEN_INVALID'],
      [forged, 'TOKEN_INVALID'],
      [expired, 'TOKEN_EXPIRED'],
      [ghost, 'TOKEN_INVALID'],
      [tampered, 'TOKEN_INVALID'],
      [unsigned, 'TOKEN_INVALID'],
      [otherAlgorithm, 'TOKEN_INVALID'],
      [withoutSession, 'TOKEN_INVALID'],
      [`${account.token}x`, 'TOKEN_INVALID'],
      // A refresh token is not an access token.
      [account.refreshToken, 'TOKEN_INVALID'],
    ];
    for (const [token, code] of cases) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      expect(res.statusCode, code).toBe(401);
      expect(res.json().code).toBe(code);
    }
  });

  describe('a token already accepted', () => {
    afterEach(() => vi.useRealTimers());

    it('is refused once it expires, and a tampered copy of it never passes', async () => {
      const session = (await login({ email: account.email, password: account.password })).json().data;
      const me = (token: string) =>
        t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      expect((await me(session.token)).statusCode).toBe(200);
      expect((await me(session.token)).statusCode).toBe(200);

      // One character of the signature changed: the server remembers the genuine token, not this one.
      const last = session.token.at(-2) === 'A' ? 'B' : 'A';
      const altered = `${session.token.slice(0, -2)}${last}${session.token.at(-1)}`;
      expect((await me(altered)).json().code).toBe('TOKEN_INVALID');

      // Past its lifetime, the very token that just passed is turned away.
      vi.useFakeTimers({
        toFake: ['Date'],
        now: Date.now() + (t.config.ACCESS_TOKEN_TTL_SECONDS + 1) * 1000,
      });
      const late = await me(session.token);
      expect(late.statusCode).toBe(401);
      expect(late.json().code).toBe('TOKEN_EXPIRED');
      expect((await me(session.token)).json().code).toBe('TOKEN_EXPIRED');
    });
  });
});
