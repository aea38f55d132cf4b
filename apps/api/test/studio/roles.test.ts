import type { AuditEntry } from '@liftoff/contracts/audit';
import type { Person } from '@liftoff/contracts/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, detailPaths, readyUser, signup } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { personWith, setRoles } from '../helpers/team.js';
import { me, post } from '../auth/two-factor-support.js';

describe('roles, the studio guard and the people screen', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof personWith>>;
  beforeAll(async () => {
    t = await createTestApp({ CONTENT_IMPORT: 'false' });
    admin = await personWith(t.app, ['admin']);
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, token: string) =>
    t.app.inject({ method, url, headers: bearer(token) });
  const audit = async (query: string) => {
    const res = await call('GET', `/api/studio/audit?${query}`, admin.token);
    expect(res.statusCode).toBe(200);
    return res.json().data as { entries: AuditEntry[]; total: number; page: number; pageSize: number };
  };

  it('makes everyone who signs up a founder, and says so in /auth/me', async () => {
    const account = await signup(t.app);
    expect(account.user.roles).toEqual(['founder']);
    expect((await me(t.app, account.token)).json().data.roles).toEqual(['founder']);
  });

  it('refuses a founder with FORBIDDEN and an admin without two-factor with TWO_FACTOR_SETUP_REQUIRED', async () => {
    const founder = await readyUser(t.app);
    const refused = await call('GET', '/api/studio/people', founder.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');

    const adminWithout = await personWith(t.app, ['admin'], { twoFactor: false });
    const setup = await call('GET', '/api/studio/people', adminWithout.token);
    expect(setup.statusCode).toBe(403);
    expect(setup.json()).toMatchObject({ code: 'TWO_FACTOR_SETUP_REQUIRED' });
    expect(setup.json().message).toMatch(/two-factor/i);
  });

  it('takes a grant and a removal into account on the very next call, and audit-logs both', async () => {
    const person = await personWith(t.app, ['founder']);
    expect((await call('GET', '/api/studio/audit', person.token)).statusCode).toBe(403);

    const granted = await call('PUT', `/api/studio/people/${person.user.id}/roles/admin`, admin.token);
    expect(granted.statusCode).toBe(200);
    expect((granted.json().data as Person).roles).toEqual(['founder', 'admin']);
    expect((await call('GET', '/api/studio/audit', person.token)).statusCode).toBe(200);
    expect((await me(t.app, person.token)).json().data.roles).toEqual(['founder', 'admin']);

    // Granting a held role changes nothing and writes nothing.
    await call('PUT', `/api/studio/people/${person.user.id}/roles/admin`, admin.token);

    const removed = await call('DELETE', `/api/studio/people/${person.user.id}/roles/admin`, admin.token);
    expect((removed.json().data as Person).roles).toEqual(['founder']);
    const after = await call('GET', '/api/studio/audit', person.token);
    expect(after.statusCode).toBe(403);
    expect(after.json().code).toBe('FORBIDDEN');

    const { entries, total } = await audit(`recordId=${person.user.id}`);
    expect(total).toBe(2);
    expect(entries.map((e) => e.action)).toEqual(['role.revoked', 'role.granted']);
    expect(entries[1]).toMatchObject({
      actorId: admin.user.id,
      actorEmail: admin.email,
      recordType: 'user',
      before: { email: person.email, roles: ['founder'] },
      after: { email: person.email, roles: ['founder', 'admin'] },
    });
    expect(Date.parse(entries[1]!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('sees a role written straight to the database on the next call (the standing stays exact)', async () => {
    const person = await personWith(t.app, ['manager']);
    expect((await call('GET', '/api/studio/people', person.token)).statusCode).toBe(403);
    await setRoles(t.app, person.user.id, ['manager', 'admin']);
    expect((await call('GET', '/api/studio/people', person.token)).statusCode).toBe(200);
    await setRoles(t.app, person.user.id, ['manager']);
    expect((await call('GET', '/api/studio/people', person.token)).statusCode).toBe(403);
  });

  it('turning two-factor off closes the studio at once', async () => {
    const person = await personWith(t.app, ['admin']);
    expect((await call('GET', '/api/studio/people', person.token)).statusCode).toBe(200);
    expect((await post(t.app, '/api/auth/disable-two-factor', person.token)).statusCode).toBe(200);
    const res = await call('GET', '/api/studio/people', person.token);
    expect(res.json().code).toBe('TWO_FACTOR_SETUP_REQUIRED');
  });

  it('lists people by search and role, paginated', async () => {
    const person = await personWith(t.app, ['expert'], { twoFactor: false });
    const byEmail = await call(
      'GET',
      `/api/studio/people?search=${encodeURIComponent(person.email)}`,
      admin.token,
    );
    expect(byEmail.json().data).toMatchObject({
      total: 1,
      people: [{ id: person.user.id, roles: ['expert'] }],
    });
    const experts = (await call('GET', '/api/studio/people?role=expert&pageSize=1', admin.token)).json().data;
    expect(experts.people).toHaveLength(1);
    expect(experts.total).toBeGreaterThanOrEqual(1);
    const everyone = (await call('GET', '/api/studio/people?pageSize=100', admin.token)).json().data;
    expect(everyone.people.every((p: Person) => !('passwordHash' in p))).toBe(true);
    expect(everyone.total).toBeGreaterThan(3);
  });

  it('refuses an unknown role (400 naming it), an unknown person (404) and removing your own admin role (409)', async () => {
    const bad = await call('PUT', `/api/studio/people/${admin.user.id}/roles/owner`, admin.token);
    expect(bad.statusCode).toBe(400);
    expect(detailPaths(bad.json())).toContain('role');
    const missing = await call(
      'PUT',
      '/api/studio/people/3f2b6c1e-8d4a-4e7b-9c2d-1a5f0e6b7c8d/roles/manager',
      admin.token,
    );
    expect(missing.statusCode).toBe(404);
    const own = await call('DELETE', `/api/studio/people/${admin.user.id}/roles/admin`, admin.token);
    expect(own.statusCode).toBe(409);
    expect((await me(t.app, admin.token)).json().data.roles).toEqual(['admin']);
  });

  it('filters the audit log by actor, action and record, newest first, in pages', async () => {
    const a = await readyUser(t.app);
    const b = await readyUser(t.app);
    for (const id of [a.user.id, b.user.id])
      await call('PUT', `/api/studio/people/${id}/roles/expert`, admin.token);
    const byActor = await audit(`actorId=${admin.user.id}&action=role.granted&pageSize=1`);
    expect(byActor.entries).toHaveLength(1);
    expect(byActor.entries[0]!.recordId).toBe(b.user.id);
    expect(byActor.total).toBeGreaterThanOrEqual(2);
    const second = await audit(`actorId=${admin.user.id}&action=role.granted&pageSize=1&page=2`);
    expect(second.entries[0]!.recordId).toBe(a.user.id);
    expect((await audit('recordType=cohort')).total).toBe(0);
    const bad = await call('GET', '/api/studio/audit?pageSize=1000', admin.token);
    expect(bad.statusCode).toBe(400);
    expect(detailPaths(bad.json())).toContain('pageSize');
  });
});
