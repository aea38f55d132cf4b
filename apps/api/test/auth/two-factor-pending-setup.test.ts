import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { awayFromStepEdge, me, post, totp } from './two-factor-support.js';

describe('a TOTP setup in progress keeps its secret', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CONTENT_IMPORT: 'false' });
  });
  afterAll(() => t?.close());

  const setup = async (token: string, method: 'TOTP' | 'EMAIL' = 'TOTP') => {
    const res = await post(t.app, '/api/auth/setup-two-factor', token, { method });
    expect(res.statusCode).toBe(200);
    return res.json().data as { secret?: string; otpauthUrl?: string; qrCodeUrl?: string };
  };

  it('a second setup call (a reload) answers the same secret, and the first QR code confirms the setup', async () => {
    const account = await readyUser(t.app);
    const first = await setup(account.token);
    const second = await setup(account.token);
    expect(second.secret).toBe(first.secret);
    expect(second.otpauthUrl).toBe(first.otpauthUrl);
    expect(second.qrCodeUrl).toBe(first.qrCodeUrl);

    await awayFromStepEdge();
    const confirmed = await post(t.app, '/api/auth/verify-two-factor', account.token, {
      code: totp(first.secret!),
    });
    expect(confirmed.statusCode).toBe(200);
    const session = confirmed.json().data as { token: string };
    expect((await me(t.app, session.token)).json().data.twoFactorEnabled).toBe(true);

    // Once confirmed the setup is over: setting up again (a new device) starts with a new secret.
    const again = await setup(session.token);
    expect(again.secret).not.toBe(first.secret);
  });

  it('choosing the e-mail method instead ends the TOTP setup: the next one has a new secret', async () => {
    const account = await readyUser(t.app);
    const first = await setup(account.token);
    expect(await setup(account.token, 'EMAIL')).toEqual({});
    const next = await setup(account.token);
    expect(next.secret).not.toBe(first.secret);
    // The secret of the ended setup no longer confirms anything.
    await awayFromStepEdge();
    const stale = await post(t.app, '/api/auth/verify-two-factor', account.token, {
      code: totp(first.secret!),
    });
    expect(stale.statusCode).toBe(400);
    expect((await me(t.app, account.token)).json().data.twoFactorEnabled).toBe(false);
  });
});
