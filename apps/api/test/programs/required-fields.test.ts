import type { Mission, Step } from '@liftoff/contracts/programs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { missionOf, nextStepAsIs, programOf } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const saveWorksheet = (token: string, stepId: string, answers: Record<string, string>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/userStep/${stepId}/worksheet`,
    headers: bearer(token),
    payload: { answers },
  });

/** The first mission ("Frame the problem"): a reading, then the problem statement worksheet. */
async function firstMission(token: string): Promise<Mission> {
  const program = await programOf(t.app, token);
  return missionOf(t.app, token, program.userMilestone[0]!.userMission[0]!.id);
}

const problemStatement = (mission: Mission): Step =>
  mission.userStep.find((s) => s.key === 'problem-statement')!;

describe("a worksheet's required fields", () => {
  it('are marked in the content pack and reach the founder with the step', async () => {
    const user = await readyUser(t.app);
    const step = problemStatement(await firstMission(user.token));
    const required = step.worksheet!.fields.filter((f) => f.required).map((f) => f.key);
    expect(required).toEqual(['customer', 'problem', 'statement']);
    expect(step.worksheet!.fields.find((f) => f.key === 'cost')!.required).toBeFalsy();
  });

  it('must be filled before the step is done: 400 naming each empty field, and nothing changes', async () => {
    const user = await readyUser(t.app);
    const mission = await firstMission(user.token);
    expect((await nextStepAsIs(t.app, user.token, mission.userStep[0]!.id)).statusCode).toBe(200);
    const step = problemStatement(mission);

    // Only optional fields and a blank answer: still refused.
    expect(
      (await saveWorksheet(user.token, step.id, { customer: 'Clinic owners', cost: '6 h', problem: '  ' }))
        .statusCode,
    ).toBe(200);
    const refused = await nextStepAsIs(t.app, user.token, step.id);
    expect(refused.statusCode).toBe(400);
    const body = refused.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toBe(
      'Fill in the required worksheet fields first: answers.problem, answers.statement',
    );
    expect(body.details).toEqual([
      { path: 'answers.problem', message: 'Required: What is the problem, in their words?' },
      { path: 'answers.statement', message: 'Required: Your one-sentence problem statement' },
    ]);
    const after = problemStatement(await missionOf(t.app, user.token, mission.id));
    expect(after).toMatchObject({ status: 'ONGOING', doLater: false, completedAt: null });

    // Putting it off is still allowed: the founder comes back to it later.
    const later = await nextStepAsIs(t.app, user.token, step.id, true);
    expect(later.statusCode, later.body).toBe(200);
    expect(problemStatement(later.json().data.mission)).toMatchObject({ doLater: true, status: 'ONGOING' });
    expect((await nextStepAsIs(t.app, user.token, step.id)).statusCode).toBe(400);

    // Filled: done.
    const filled = { customer: 'Clinic owners', problem: 'No-shows', statement: 'Owners lose 6 h a week.' };
    expect((await saveWorksheet(user.token, step.id, filled)).statusCode).toBe(200);
    const done = await nextStepAsIs(t.app, user.token, step.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(problemStatement(done.json().data.mission)).toMatchObject({ status: 'COMPLETED', doLater: false });
  });

  it("another founder's step answers 404, filled or not", async () => {
    const owner = await readyUser(t.app);
    const other = await readyUser(t.app);
    const mission = await firstMission(owner.token);
    await nextStepAsIs(t.app, owner.token, mission.userStep[0]!.id);
    const step = problemStatement(mission);
    const res = await nextStepAsIs(t.app, other.token, step.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect((await saveWorksheet(other.token, step.id, { statement: 'x' })).statusCode).toBe(404);
    expect(problemStatement(await missionOf(t.app, owner.token, mission.id)).worksheet!.answers).toEqual({});
  });
});
