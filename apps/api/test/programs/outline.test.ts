import type { Program, ProgramOutline } from '@liftoff/contracts/programs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyUser, verifiedUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { get, nextStep, programOf } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const outlinesOf = async (token: string) => {
  const res = await get(t.app, token, '/api/userProgram/programs/outline');
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, programs: res.json().data as ProgramOutline[] };
};
const stepsOf = (program: Program | ProgramOutline) =>
  program.userMilestone.flatMap((m) => m.userMission.flatMap((mission) => mission.userStep));

describe('GET /api/userProgram/programs/outline (what the overview reads)', () => {
  it("is the founder's programs without the steps' bodies, and much lighter", async () => {
    const founder = await readyUser(t.app);
    const full = await get(t.app, founder.token, '/api/userProgram/programs');
    const outline = await outlinesOf(founder.token);
    const programs = full.json().data as Program[];
    expect(programs.length).toBeGreaterThan(0);
    // Everything else is the same, to the field.
    const withoutBodies = programs.map((program) => ({
      ...program,
      userMilestone: program.userMilestone.map((milestone) => ({
        ...milestone,
        userMission: milestone.userMission.map((mission) => ({
          ...mission,
          userStep: mission.userStep.map(({ body: _b, bodyHtml: _h, ...step }) => step),
        })),
      })),
    }));
    expect(outline.programs).toEqual(withoutBodies);
    expect(stepsOf(outline.programs[0]!).length).toBe(stepsOf(programs[0]!).length);
    for (const step of stepsOf(outline.programs[0]!)) {
      expect(step).not.toHaveProperty('body');
      expect(step).not.toHaveProperty('bodyHtml');
    }
    expect(outline.body.length).toBeLessThan(full.body.length / 2);
  });

  it('shows progress as it is now, and only the caller’s own', async () => {
    const founder = await readyUser(t.app);
    const [first] = stepsOf(await programOf(t.app, founder.token));
    expect((await nextStep(t.app, founder.token, first!.id)).statusCode).toBe(200);
    const [done] = stepsOf((await outlinesOf(founder.token)).programs[0]!);
    expect(done).toMatchObject({ id: first!.id, status: 'COMPLETED' });

    // Someone not yet enrolled sees no program, not this founder's.
    const stranger = await verifiedUser(t.app);
    expect((await outlinesOf(stranger.token)).programs).toEqual([]);
  });
});
