import { currentProgram, type Program } from '@liftoff/contracts/programs';
import type { ProgramDocument } from '@liftoff/contracts/programs-authoring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { bearer, readyUser, uniqueEmail, verifiedUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { personWith } from '../helpers/team.js';
import { studio } from '../programs/authoring-support.js';
import { nextStep } from '../programs/helpers.js';
import { createCohort, dashboardOf, invite } from './helpers.js';

/* A cohort chooses its program: founders who join it work on that program, and what they did before stays. */

let t: TestApp;
let admin: Awaited<ReturnType<typeof personWith>>;
const SPRINT = 'evening-sprint';

async function programsOf(app: App, token: string): Promise<Program[]> {
  const res = await app.inject({ method: 'GET', url: '/api/userProgram/programs', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Program[];
}

async function completeProfile(app: App, account: { token: string; user: { id: string } }) {
  await app.inject({
    method: 'PUT',
    url: `/api/user/${account.user.id}/meta`,
    headers: bearer(account.token),
    payload: { meta: { startupName: 'Nightly', stage: 'Idea', industry: 'Fintech' } },
  });
  const res = await app.inject({
    method: 'PATCH',
    url: `/api/user/update-user/${account.user.id}`,
    headers: bearer(account.token),
    payload: { profileCompleted: true },
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await personWith(t.app, ['founder', 'admin']);
  // A second program, made from the shipped one under its own key.
  const api = studio(t.app, admin.token);
  const shipped = (await api.exportVersion(1)).json().data.program as ProgramDocument;
  const program: ProgramDocument = {
    ...structuredClone(shipped),
    key: SPRINT,
    name: 'Evening Sprint',
    version: 1,
    default: false,
  };
  const res = await api.importPack({ as: 'version', program, summary: 'A shorter program for evenings' });
  expect(res.statusCode, res.body).toBe(200);
}, 60_000);
afterAll(() => t?.close());

describe("a cohort's program", () => {
  it('is the program an invited founder starts on, and the dashboard shows them in it', async () => {
    const cohort = await createCohort(t.app, admin.token, { name: 'Evenings', programKey: SPRINT });
    const email = uniqueEmail('sprinter');
    await invite(t.app, admin.token, cohort.id, { email });
    const founder = await verifiedUser(t.app, { email });
    await completeProfile(t.app, founder);

    const programs = await programsOf(t.app, founder.token);
    expect(programs.map((p) => p.name)).toEqual(['Evening Sprint']);
    const dashboard = await dashboardOf(t.app, admin.token, cohort.id);
    const row = dashboard.founders.find((f) => f.id === founder.user.id);
    expect(row?.milestones.length).toBe(dashboard.milestones.length);
    expect(row?.milestones[0]).toMatchObject({ status: 'ONGOING', stepsDone: 0 });
    expect(row?.stepsTotal).toBeGreaterThan(0);
  });

  it('is added when a founder moves to a cohort that runs it: the new one is current, the old one keeps what they did', async () => {
    const home = await createCohort(t.app, admin.token, { name: 'Foundations' });
    const evenings = await createCohort(t.app, admin.token, { name: 'Evenings two', programKey: SPRINT });
    const founder = await readyUser(t.app);
    expect((await invite(t.app, admin.token, home.id, { email: founder.email })).joined).toBe(true);
    const [before] = await programsOf(t.app, founder.token);
    const firstStep = before!.userMilestone[0]!.userMission[0]!.userStep[0]!;
    await nextStep(t.app, founder.token, firstStep.id);

    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/studio/cohorts/${home.id}/founders/${founder.user.id}/move`,
      headers: bearer(admin.token),
      payload: { toCohortId: evenings.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const programs = await programsOf(t.app, founder.token);
    expect(programs.map((p) => [p.name, p.status])).toEqual([
      ['Venture Foundations', 'ONGOING'],
      ['Evening Sprint', 'ONGOING'],
    ]);
    // Every surface (overview, coach, experts) reads the newest ongoing one as current.
    expect(currentProgram(programs)?.name).toBe('Evening Sprint');
    const kept = programs[0]!.userMilestone[0]!.userMission[0]!.userStep.find((s) => s.id === firstStep.id);
    expect(kept?.status).toBe('COMPLETED');
    // The new cohort's dashboard reads them in its program, from its start.
    const dashboard = await dashboardOf(t.app, admin.token, evenings.id);
    const row = dashboard.founders.find((f) => f.id === founder.user.id);
    expect(row).toMatchObject({ stepsDone: 0 });
    expect(row?.milestones[0]?.status).toBe('ONGOING');
  });
});
