import type { Program } from '@liftoff/contracts/programs';
import type { DeliverableReview } from '@liftoff/contracts/programs-review';
import type { App } from '../../src/app.js';
import { cohortManagers, cohortMembers, cohorts } from '../../src/features/cohorts/tables.js';
import { bearer } from '../helpers/accounts.js';
import { get, nextStep, PDF, programOf, upload } from './helpers.js';

/** A cohort of the default program managed by `managerIds`, holding `founderIds`. */
export async function cohortWith(app: App, name: string, managerIds: string[], founderIds: string[]) {
  const [cohort] = await app.db
    .insert(cohorts)
    .values({
      name,
      programKey: 'venture-foundations',
      startDate: '2026-11-01',
      endDate: '2027-02-01',
      timeZone: 'Europe/Berlin',
      endsAt: new Date('2027-02-02T00:00:00+01:00'),
    })
    .returning();
  if (managerIds.length)
    await app.db
      .insert(cohortManagers)
      .values(managerIds.map((userId) => ({ cohortId: cohort!.id, userId })));
  if (founderIds.length)
    await app.db.insert(cohortMembers).values(founderIds.map((userId) => ({ cohortId: cohort!.id, userId })));
  return cohort!;
}

/** The first milestone's mission that asks for a deliverable (customer interviews). */
export function deliverableMission(program: Program) {
  const mission = program.userMilestone[0]!.userMission.find((m) => m.deliverable);
  if (!mission) throw new Error('the first milestone has no mission with a deliverable');
  return mission;
}

/** Completes every step of the founder's deliverable mission (without handing anything in). */
export async function finishSteps(app: App, token: string) {
  const mission = deliverableMission(await programOf(app, token));
  for (const step of mission.userStep) {
    const res = await nextStep(app, token, step.id);
    if (res.statusCode !== 200) throw new Error(`next-step: ${res.statusCode} ${res.body}`);
  }
  return mission.id;
}

export async function handIn(
  app: App,
  token: string,
  missionId: string,
  fileName = 'interviews.pdf',
  data = PDF,
) {
  const res = await upload(app, token, missionId, { name: fileName, data, type: 'application/pdf' });
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: string };
}

export async function reviewOf(app: App, token: string, missionId: string) {
  const res = await get(app, token, `/api/userMission/${missionId}/review`);
  if (res.statusCode !== 200) throw new Error(`review: ${res.statusCode} ${res.body}`);
  return res.json().data as DeliverableReview | null;
}

export const studio = {
  queue: (app: App, token: string, query = '') => get(app, token, `/api/studio/deliverables${query}`),
  deliverable: (app: App, token: string, id: string) => get(app, token, `/api/studio/deliverables/${id}`),
  move: (app: App, token: string, id: string, payload: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `/api/studio/deliverables/${id}/status`,
      headers: bearer(token),
      payload,
    }),
  comment: (app: App, token: string, id: string, payload: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `/api/studio/deliverables/${id}/comments`,
      headers: bearer(token),
      payload,
    }),
};
