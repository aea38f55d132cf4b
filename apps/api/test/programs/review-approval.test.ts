import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importProgramPack } from '../../src/content/program-pack.js';
import { programTemplates } from '../../src/features/programs/tables.js';
import { contentDir } from '../../src/lib/paths.js';
import { readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { personWith } from '../helpers/team.js';
import { missionOf, nextStep, programOf } from './helpers.js';
import { cohortWith, deliverableMission, finishSteps, handIn, reviewOf, studio } from './review-support.js';

/*
 * A program that requires approval (decision 004): handing in no longer completes the mission; the program
 * team's approval does, whichever comes last of it and the last step.
 */

let t: TestApp;
let pack: string;
let manager: Awaited<ReturnType<typeof personWith>>;

beforeAll(async () => {
  t = await createTestApp();
  // The real pack with the program-level setting switched on, imported over the one the app started with.
  pack = mkdtempSync(path.join(tmpdir(), 'liftoff-approval-pack-'));
  for (const part of ['programs', 'experts', 'icons', 'templates'])
    cpSync(path.join(contentDir, part), path.join(pack, part), { recursive: true });
  const programFile = path.join(pack, 'programs/venture-foundations/program.yaml');
  writeFileSync(programFile, `${readFileSync(programFile, 'utf8')}requiresApproval: true\n`);
  await importProgramPack(t.app.db, pack);
  manager = await personWith(t.app, ['manager']);
});
afterAll(async () => {
  await t.close();
  rmSync(pack, { recursive: true, force: true });
});

async function founderInCohort() {
  const founder = await readyUser(t.app);
  await cohortWith(t.app, `Cohort of ${founder.email}`, [manager.user.id], [founder.user.id]);
  return founder;
}

const move = async (id: string, status: string, comment?: string) => {
  const res = await studio.move(t.app, manager.token, id, { status, ...(comment ? { comment } : {}) });
  expect(res.statusCode, res.body).toBe(200);
};

describe('a program that requires approval', () => {
  it('stores the setting from the content pack on the program', async () => {
    const rows = await t.app.db
      .select({ requiresApproval: programTemplates.requiresApproval })
      .from(programTemplates)
      .where(eq(programTemplates.key, 'venture-foundations'));
    expect(rows).toEqual([{ requiresApproval: true }]);
  });

  it('completes the mission on approval, not on hand-in nor on changes requested', async () => {
    const founder = await founderInCohort();
    const missionId = await finishSteps(t.app, founder.token);
    await handIn(t.app, founder.token, missionId);
    expect((await missionOf(t.app, founder.token, missionId)).status).toBe('ONGOING');
    const review = (await reviewOf(t.app, founder.token, missionId))!;
    expect(review).toMatchObject({ status: 'submitted', requiresApproval: true });

    await move(review.id, 'in_review');
    await move(review.id, 'changes_requested', 'Add the interview notes, not only the summary.');
    expect((await missionOf(t.app, founder.token, missionId)).status).toBe('ONGOING');

    await handIn(t.app, founder.token, missionId, 'interviews-with-notes.pdf');
    await move(review.id, 'in_review');
    await move(review.id, 'approved');
    const mission = await missionOf(t.app, founder.token, missionId);
    expect(mission.status).toBe('COMPLETED');
    expect(mission.completedAt).not.toBeNull();

    // Reopening the decision never takes the completion back.
    await move(review.id, 'in_review');
    expect((await missionOf(t.app, founder.token, missionId)).status).toBe('COMPLETED');
  });

  it('completes the mission with its last step when the approval came first', async () => {
    const founder = await founderInCohort();
    const mission = deliverableMission(await programOf(t.app, founder.token));
    const [first, ...rest] = mission.userStep;
    expect((await nextStep(t.app, founder.token, first!.id)).statusCode).toBe(200);
    await handIn(t.app, founder.token, mission.id);
    const review = (await reviewOf(t.app, founder.token, mission.id))!;
    await move(review.id, 'in_review');
    await move(review.id, 'approved');
    expect((await missionOf(t.app, founder.token, mission.id)).status).toBe('ONGOING');

    let completed = false;
    for (const step of rest) {
      const res = await nextStep(t.app, founder.token, step.id);
      expect(res.statusCode).toBe(200);
      completed = res.json().data.missionCompleted as boolean;
    }
    expect(completed).toBe(true);
    expect((await missionOf(t.app, founder.token, mission.id)).status).toBe('COMPLETED');
  });
});
