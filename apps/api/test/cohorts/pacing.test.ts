import type { CohortPacing } from '@liftoff/contracts/cohorts-pacing';
import type { Notification } from '@liftoff/contracts/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { bearer, mailbox, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { personWith } from '../helpers/team.js';
import { appOn, lastingDatabase } from '../jobs/support.js';
import { get, programOf } from '../programs/helpers.js';
import { createCohort, dashboardOf, invite, testClock } from './helpers.js';

type Person = Awaited<ReturnType<typeof personWith>>;

// Berlin is on CET (UTC+1) in November: the 10th's last moment is 23:00 UTC.
const clock = testClock('2026-11-02T10:00:00Z');
let t: TestApp;
let manager: Person;
let otherManager: Person;

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** What the quarter-hourly job does, now: send it and run what is due. */
async function sweep(app: App) {
  await app.jobs.send('pacing.notices', {});
  await app.jobs.runDue();
  await app.events.settled();
}

async function noticesOf(app: App, token: string) {
  const res = await app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(token) });
  return (res.json().data.notifications as Notification[]).filter((n) => n.kind === 'milestone.due');
}

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
  manager = await personWith(t.app, ['founder', 'manager']);
  otherManager = await personWith(t.app, ['founder', 'manager']);
}, 60_000);
afterAll(() => t?.close());

