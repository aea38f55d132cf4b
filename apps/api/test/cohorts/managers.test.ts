import type { Cohort, CohortManager, ProgramChoice } from '@liftoff/contracts/cohorts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { personWith } from '../helpers/team.js';
import { createCohort, invite } from './helpers.js';

type Person = Awaited<ReturnType<typeof personWith>>;

let t: TestApp;
let manager: Person;
let otherManager: Person;
let admin: Person;
let founder: Person;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  manager = await personWith(t.app, ['founder', 'manager']);
  otherManager = await personWith(t.app, ['founder', 'manager']);
  admin = await personWith(t.app, ['founder', 'admin']);
  founder = await personWith(t.app, ['founder'], { twoFactor: false });
}, 60_000);
afterAll(() => t?.close());

describe("a cohort's program and managers", () => {
  it('offers the programs a cohort can run, and refuses an unknown one naming the field', async () => {
    const res = await call('GET', '/api/studio/programs', manager.token);
    expect(res.statusCode).toBe(200);
    const programs = res.json().data as ProgramChoice[];
    expect(programs.map((p) => p.key)).toContain('venture-foundations');
    // One entry per program, whatever the number of its versions.
    expect(new Set(programs.map((p) => p.key)).size).toBe(programs.length);
    expect(programs.every((p) => p.name.length > 0)).toBe(true);

    const bad = await call('POST', '/api/studio/cohorts', manager.token, {
      name: 'Nowhere',
      programKey: 'no-such-program',
      startDate: '2026-11-01',
      endDate: '2027-01-31',
      timeZone: 'UTC',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ path: 'programKey', message: 'Unknown program' }]);
  });

  it('lists the program team as possible managers, never plain founders', async () => {
    const res = await call('GET', '/api/studio/managers', manager.token);
    expect(res.statusCode).toBe(200);
    const ids = (res.json().data as CohortManager[]).map((m) => m.id);
    expect(ids).toEqual(expect.arrayContaining([manager.user.id, otherManager.user.id, admin.user.id]));
    expect(ids).not.toContain(founder.user.id);
  });

  it('lets a manager add and remove managers: an added one reaches the cohort, a removed one no longer does', async () => {
    const cohort = await createCohort(t.app, manager.token, { name: 'Shared' });
    expect((await call('GET', `/api/studio/cohorts/${cohort.id}`, otherManager.token)).statusCode).toBe(404);

    const added = await call('PATCH', `/api/studio/cohorts/${cohort.id}`, manager.token, {
      managerIds: [manager.user.id, otherManager.user.id],
    });
    expect(added.statusCode).toBe(200);
    expect((added.json().data as Cohort).managers.map((m) => m.id).sort()).toEqual(
      [manager.user.id, otherManager.user.id].sort(),
    );
    expect(
      (await call('GET', `/api/studio/cohorts/${cohort.id}/dashboard`, otherManager.token)).statusCode,
    ).toBe(200);

    const removed = await call('PATCH', `/api/studio/cohorts/${cohort.id}`, manager.token, {
      managerIds: [manager.user.id],
    });
    expect((removed.json().data as Cohort).managers.map((m) => m.id)).toEqual([manager.user.id]);
    expect(
      (await call('GET', `/api/studio/cohorts/${cohort.id}/dashboard`, otherManager.token)).statusCode,
    ).toBe(404);
    const list = (await call('GET', '/api/studio/cohorts', otherManager.token)).json().data as Cohort[];
    expect(list.map((c) => c.id)).not.toContain(cohort.id);

    // An admin manages the managers of any cohort, and may leave it without one of them.
    const byAdmin = await call('PATCH', `/api/studio/cohorts/${cohort.id}`, admin.token, {
      managerIds: [otherManager.user.id],
    });
    expect((byAdmin.json().data as Cohort).managers.map((m) => m.id)).toEqual([otherManager.user.id]);
    expect((await call('GET', `/api/studio/cohorts/${cohort.id}`, manager.token)).statusCode).toBe(404);
  });

  it('refuses a founder or an unknown person as manager, naming the entry', async () => {
    const cohort = await createCohort(t.app, manager.token);
    const res = await call('PATCH', `/api/studio/cohorts/${cohort.id}`, manager.token, {
      managerIds: [otherManager.user.id, founder.user.id, '00000000-0000-4000-8000-000000000000'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { path: 'managerIds.1', message: 'Not a manager or admin' },
      { path: 'managerIds.2', message: 'Not a manager or admin' },
    ]);
    const unchanged = (await call('GET', `/api/studio/cohorts/${cohort.id}`, manager.token)).json()
      .data as Cohort;
    expect(unchanged.managers.map((m) => m.id)).toEqual([manager.user.id]);
  });

  it('answers 404 when a manager acts on another cohort, its founders or its invitations', async () => {
    const mine = await createCohort(t.app, manager.token, { name: 'Mine' });
    const theirs = await createCohort(t.app, otherManager.token, { name: 'Theirs' });
    const member = await readyUser(t.app);
    await invite(t.app, otherManager.token, theirs.id, { email: member.email });
    const pending = await invite(t.app, otherManager.token, theirs.id, {
      email: `pending-${Date.now()}@x.test`,
    });
    const invitationId = pending.invitation.id;
    const missionId = '00000000-0000-4000-8000-000000000000';

    const attempts: [method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object][] = [
      ['PATCH', `/api/studio/cohorts/${theirs.id}`, { managerIds: [manager.user.id] }],
      ['DELETE', `/api/studio/cohorts/${theirs.id}`],
      ['POST', `/api/studio/cohorts/${theirs.id}/invitations`, { name: 'Eve', email: 'eve@x.test' }],
      ['POST', `/api/studio/cohorts/${theirs.id}/invitations/import`, { csv: 'Eve,eve@x.test,Evil' }],
      ['POST', `/api/studio/cohorts/${theirs.id}/invitations/${invitationId}/resend`],
      ['POST', `/api/studio/cohorts/${theirs.id}/invitations/${invitationId}/revoke`],
      // Their invitation and founder, reached through my own cohort, are not found either.
      ['POST', `/api/studio/cohorts/${mine.id}/invitations/${invitationId}/revoke`],
      ['POST', `/api/studio/cohorts/${theirs.id}/founders/${member.user.id}/move`, { toCohortId: mine.id }],
      ['POST', `/api/studio/cohorts/${mine.id}/founders/${member.user.id}/move`, { toCohortId: mine.id }],
      ['POST', `/api/studio/cohorts/${theirs.id}/founders/${member.user.id}/missions/${missionId}/reopen`],
      ['POST', `/api/studio/cohorts/${mine.id}/founders/${member.user.id}/missions/${missionId}/reopen`],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await call(method, url, manager.token, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    // Nothing changed for the other manager: the cohort, its managers and the invitation are as they were.
    const after = (await call('GET', `/api/studio/cohorts/${theirs.id}`, otherManager.token)).json()
      .data as Cohort;
    expect(after.managers.map((m) => m.id)).toEqual([otherManager.user.id]);
    expect(after.founderCount).toBe(1);
    const invitations = (
      await call('GET', `/api/studio/cohorts/${theirs.id}/invitations`, otherManager.token)
    ).json().data as { id: string; status: string }[];
    expect(invitations.find((i) => i.id === invitationId)?.status).toBe('PENDING');
  });
});
