import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { uniqueEmail } from '../helpers/accounts.js';

// What a stranger can call without an account is limited like every other credential call.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CREDENTIAL_RATE_LIMIT_PER_MINUTE: '20' });
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
  });

  it('the development mailbox requires the address and names `to` when it is missing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { path: string }) => d.path)).toEqual(['to']);
  });
});
