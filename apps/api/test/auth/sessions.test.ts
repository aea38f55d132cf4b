import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../../src/features/auth/tables.js';
import { sha256 } from '../../src/lib/tokens.js';
import { bearer, login, PASSWORD, refresh, signup } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

describe('POST /api/auth/refresh and /api/auth/logout', () => {
  let t: TestApp;
  let email: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ email } = await signup(t.app));
  });
  afterAll(() => t?.close());

  /** A new session of the one account of this file (a refresh-token family of its own). */
  const session = () => login(t.app, email, PASSWORD);
  const logout = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken } });
  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

  it('rotates: a new token pair, and the new access token works', async () => {
    const s = await session();
    const res = await refresh(t.app, s.refreshToken);
    expect(res.statusCode).toBe(200);
    const { message, data } = res.json();
    expect(message).toBe('Token refreshed successfully.');
    expect(Object.keys(data).sort()).toEqual(['accessToken', 'refreshToken']);
    expect(data.refreshToken).not.toBe(s.refreshToken);
    expect((await me(data.accessToken)).statusCode).toBe(200);
    // The rotated pair rotates again.
    expect((await refresh(t.app, data.refreshToken)).statusCode).toBe(200);
  });

  it('a rotated token presented again revokes its whole family, and only that family', async () => {
    const s = await session();
    const bystander = await session();
    const first = (await refresh(t.app, s.refreshToken)).json().data;
    const second = (await refresh(t.app, first.refreshToken)).json().data;

    const reuse = await refresh(t.app, s.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({
      code: 'TOKEN_INVALID',
      message: expect.stringMatching(/signed out for your safety/),
    });

    // The newest token of that family is dead too.
    const newest = await refresh(t.app, second.refreshToken);
    expect(newest.statusCode).toBe(401);
    expect(newest.json().code).toBe('TOKEN_INVALID');

    // Another session of the same user is untouched.
    expect((await refresh(t.app, bystander.refreshToken)).statusCode).toBe(200);
  });

  it('refuses a bearer header that differs from the body, without rotating', async () => {
    const s = await session();
    const other = await session();
    const res = await refresh(t.app, s.refreshToken, other.refreshToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: 'TOKEN_INVALID',
      message: expect.stringMatching(/header and the body differ/),
    });
    // Neither token was used up.
    expect((await refresh(t.app, s.refreshToken)).statusCode).toBe(200);
    expect((await refresh(t.app, other.refreshToken)).statusCode).toBe(200);
  });

  it('two concurrent uses of one token: exactly one rotation succeeds', async () => {
    // Several rounds: which of the two gets where first varies, and every order must end the same way.
    for (let round = 0; round < 8; round++) {
      const s = await session();
      const answers = await Promise.all([refresh(t.app, s.refreshToken), refresh(t.app, s.refreshToken)]);
      const codes = answers.map((res) => res.statusCode).sort();
      expect(codes, `round ${round}`).toEqual([200, 401]);
      // The loser presented a rotated token: the family is revoked, the winner's new token included.
      const winner = answers.find((res) => res.statusCode === 200)!.json().data;
      expect((await refresh(t.app, winner.refreshToken)).statusCode, `round ${round}`).toBe(401);
    }
  });

  it('refuses unknown, expired and malformed refresh tokens', async () => {
    const unknown = await refresh(t.app, 'x'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('TOKEN_INVALID');

    const s = await session();
    await t.app.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, sha256(s.refreshToken)));
    const expired = await refresh(t.app, s.refreshToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('TOKEN_EXPIRED');

    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([{ path: 'refreshToken', message: 'Required' }]);
  });

  it('an access token is not a refresh token', async () => {
    const s = await session();
    const res = await refresh(t.app, s.token, null);
    expect([400, 401]).toContain(res.statusCode);
    expect((await refresh(t.app, s.refreshToken)).statusCode).toBe(200);
  });

  it('logout revokes the family: the token and its rotations stop working', async () => {
    const s = await session();
    const bystander = await session();
    const rotated = (await refresh(t.app, s.refreshToken)).json().data;

    const res = await logout(rotated.refreshToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'User logout successfully.', data: {} });

    expect((await refresh(t.app, rotated.refreshToken)).statusCode).toBe(401);
    expect((await refresh(t.app, bystander.refreshToken)).statusCode).toBe(200);

    // Logging out twice, or with an unknown token, answers the same.
    expect((await logout(rotated.refreshToken)).statusCode).toBe(200);
    expect((await logout('x'.repeat(43))).statusCode).toBe(200);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { token: 'x' },
    });
    expect(malformed.statusCode).toBe(400);
  });
});
