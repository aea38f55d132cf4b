import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, bearer, detailPaths, login, verifiedUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

describe('PUT /api/auth/me/tutorial: the tour marker kept on the account', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof verifiedUser>>;
  let bob: Awaited<ReturnType<typeof verifiedUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    [alice, bob] = [await verifiedUser(t.app), await verifiedUser(t.app, { firstName: 'Bob' })];
  });
  afterAll(() => t?.close());

  const put = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/auth/me/tutorial', headers: bearer(token), payload });
  const me = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).json().data;

  it('starts unset, and once set a sign-in on another device sees it', async () => {
    expect(alice.user.tutorialCompleted).toBe(false);
    const res = await put(alice.token, { completed: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Tutorial marker saved.');
    expect(res.json().data.tutorialCompleted).toBe(true);

    // A new session, as on a new device: the sign-in answer and /auth/me both carry the marker.
    const second = await login(t.app, alice.user.email, PASSWORD);
    expect(second.user.tutorialCompleted).toBe(true);
    expect((await me(second.token)).tutorialCompleted).toBe(true);
    // Someone else's marker is untouched.
    expect((await me(bob.token)).tutorialCompleted).toBe(false);
  });

  it('can offer the tour again', async () => {
    await put(bob.token, { completed: true });
    const res = await put(bob.token, { completed: false });
    expect(res.statusCode).toBe(200);
    expect((await me(bob.token)).tutorialCompleted).toBe(false);
  });

  it('answers 400 naming the field for a bad body and 401 without a session', async () => {
    for (const payload of [{}, { completed: 'yes' }, { completed: true, extra: 1 }]) {
      const res = await put(alice.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(detailPaths((await put(alice.token, { completed: 'yes' })).json())).toEqual(['completed']);
    // None of the refused calls changed the marker.
    expect((await me(alice.token)).tutorialCompleted).toBe(true);

    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/me/tutorial',
      payload: { completed: true },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
