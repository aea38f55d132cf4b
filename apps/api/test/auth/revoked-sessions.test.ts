import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, mailbox, refresh, resetLinkFrom, signup } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

// An access token lives 15 minutes, but a session that ends takes its access tokens with it on the very next
// call. Each token is used twice first, so on the embedded database the answer comes from remembered
// standings (decision 015) and a stale memory would let the call through.
describe('an ended session refuses its access tokens at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const me = async (token: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    return res.statusCode === 200 ? 200 : [res.statusCode, res.json().code];
  };
  const inUse = async (token: string) => {
    expect(await me(token)).toBe(200);
    expect(await me(token)).toBe(200);
  };
  const refused = [401, 'TOKEN_INVALID'];

  it('after sign-out, for that session only', async () => {
    const account = await signup(t.app);
    const other = await login(t.app, account.email, account.password);
    await inUse(account.token);
    await inUse(other.token);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: account.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    expect(await me(account.token)).toEqual(refused);
    expect(await me(other.token)).toBe(200);
  });

  it('after a password change, for every other session, while the one that changed it goes on', async () => {
    const account = await signup(t.app);
    const other = await login(t.app, account.email, account.password);
    await inUse(account.token);
    await inUse(other.token);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(account.token),
      payload: { currentPassword: account.password, newPassword: 'a-brand-new-password-7' },
    });
    expect(res.statusCode).toBe(200);
    expect(await me(other.token)).toEqual(refused);
    expect(await me(account.token)).toBe(200);
  });

  it('after a password reset, for every session', async () => {
    const account = await signup(t.app);
    const other = await login(t.app, account.email, account.password);
    await inUse(account.token);
    await inUse(other.token);

    const link = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-reset-password-link',
      payload: { email: account.email },
    });
    expect(link.statusCode).toBe(200);
    const mails = await mailbox(t.app, account.email, { atLeast: 2 });
    const mail = mails.find((m) => m.subject === 'Reset your Liftoff password');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetLinkFrom(mail!).token, password: 'a-brand-new-password-7' },
    });
    expect(res.statusCode).toBe(200);
    expect(await me(account.token)).toEqual(refused);
    expect(await me(other.token)).toEqual(refused);
    const fresh = await login(t.app, account.email, 'a-brand-new-password-7');
    expect(await me(fresh.token)).toBe(200);
  });

  it('when a reused refresh token revokes its family, and the rotated session keeps working until then', async () => {
    const account = await signup(t.app);
    await inUse(account.token);
    const rotated = (await refresh(t.app, account.refreshToken)).json().data;
    // Rotation keeps the session open: the earlier access token and the new one both work.
    expect(await me(account.token)).toBe(200);
    await inUse(rotated.accessToken);

    expect((await refresh(t.app, account.refreshToken)).statusCode).toBe(401);
    expect(await me(rotated.accessToken)).toEqual(refused);
    expect(await me(account.token)).toEqual(refused);
  });
});
