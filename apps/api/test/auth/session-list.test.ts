import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, detailPaths, login, readyUser, refresh } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('the list of signed-in sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const signIn = async (email: string, password: string, userAgent: string, ip: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': userAgent },
      remoteAddress: ip,
      payload: { email, password },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as { token: string; refreshToken: string };
  };
  const list = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(token) });
  const me = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode;

  it('shows each session with its device, the address it signed in from and its last use, this one marked', async () => {
    const account = await readyUser(t.app);
    const laptop = await signIn(account.email, account.password, FIREFOX_WINDOWS, '203.0.113.7');
    const phone = await signIn(account.email, account.password, SAFARI_IPHONE, '198.51.100.23');

    const res = await list(laptop.token);
    expect(res.statusCode).toBe(200);
    const sessions = res.json().data as { device: string; place: string | null; current: boolean }[];
    expect(sessions).toHaveLength(3);
    expect(sessions.map((s) => [s.device, s.place, s.current])).toEqual(
      expect.arrayContaining([
        ['Firefox on Windows', '203.0.113.7', true],
        ['Safari on iPhone', '198.51.100.23', false],
      ]),
    );
    // Newest use first: the phone signed in last; a refresh of the first session then moves it to the top.
    expect(sessions[0]!.device).toBe('Safari on iPhone');
    expect((await refresh(t.app, account.refreshToken)).statusCode).toBe(200);
    const after = (await list(phone.token)).json().data as {
      id: string;
      lastUsedAt: string;
      signedInAt: string;
    }[];
    expect(after[0]!.lastUsedAt > after[0]!.signedInAt).toBe(true);
  });

  it('signs out another session: its access token is refused on the very next call, the others go on', async () => {
    const account = await readyUser(t.app);
    const phone = await signIn(account.email, account.password, SAFARI_IPHONE, '198.51.100.23');
    expect(await me(phone.token)).toBe(200);
    expect(await me(phone.token)).toBe(200);
    const sessions = (await list(account.token)).json().data as {
      id: string;
      current: boolean;
      device: string;
    }[];
    const other = sessions.find((s) => s.device === 'Safari on iPhone')!;

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${other.id}`,
      headers: bearer(account.token),
    });
    expect(res.statusCode).toBe(200);
    expect(await me(phone.token)).toBe(401);
    expect((await refresh(t.app, phone.refreshToken)).statusCode).toBe(401);
    expect(await me(account.token)).toBe(200);
    expect((await list(account.token)).json().data).toHaveLength(1);

    // Already signed out: nothing left to end.
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${other.id}`,
      headers: bearer(account.token),
    });
    expect(again.statusCode).toBe(404);
  });

  it('signs out every other session at once and says how many', async () => {
    const account = await readyUser(t.app);
    const a = await login(t.app, account.email, account.password);
    const b = await login(t.app, account.email, account.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sessions/sign-out-others',
      headers: bearer(account.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ signedOut: 2 });
    expect([await me(a.token), await me(b.token), await me(account.token)]).toEqual([401, 401, 200]);
  });

  it("answers 404 for another person's session and 400 naming sessionId for a malformed one", async () => {
    const mine = await readyUser(t.app);
    const theirs = await readyUser(t.app);
    const [theirSession] = (await list(theirs.token)).json().data as { id: string }[];
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${theirSession!.id}`,
      headers: bearer(mine.token),
    });
    expect(res.statusCode).toBe(404);
    expect(await me(theirs.token)).toBe(200);
    // Their sessions never show in my list.
    expect((await list(mine.token)).json().data).toHaveLength(1);

    const bad = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/sessions/not-a-session',
      headers: bearer(mine.token),
    });
    expect(bad.statusCode).toBe(400);
    expect(detailPaths(bad.json())).toEqual(['sessionId']);
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sessions/sign-out-others',
      headers: bearer(mine.token),
      payload: { everyone: true },
    });
    expect(body.statusCode).toBe(400);
  });
});
