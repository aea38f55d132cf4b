import type { AuditEntry } from '@liftoff/contracts/audit';
import type { StudioFlag } from '@liftoff/contracts/flags';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, detailPaths, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { personWith } from '../helpers/team.js';

describe('feature flags in the studio', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof personWith>>;
  beforeAll(async () => {
    // A long cache, as in production: the studio's switch must still apply on this instance at once.
    t = await createTestApp({ CONTENT_IMPORT: 'false', FLAG_CACHE_MS: '60000' });
    admin = await personWith(t.app, ['admin']);
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'PUT', url: string, token: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('lists every flag with its state and description, to admins only', async () => {
    const res = await call('GET', '/api/studio/flags', admin.token);
    expect(res.statusCode).toBe(200);
    const flags = res.json().data as StudioFlag[];
    expect(flags.map((f) => [f.key, f.isEnabled])).toEqual([['workspace_ai', true]]);
    expect(flags[0]!.description).toMatch(/AI workspace/);

    const founder = await readyUser(t.app);
    expect((await call('GET', '/api/studio/flags', founder.token)).statusCode).toBe(403);
    const put = await call('PUT', '/api/studio/flags/workspace_ai', founder.token, { isEnabled: false });
    expect([put.statusCode, put.json().code]).toEqual([403, 'FORBIDDEN']);
    const manager = await personWith(t.app, ['manager']);
    expect((await call('GET', '/api/studio/flags', manager.token)).statusCode).toBe(403);
  });

  it('switches a flag for everyone on the next call, and audit-logs the change once', async () => {
    const founder = await readyUser(t.app);
    // Read once so this instance caches the flag as on.
    expect((await call('GET', '/api/ai/capabilities', founder.token)).statusCode).toBe(200);

    const off = await call('PUT', '/api/studio/flags/workspace_ai', admin.token, { isEnabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ key: 'workspace_ai', isEnabled: false });
    try {
      const ai = await call('GET', '/api/ai/capabilities', founder.token);
      expect([ai.statusCode, ai.json().code]).toEqual([404, 'NOT_FOUND']);
      // The same state again changes nothing and logs nothing.
      await call('PUT', '/api/studio/flags/workspace_ai', admin.token, { isEnabled: false });

      const { entries } = await t.app.audit.list({ recordId: 'workspace_ai', page: 1, pageSize: 10 });
      expect(entries.map((e: AuditEntry) => [e.action, e.actorId, e.before, e.after])).toEqual([
        ['flag.disabled', admin.user.id, { isEnabled: true }, { isEnabled: false }],
      ]);
    } finally {
      await call('PUT', '/api/studio/flags/workspace_ai', admin.token, { isEnabled: true });
    }
    expect((await call('GET', '/api/ai/capabilities', founder.token)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown flag and 400 naming the field for a bad body', async () => {
    const unknown = await call('PUT', '/api/studio/flags/no_such_flag', admin.token, { isEnabled: true });
    expect(unknown.statusCode).toBe(404);
    const bad = await call('PUT', '/api/studio/flags/workspace_ai', admin.token, { isEnabled: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(detailPaths(bad.json())).toContain('isEnabled');
  });
});
