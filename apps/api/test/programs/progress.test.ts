import type { Milestone, Mission, NextStepResult, Program, Step } from '@liftoff/contracts/programs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPrograms } from '../../src/features/programs/tables.js';
import { closeOverduePrograms } from '../../src/features/programs/enrolment.js';
import { bearer, PASSWORD, readyUser, verifiedUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { get, missionOf, nextStep, PDF, programOf, upload } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const LOCKED = 'This milestone is locked. Finish the previous milestone first.';
const statuses = (mission: Mission) => mission.userStep.map((s) => (s.doLater ? 'LATER' : s.status));

async function advance(token: string, stepId: string, doLater = false): Promise<NextStepResult> {
  const res = await nextStep(t.app, token, stepId, doLater);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe('Your changes have been successfully saved.');
  return res.json().data;
}

describe('enrolment', () => {
  it('enrols a user in the default program when the profile is completed, not before', async () => {
    const user = await verifiedUser(t.app);
    expect((await get(t.app, user.token, '/api/userProgram/programs')).json().data).toEqual([]);
    await t.app.inject({
      method: 'PUT',
      url: `/api/user/${user.user.id}/meta`,
      headers: bearer(user.token),
      payload: { meta: { startupName: 'Nimbus', stage: 'Idea', industry: 'Climate' } },
    });
    const done = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/update-user/${user.user.id}`,
      headers: bearer(user.token),
      payload: { profileCompleted: true },
    });
    expect(done.statusCode).toBe(200);
    const res = await get(t.app, user.token, '/api/userProgram/programs');
    expect(res.json().message).toBe('Programs Fetched Successfully.');
    const programs = res.json().data as Program[];
    expect(programs).toHaveLength(1);
    const [program] = programs;
    expect(program).toMatchObject({
      index: 1,
      name: 'Venture Foundations',
      version: 1,
      status: 'ONGOING',
      iconUrl: '/api/content/icons/venture-foundations.svg',
    });
    expect(program!.userMilestone).toHaveLength(5);
    expect(program!.userMilestone.map((m) => m.status)).toEqual([
      'ONGOING',
      'LOCKED',
      'LOCKED',
      'LOCKED',
      'LOCKED',
    ]);
  });

  it('enrols the demo account seeded through the same hook', async () => {
    await t.app.auth.ensureDemoAccount('demo-programs@liftoff.local', PASSWORD);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'demo-programs@liftoff.local', password: PASSWORD },
    });
    const program = await programOf(t.app, login.json().data.token);
    expect(program.name).toBe('Venture Foundations');
    expect(program.userMilestone[0]!.status).toBe('ONGOING');
  });
});

describe('the progress state machine', () => {
  let token: string;
  let program: Program;
  beforeAll(async () => {
    token = (await readyUser(t.app)).token;
    program = await programOf(t.app, token);
  });

  it('starts with the first milestone open and everything else locked', async () => {
    const [first, second] = program.userMilestone as [Milestone, Milestone];
    expect(first).toMatchObject({
      index: 1,
      name: 'Problem & Customer Discovery',
      status: 'ONGOING',
      completedAt: null,
      overviewSubtitle: expect.any(String),
      description: expect.any(String),
    });
    expect(first.outcome.title).toBe('You know whose problem you solve, and you can prove it');
    expect(first.expert).toMatchObject({
      firstName: 'Maya',
      lastName: 'Okafor',
      authType: 'EMAIL',
      profileImageUrl: '/api/content/experts/avatars/maya-okafor.svg',
    });
    expect(first.expert!.expertMeta[0]!.headline).toEqual(expect.any(String));
    for (const mission of first.userMission) {
      expect(mission.status).toBe('ONGOING');
      expect(mission.deliverable).toMatchObject({
        title: expect.any(String),
        description: expect.any(String),
      });
      expect(statuses(mission as Mission)).toEqual([
        'ONGOING',
        ...mission.userStep.slice(1).map(() => 'LOCKED'),
      ]);
    }
    for (const mission of second.userMission) {
      expect(mission.status).toBe('LOCKED');
      expect(mission.userStep.every((s) => s.status === 'LOCKED')).toBe(true);
    }
    const ongoing = await get(t.app, token, `/api/userMilestone/ongoing/${program.id}`);
    expect(ongoing.json()).toMatchObject({
      message: 'Ongoing Milestone Fetched Successfully.',
      data: { id: first.id },
    });
  });

  it('walks a whole milestone step by step into the next one', async () => {
    const [first, second] = program.userMilestone as [Milestone, Milestone];
    const [frame, interviews, synthesis] = first.userMission.map((m) => m.id) as [string, string, string];

    // Mission 1: every step in order, then the deliverable.
    let mission = await missionOf(t.app, token, frame);
    const steps = mission.userStep;
    const locked = await nextStep(t.app, token, steps[2]!.id);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe('Finish or put off the previous step of this mission first.');

    let result = await advance(token, steps[0]!.id);
    expect(result).toMatchObject({
      nextStepId: steps[1]!.id,
      missionCompleted: false,
      milestoneCompleted: false,
      unlockedMilestoneId: null,
    });
    expect(statuses(result.mission)).toEqual(['COMPLETED', 'ONGOING', 'LOCKED']);
    expect(result.mission.userStep[0]!.completedAt).toEqual(expect.any(String));
    result = await advance(token, steps[1]!.id);
    expect(result.nextStepId).toBe(steps[2]!.id);
    result = await advance(token, steps[2]!.id);
    expect(result).toMatchObject({ nextStepId: null, missionCompleted: false });
    expect(result.mission.status).toBe('ONGOING'); // the deliverable is still missing
    const handedIn = await upload(t.app, token, frame, { name: 'problem-statement.pdf', data: PDF });
    expect(handedIn.statusCode, handedIn.body).toBe(201);
    mission = await missionOf(t.app, token, frame);
    expect(mission.status).toBe('COMPLETED');
    expect(mission.completedAt).toEqual(expect.any(String));

    // Mission 2: one step put off for later; the deliverable completes the mission.
    mission = await missionOf(t.app, token, interviews);
    const [a, b, c, d] = mission.userStep as [Step, Step, Step, Step];
    await advance(token, a.id);
    result = await advance(token, b.id, true);
    expect(result.nextStepId).toBe(c.id);
    expect(statuses(result.mission)).toEqual(['COMPLETED', 'LATER', 'ONGOING', 'LOCKED']);
    expect(result.mission.userStep[1]).toMatchObject({ status: 'ONGOING', doLater: true, completedAt: null });
    await advance(token, c.id);
    result = await advance(token, d.id);
    expect(result).toMatchObject({ nextStepId: null, missionCompleted: false });
    await upload(t.app, token, interviews, { name: 'interview-log.pdf', data: PDF });
    expect((await missionOf(t.app, token, interviews)).status).toBe('COMPLETED');

    // Mission 3: the deliverable first; the last step then completes the mission and the milestone.
    await upload(t.app, token, synthesis, { name: 'icp.pdf', data: PDF });
    mission = await missionOf(t.app, token, synthesis);
    expect(mission.status).toBe('ONGOING');
    await advance(token, mission.userStep[0]!.id);
    await advance(token, mission.userStep[1]!.id);
    result = await advance(token, mission.userStep[2]!.id);
    expect(result).toMatchObject({
      missionCompleted: true,
      milestoneCompleted: true,
      unlockedMilestoneId: second.id,
      nextStepId: null,
    });
    expect(result.mission.userMilestone).toMatchObject({ id: first.id, status: 'COMPLETED' });

    const after = await programOf(t.app, token);
    expect(after.userMilestone.map((m) => m.status)).toEqual([
      'COMPLETED',
      'ONGOING',
      'LOCKED',
      'LOCKED',
      'LOCKED',
    ]);
    expect(after.userMilestone[0]!.completedAt).toEqual(expect.any(String));
    for (const m of after.userMilestone[1]!.userMission) {
      expect(m.status).toBe('ONGOING');
      expect(statuses(m as Mission)[0]).toBe('ONGOING');
    }
    const ongoing = await get(t.app, token, `/api/userMilestone/ongoing/${program.id}`);
    expect(ongoing.json().data.id).toBe(second.id);

    // The step put off earlier can still be finished; nothing else changes.
    result = await advance(token, b.id);
    expect(result).toMatchObject({
      missionCompleted: false,
      milestoneCompleted: false,
      unlockedMilestoneId: null,
    });
    expect(result.mission.userStep[1]).toMatchObject({
      status: 'COMPLETED',
      doLater: false,
      completedAt: expect.any(String),
    });
    expect(result.mission.status).toBe('COMPLETED');
  });

  it('refuses steps of a locked milestone with 409', async () => {
    const third = (await programOf(t.app, token)).userMilestone[2]!;
    const res = await nextStep(t.app, token, third.userMission[0]!.userStep[0]!.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: LOCKED });
    const uploadRes = await upload(t.app, token, third.userMission[0]!.id, { name: 'x.pdf', data: PDF });
    expect(uploadRes.statusCode).toBe(409);
    expect(uploadRes.json().message).toBe(LOCKED);
  });

  it('answers the milestone calls with their catalogue messages', async () => {
    const fresh = await programOf(t.app, token);
    const one = await get(t.app, token, `/api/userProgram/${program.id}`);
    expect(one.json()).toMatchObject({
      message: 'Program Fetched Successfully.',
      data: { id: program.id, userMilestone: expect.any(Array) },
    });
    const list = await get(t.app, token, `/api/userMilestone/program-milestones/${program.id}`);
    expect(list.json().message).toBe('Program Milestones Fetched Successfully.');
    expect((list.json().data as Milestone[]).map((m) => m.index)).toEqual([1, 2, 3, 4, 5]);
    const milestone = await get(t.app, token, `/api/userMilestone/${fresh.userMilestone[1]!.id}`);
    expect(milestone.json()).toMatchObject({
      message: 'Milestone Fetched Successfully.',
      data: { status: 'ONGOING', originalMilestoneId: expect.any(String) },
    });
    const mission = await get(t.app, token, `/api/userMission/${fresh.userMilestone[1]!.userMission[0]!.id}`);
    expect(mission.json().message).toBe('Ongoing Mission Fetched Successfully.');
  });
});

describe('steps: rating, worksheets, concurrency', () => {
  it('rates a step from 1 to 5', async () => {
    const { token } = await readyUser(t.app);
    const step = (await programOf(t.app, token)).userMilestone[0]!.userMission[0]!.userStep[0]!;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/userStep/${step.id}/rating`,
      headers: bearer(token),
      payload: { rating: 4 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: step.id, rating: 4 });
    const mission = await missionOf(
      t.app,
      token,
      (await programOf(t.app, token)).userMilestone[0]!.userMission[0]!.id,
    );
    expect(mission.userStep[0]!.rating).toBe(4);
    for (const rating of [0, 6, 2.5]) {
      const bad = await t.app.inject({
        method: 'PUT',
        url: `/api/userStep/${step.id}/rating`,
        headers: bearer(token),
        payload: { rating },
      });
      expect(bad.statusCode).toBe(400);
    }
    const lockedStep = (await programOf(t.app, token)).userMilestone[1]!.userMission[0]!.userStep[0]!;
    const locked = await t.app.inject({
      method: 'PUT',
      url: `/api/userStep/${lockedStep.id}/rating`,
      headers: bearer(token),
      payload: { rating: 5 },
    });
    expect(locked.statusCode).toBe(409);
  });

  it('saves a TOOL step worksheet and refuses unknown fields', async () => {
    const { token } = await readyUser(t.app);
    const mission = (await programOf(t.app, token)).userMilestone[0]!.userMission[0]!;
    const tool = mission.userStep.find((s) => s.type === 'TOOL')!;
    const content = mission.userStep.find((s) => s.type === 'CONTENT')!;
    expect(tool.worksheet!.fields.map((f) => f.key)).toContain('customer');
    expect(tool.worksheet!.answers).toEqual({});
    const url = `/api/userStep/${tool.id}/worksheet`;
    const saved = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(token),
      payload: {
        answers: {
          customer: 'Finance leads at 20-person agencies',
          problem: 'Month-end close takes four days',
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.worksheet).toMatchObject({
      answers: { customer: 'Finance leads at 20-person agencies' },
      updatedAt: expect.any(String),
    });
    expect(
      (await missionOf(t.app, token, mission.id)).userStep.find((s) => s.id === tool.id)!.worksheet!.answers
        .problem,
    ).toBe('Month-end close takes four days');
    const unknown = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(token),
      payload: { answers: { customer: 'x', bogus: 'y' } },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ path: 'answers.bogus', message: 'Unknown field' }]);
    const onContent = await t.app.inject({
      method: 'PUT',
      url: `/api/userStep/${content.id}/worksheet`,
      headers: bearer(token),
      payload: { answers: {} },
    });
    expect(onContent.statusCode).toBe(400);
    expect(onContent.json().message).toBe('This step has no worksheet.');
  });

  it('advances once when the same step is sent twice at the same time', async () => {
    const { token } = await readyUser(t.app);
    const mission = (await programOf(t.app, token)).userMilestone[0]!.userMission[0]!;
    const [first, second, third] = mission.userStep as [Step, Step, Step];
    const both = await Promise.all([nextStep(t.app, token, first.id), nextStep(t.app, token, first.id)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const after = await missionOf(t.app, token, mission.id);
    expect(statuses(after)).toEqual(['COMPLETED', 'ONGOING', 'LOCKED']);

    // The last step, with the deliverable already in: exactly one of two calls completes the mission.
    await upload(t.app, token, mission.id, { name: 'deliverable.pdf', data: PDF });
    await advance(token, second.id);
    const last = await Promise.all([nextStep(t.app, token, third.id), nextStep(t.app, token, third.id)]);
    expect(last.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(last.map((r) => r.json().data.missionCompleted).sort()).toEqual([false, true]);
    expect((await missionOf(t.app, token, mission.id)).status).toBe('COMPLETED');
  });
});

describe('ownership', () => {
  it("answers 404 for another user's program, milestone, mission and step, and for malformed ids", async () => {
    const owner = await readyUser(t.app);
    const other = await readyUser(t.app);
    const program = await programOf(t.app, owner.token);
    const milestone = program.userMilestone[0]!;
    const mission = milestone.userMission[0]!;
    const step = mission.userStep[0]!;
    for (const url of [
      `/api/userProgram/${program.id}`,
      `/api/userMilestone/${milestone.id}`,
      `/api/userMilestone/ongoing/${program.id}`,
      `/api/userMilestone/program-milestones/${program.id}`,
      `/api/userMilestone/outcome/${milestone.id}`,
      `/api/userMission/${mission.id}`,
      '/api/userMission/not-a-uuid',
      '/api/userProgram/123',
    ]) {
      const res = await get(t.app, other.token, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect((await nextStep(t.app, other.token, step.id)).statusCode).toBe(404);
    expect((await nextStep(t.app, other.token, 'nope')).statusCode).toBe(404);
    const rate = await t.app.inject({
      method: 'PUT',
      url: `/api/userStep/${step.id}/rating`,
      headers: bearer(other.token),
      payload: { rating: 3 },
    });
    expect(rate.statusCode).toBe(404);
    const sheet = await t.app.inject({
      method: 'PUT',
      url: `/api/userStep/${step.id}/worksheet`,
      headers: bearer(other.token),
      payload: { answers: {} },
    });
    expect(sheet.statusCode).toBe(404);
    // The owner's step is untouched.
    expect((await missionOf(t.app, owner.token, mission.id)).userStep[0]!.status).toBe('ONGOING');
  });

  it('refuses an unknown field in the next-step body and needs a session', async () => {
    const { token } = await readyUser(t.app);
    const step = (await programOf(t.app, token)).userMilestone[0]!.userMission[0]!.userStep[0]!;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/userStep/next-step',
      headers: bearer(token),
      payload: { stepId: step.id, doLater: false, status: 'COMPLETED' },
    });
    expect(res.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/userProgram/programs' })).statusCode).toBe(401);
  });
});

describe('program end date', () => {
  it('closes an overdue enrolment: unfinished milestones and missions become INCOMPLETED', async () => {
    const { token } = await readyUser(t.app);
    let program = await programOf(t.app, token);
    const mission = program.userMilestone[0]!.userMission[0]!;
    await t.app.db
      .update(userPrograms)
      .set({ endsAt: new Date(Date.now() + 86_400_000) })
      .where(eq(userPrograms.id, program.id));
    expect(await closeOverduePrograms(t.app.db)).toBe(0);
    await t.app.db
      .update(userPrograms)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(userPrograms.id, program.id));
    expect(await closeOverduePrograms(t.app.db)).toBe(1);
    expect(await closeOverduePrograms(t.app.db)).toBe(0);
    program = await programOf(t.app, token);
    expect(program.status).toBe('INCOMPLETED');
    expect(program.endsAt).toEqual(expect.any(String));
    expect(new Set(program.userMilestone.map((m) => m.status))).toEqual(new Set(['INCOMPLETED']));
    expect(program.userMilestone[0]!.userMission.map((m) => m.status)).toEqual([
      'INCOMPLETED',
      'INCOMPLETED',
      'INCOMPLETED',
    ]);
    const res = await nextStep(t.app, token, mission.userStep[0]!.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This program has ended; its missions can no longer be changed.');
    expect((await get(t.app, token, `/api/userMilestone/ongoing/${program.id}`)).json().data).toBeNull();
  });
});
