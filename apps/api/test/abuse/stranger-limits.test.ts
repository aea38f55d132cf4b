import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { mailbox, signup, uniqueEmail } from '../helpers/accounts.js';

// What a stranger can call without an account is limited like every other credential call.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CREDENTIAL_RATE_LIMIT_PER_MINUTE: '20', MAIL_COOLDOWN_SECONDS: '60' });
});
afterAll(async () => t.close());

describe('calls open to strangers', () => {
  it('check-user-email-exists allows the credential limit (20 a minute), then 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/check-user-email-exists',
        payload: { email: uniqueEmail('probe') },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another IP is not affected.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/check-user-email-exists',
      remoteAddress: '203.0.113.9',
      payload: { email: 'someone@example.com' },
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('the development mailbox requires the address and names `to` when it is missing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { path: string }) => d.path)).toEqual(['to']);
  });

  it('ten reset requests for one address within seconds send one mail, and answer as for an unknown address', async () => {
    const account = await signup(t.app);
    const stranger = uniqueEmail('nobody');
    const answers = new Set<string>();
    for (const email of [account.email, stranger]) {
      for (let i = 0; i < 10; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/send-reset-password-link',
          remoteAddress: `198.51.100.${i + 1}`,
          payload: { email },
        });
        answers.add(`${res.statusCode} ${res.body}`);
      }
    }
    expect([...answers]).toEqual([
      '200 {"message":"Reset Password link send on given email successfully.","data":{}}',
    ]);
    await mailbox(t.app, account.email, { atLeast: 3, timeoutMs: 1500 }); // give any extra mail time to arrive
    const resets = (await mailbox(t.app, account.email, { atLeast: 1 })).filter((m) =>
      /Reset your Liftoff password/.test(m.subject),
    );
    expect(resets).toHaveLength(1);
    expect(await mailbox(t.app, stranger, { atLeast: 1, timeoutMs: 300 })).toHaveLength(0);
  });
});
