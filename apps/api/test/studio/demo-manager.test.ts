import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { awayFromStepEdge, post, totp } from '../auth/two-factor-support.js';

describe('the demo manager', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CONTENT_IMPORT: 'false' });
  });
  afterAll(() => t?.close());

  it('signs in with the printed authenticator key and opens the studio; a second start prints the same key', async () => {
    const email = 'manager@liftoff.local';
    const password = 'liftoff-demo-2026';
    const first = await t.app.auth.ensureDemoManager(email, password);
    expect(first.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await t.app.auth.ensureDemoManager(email, password)).toEqual(first);

    await awayFromStepEdge();
    const pending = await login(t.app, email, password);
    expect(pending.user).toMatchObject({
      roles: ['manager', 'admin'],
      twoFactorEnabled: true,
      twoFactorMethod: 'TOTP',
    });
    const verified = await post(t.app, '/api/auth/verify-two-factor', pending.token, {
      code: totp(first.secret!),
    });
    expect(verified.statusCode).toBe(200);
    const token = verified.json().data.token as string;
    const people = await t.app.inject({ method: 'GET', url: '/api/studio/people', headers: bearer(token) });
    expect(people.statusCode).toBe(200);
    // Without the second factor the same session opens nothing of the studio.
    const pendingCall = await t.app.inject({
      method: 'GET',
      url: '/api/studio/people',
      headers: bearer(pending.token),
    });
    expect(pendingCall.json().code).toBe('TWO_FACTOR_REQUIRED');
  });
});