describe('pacing a cohort', () => {
  let cohortId: string;
  let founder: Awaited<ReturnType<typeof readyUser>>;
  let firstKey: string;

  it("lets the cohort's managers set a milestone's window, in the cohort's calendar", async () => {
    const cohort = await createCohort(t.app, manager.token, { stuckAfterDays: 30 });
    cohortId = cohort.id;
    founder = await readyUser(t.app);
    await invite(t.app, manager.token, cohortId, { email: founder.email });

    const empty = (await call('GET', `/api/studio/cohorts/${cohortId}/pacing`, manager.token)).json()
      .data as CohortPacing;
    expect(empty.timeZone).toBe('Europe/Berlin');
    expect(empty.milestones.length).toBeGreaterThan(1);
    expect(empty.milestones.every((m) => m.dueOn === null)).toBe(true);
    firstKey = empty.milestones[0]!.milestoneKey;

    const url = `/api/studio/cohorts/${cohortId}/pacing/${firstKey}`;
    const set = await call('PUT', url, manager.token, { opensOn: '2026-11-01', dueOn: '2026-11-10' });
    expect(set.statusCode).toBe(200);
    expect((set.json().data as CohortPacing).milestones[0]).toMatchObject({
      milestoneKey: firstKey,
      opensOn: '2026-11-01',
      dueOn: '2026-11-10',
    });

    const backwards = await call('PUT', url, manager.token, { opensOn: '2026-11-10', dueOn: '2026-11-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().details.map((d: { path: string }) => d.path)).toEqual(['dueOn']);
    const notADay = await call('PUT', url, manager.token, { opensOn: '1 Nov', dueOn: '2026-11-10' });
    expect(notADay.json().details.map((d: { path: string }) => d.path)).toEqual(['opensOn']);
    const unknown = await call(
      'PUT',
      `/api/studio/cohorts/${cohortId}/pacing/no-such-milestone`,
      manager.token,
      {
        opensOn: '2026-11-01',
        dueOn: '2026-11-10',
      },
    );
    expect(unknown.statusCode).toBe(404);
    // Another manager's cohort is not theirs to see or pace.
    expect((await call('GET', `/api/studio/cohorts/${cohortId}/pacing`, otherManager.token)).statusCode).toBe(
      404,
    );
    expect(
      (await call('PUT', url, otherManager.token, { opensOn: '2026-11-01', dueOn: '2026-11-12' })).statusCode,
    ).toBe(404);
  });

  it('shows the founder the due date on the overview and on the mission', async () => {
    const program = await programOf(t.app, founder.token);
    const [first, second] = program.userMilestone;
    const outline = (await get(t.app, founder.token, '/api/userProgram/programs/outline')).json().data;
    expect(outline[0].userMilestone[0]).toMatchObject({
      opensOn: '2026-11-01',
      dueOn: '2026-11-10',
      dueAt: '2026-11-10T23:00:00.000Z',
    });
    expect(outline[0].userMilestone[1].dueOn).toBeUndefined();
    expect(first!.dueOn).toBe('2026-11-10');
    expect(second!.dueOn).toBeUndefined();
    const mission = (await get(t.app, founder.token, `/api/userMission/${first!.userMission[0]!.id}`)).json()
      .data;
    expect(mission.userMilestone).toMatchObject({ dueOn: '2026-11-10', dueAt: '2026-11-10T23:00:00.000Z' });
  });

  it('tells the founder once when it is due within three days, and once when it is overdue', async () => {
    await sweep(t.app);
    expect(await noticesOf(t.app, founder.token)).toEqual([]);

    clock.advanceDays(6); // 8 November, 10:00 UTC: 2 days 13 hours to go
    await sweep(t.app);
    await sweep(t.app);
    let notices = await noticesOf(t.app, founder.token);
    expect(notices.map((n) => n.title)).toEqual([expect.stringMatching(/is due Tuesday 10 November$/)]);
    expect(notices[0]!.link).toMatch(/^\/overview\?milestone=/);
    const mails = await mailbox(t.app, founder.email, { atLeast: 2 });
    expect(mails.filter((m) => /is due Tuesday 10 November/.test(m.subject))).toHaveLength(1);

    let board = await dashboardOf(t.app, manager.token, cohortId);
    expect(board.founders[0]).toMatchObject({ stuck: null, behindPace: null });

    clock.advanceDays(3); // 11 November, 10:00 UTC: 11 hours past due
    await sweep(t.app);
    await sweep(t.app);
    notices = await noticesOf(t.app, founder.token);
    // Both notices are about one milestone: one subject in the centre, the newest first, counting both.
    expect(notices.map((n) => [n.title, n.count])).toEqual([
      [expect.stringMatching(/is past its due date$/), 2],
    ]);

    clock.advanceDays(2);
    await sweep(t.app);
    expect((await noticesOf(t.app, founder.token)).map((n) => n.count)).toEqual([2]);
    board = await dashboardOf(t.app, manager.token, cohortId);
    expect(board.founders[0]).toMatchObject({
      stuck: 'BEHIND_PACE',
      stuckDays: 2,
      behindPace: { milestoneKey: firstKey, dueOn: '2026-11-10', days: 2 },
    });
    const csv = await call('GET', `/api/studio/cohorts/${cohortId}/export.csv`, manager.token);
    expect(csv.body).toContain('Behind pace 2 days');
  });
});

// Two instances on one PostgreSQL sweeping at the same moment still send each notice once.
describe.runIf(process.env.TEST_DATABASE_URL)('pacing notices with two instances', () => {
  it('sends one notice, not two', async () => {
    const lasting = await lastingDatabase();
    const shared = testClock('2026-11-09T10:00:00Z');
    const a = await appOn(lasting.database, () => {}, { now: shared.now, env: { CONTENT_IMPORT: 'true' } });
    const b = await appOn(lasting.database, () => {}, { now: shared.now, env: { CONTENT_IMPORT: 'true' } });
    try {
      const lead = await personWith(a, ['founder', 'manager']);
      const cohort = await createCohort(a, lead.token);
      const person = await readyUser(a);
      await invite(a, lead.token, cohort.id, { email: person.email });
      const pacing = (
        await a.inject({
          method: 'GET',
          url: `/api/studio/cohorts/${cohort.id}/pacing`,
          headers: bearer(lead.token),
        })
      ).json().data as CohortPacing;
      await a.inject({
        method: 'PUT',
        url: `/api/studio/cohorts/${cohort.id}/pacing/${pacing.milestones[0]!.milestoneKey}`,
        headers: bearer(lead.token),
        payload: { opensOn: '2026-11-01', dueOn: '2026-11-10' },
      });
      await Promise.all([a.jobs.send('pacing.notices', {}), b.jobs.send('pacing.notices', {})]);
      await Promise.all([a.jobs.runDue(), b.jobs.runDue()]);
      await Promise.all([a.events.settled(), b.events.settled()]);
      expect(await noticesOf(a, person.token)).toHaveLength(1);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await lasting.drop();
    }
  }, 120_000);
});
