import type { QuestionThread } from '@liftoff/contracts/experts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalRepository } from '../../src/features/experts/portal-repository.js';
import { bearer, detailPaths, readyUser } from '../helpers/accounts.js';
import { personWith } from '../helpers/team.js';
import { programOf } from '../programs/helpers.js';
import { addExpert, appWithClock } from './helpers.js';

let t: Awaited<ReturnType<typeof appWithClock>>;
beforeAll(async () => {
  t = await appWithClock('2026-03-01T00:00:00Z');
});
afterAll(async () => t?.close());

const ask = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/expert/ask-question', headers: bearer(token), payload });

describe("the founder's context in the expert's inbox", () => {
  it('shows startup, stage, milestone, mission and the step the question was asked from', async () => {
    const profile = await addExpert(t.app);
    const expert = await personWith(t.app, ['expert'], { twoFactor: false });
    await portalRepository(t.app.db).link(profile.id, expert.user.id);
    const founder = await readyUser(t.app);
    const milestone = (await programOf(t.app, founder.token)).userMilestone[0]!;
    const mission = await t.app.inject({
      method: 'GET',
      url: `/api/userMission/${milestone.userMission[0]!.id}`,
      headers: bearer(founder.token),
    });
    expect(mission.statusCode, mission.body).toBe(200);
    const {
      id: missionId,
      name: missionName,
      userStep,
    } = mission.json().data as {
      id: string;
      name: string;
      userStep: { id: string; title: string }[];
    };
    const step = userStep[1]!;
    const asked = await ask(founder.token, {
      expertId: profile.id,
      subject: 'Which questions?',
      question: 'What do we ask in the interviews?',
      missionId,
      stepId: step.id,
    });
    expect(asked.statusCode, asked.body).toBe(201);

    const inbox = await t.app.inject({
      method: 'GET',
      url: '/api/expert-portal/questions',
      headers: bearer(expert.token),
    });
    const [thread] = inbox.json().data as QuestionThread[];
    expect(thread!.context).toEqual({
      founderName: 'Ada Founder',
      startupName: 'Acme',
      stage: 'Idea',
      programName: expect.any(String),
      milestoneName: milestone.name,
      missionName,
      stepName: step.title,
    });

    // A step of no mission named, or not of the named mission, is refused naming the field.
    const alone = await ask(founder.token, {
      expertId: profile.id,
      subject: 'S',
      question: 'Q',
      stepId: step.id,
    });
    expect(alone.statusCode).toBe(400);
    expect(detailPaths(alone.json())).toEqual(['missionId']);
    const foreign = await ask(founder.token, {
      expertId: profile.id,
      subject: 'S',
      question: 'Q',
      missionId,
      stepId: '3f2b6c1e-8d4a-4e7b-9c2d-1a5f0e6b7c8d',
    });
    expect(foreign.statusCode).toBe(400);
    expect(detailPaths(foreign.json())).toEqual(['stepId']);
  });
});
