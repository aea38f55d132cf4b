import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { bearer, login, PASSWORD } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { claimsOf, totpUser } from './two-factor-support.js';

/** Every route of the app as [method, url], read from Fastify's route tree (printRoutes). */
function routeTable(app: App): Array<{ method: string; url: string }> {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: Array<{ method: string; url: string }> = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.replace(/\u00a0/g, ' '));
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const methods = match[3]?.split(',').map((m) => m.trim()) ?? [];
    for (const method of methods)
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url: stack.join('') });
  }
  return routes;
}

/** The contract's allow list for a session still waiting for its second factor. */
const allowedBeforeSecondFactor = new Set([
  'GET /api/auth/me',
  'POST /api/auth/verify-two-factor',
  'POST /api/auth/resend-two-factor-code',
  'POST /api/auth/generate-two-factor-email-code',
  'POST /api/auth/verify-two-factor-email-code',
  'POST /api/auth/verify-backup-code',
  'POST /api/auth/logout',
  'GET /api/feature-flags',
]);

const UUID = '3f2b6c1e-8d4a-4e7b-9c2d-1a5f0e6b7c8d';
const fill = (url: string) => url.replace(/:[A-Za-z]+/g, UUID).replace(/\*/g, 'x');

describe('a session waiting for its second factor, on every route of the app', () => {
  let t: TestApp;
  let pendingToken: string;
  beforeAll(async () => {
    t = await createTestApp({ CONTENT_IMPORT: 'false' });
    const account = await totpUser(t.app);
    pendingToken = (await login(t.app, account.email, PASSWORD)).token;
    expect(claimsOf(pendingToken).twoFactorAuthenticated).toBe(false);
  });
  afterAll(() => t?.close());

  it('reads the whole route table', () => {
    const keys = routeTable(t.app).map((r) => `${r.method} ${r.url}`);
    // A few routes of each feature, so a parsing slip cannot silently empty the walk.
    for (const key of [
      'GET /api/auth/me',
      'POST /api/auth/verify-two-factor-email-code',
      'PATCH /api/user/update-user/:id',
      'GET /api/userProgram/programs',
      'PUT /api/userStep/next-step',
      'GET /api/expert/:id',
      'POST /api/ai/chat/completion',
      'GET /api/feature-flags',
    ]) {
      expect(keys).toContain(key);
    }
    expect(keys.filter((key) => key.includes(' /api/')).length).toBeGreaterThan(40);
  });

  it('answers 403 TWO_FACTOR_REQUIRED on every protected /api route outside the allow list, and lets the allow list through', async () => {
    const walked: string[] = [];
    for (const { method, url } of routeTable(t.app)) {
      if (!url.startsWith('/api/') || url.startsWith('/api/docs')) continue;
      const key = `${method} ${url}`;
      const target = fill(url);
      const payloadless = { method: method as 'GET', url: target };
      // Public routes answer without credentials; they are outside the guard.
      const anonymous = await t.app.inject(payloadless);
      const isPublic = !(anonymous.statusCode === 401 && anonymous.json().code === 'UNAUTHORIZED');
      if (isPublic) continue;
      walked.push(key);
      const res = await t.app.inject({ ...payloadless, headers: bearer(pendingToken) });
      if (allowedBeforeSecondFactor.has(key)) {
        expect(res.json().code, key).not.toBe('TWO_FACTOR_REQUIRED');
      } else {
        expect({ key, status: res.statusCode, code: res.json().code }).toEqual({
          key,
          status: 403,
          code: 'TWO_FACTOR_REQUIRED',
        });
      }
    }
    // The walk covered the routes it had to, the allowed ones included.
    expect(walked.length).toBeGreaterThan(30);
    for (const key of allowedBeforeSecondFactor)
      if (key !== 'POST /api/auth/logout') expect(walked).toContain(key);
    expect(walked).toContain('POST /api/auth/disable-two-factor');
    expect(walked).toContain('POST /api/auth/setup-two-factor');
    expect(walked).toContain('POST /api/auth/change-password');
  });
});
