import type { Program } from '@liftoff/contracts/programs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { nextStep, programOf } from '../programs/helpers.js';
import { ask } from './support.js';

// The offline coach answers questions about the founder's own standing from their progress, with the step's link.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AI_OFFLINE_CHUNK_DELAY_MS: '0' });
});
afterAll(async () => t.close());

const current = (program: Program) => {
  const milestone = program.userMilestone.find((m) => m.status === 'ONGOING')!;
  const mission = milestone.userMission.find((m) => m.status === 'ONGOING')!;
  const step = mission.userStep.find((s) => s.status === 'ONGOING' && !s.doLater)!;
  return { milestone, mission, step, url: `/mission-details/${mission.id}/${step.id}` };
};

const coach = (token: string, input: string, extra: Record<string, unknown> = {}) =>
  ask(t.app, token, '/api/ai/chat/completion', { input, ...extra });

describe("the coach and the founder's standing", () => {
  it('answers "What should I do now?" with the current step and its link, and moves on with the founder', async () => {
    const user = await readyUser(t.app);
    const before = current(await programOf(t.app, user.token));
    const r = await coach(user.token, 'What should I do now?');
    expect(r.text).toContain(`[${before.step.title}](${before.url})`);
    expect(r.text).toContain(before.mission.name);
    expect(r.events.at(-1)!.sources).toContainEqual({
      kind: 'step',
      title: before.step.title,
      url: before.url,
    });

    expect((await nextStep(t.app, user.token, before.step.id)).statusCode).toBe(200);
    const after = current(await programOf(t.app, user.token));
    expect(after.step.id).not.toBe(before.step.id);
    const again = await coach(user.token, 'Was soll ich jetzt tun?');
    expect(again.text).toContain(`](${after.url})`);
    expect(again.text).not.toContain(`](${before.url})`);
    expect(again.text).toMatch(/answer in English/);

    const progress = await coach(user.token, 'How far am I?');
    const program = await programOf(t.app, user.token);
    const total = program.userMilestone.flatMap((m) => m.userMission).flatMap((m) => m.userStep).length;
    expect(progress.text).toContain(`done 1 of ${total} steps`);
  });

  it('keeps the current-milestone starter to the current milestone, never a locked one', async () => {
    const user = await readyUser(t.app);
    const program = await programOf(t.app, user.token);
    const { milestone, url } = current(program);
    const r = await coach(user.token, 'What should I focus on in my current milestone?');
    expect(r.text).toContain(milestone.name);
    expect(r.text).toContain(url);
    for (const locked of program.userMilestone.filter((m) => m.status === 'LOCKED'))
      expect(r.text).not.toContain(locked.name);
  });

  it('helps with the step the founder is stuck on', async () => {
    const user = await readyUser(t.app);
    const { step, url } = current(await programOf(t.app, user.token));
    const r = await coach(user.token, "I'm stuck on this step");
    expect(r.text).toContain(`[${step.title}](${url})`);
    expect(r.text).toMatch(/put it off for later/);
  });

  it("reviews the founder's own worksheet answers when asked from inside the step, and nobody else's", async () => {
    const user = await readyUser(t.app);
    const program = await programOf(t.app, user.token);
    const missions = program.userMilestone
      .filter((m) => m.status === 'ONGOING')
      .flatMap((m) => m.userMission);
    const mission = missions.find((m) => m.userStep.some((s) => s.worksheet))!;
    const step = mission.userStep.find((s) => s.worksheet)!;
    const field = step.worksheet!.fields[0]!;
    const mine = 'Freelance bookkeepers lose four hours a week chasing receipts from clients by e-mail.';
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/userStep/${step.id}/worksheet`,
      headers: bearer(user.token),
      payload: { answers: { [field.key]: mine } },
    });
    expect(saved.statusCode).toBe(200);

    const r = await coach(user.token, 'Review my answers', { stepId: step.id });
    expect(r.text).toContain(mine);
    expect(r.text).toContain(`/mission-details/${mission.id}/${step.id}`);

    // Another founder naming this step's id learns nothing of it.
    const other = await readyUser(t.app);
    const theirs = await coach(other.token, 'Review my answers', { stepId: step.id });
    expect(theirs.res.statusCode).toBe(200);
    expect(theirs.text).not.toContain(mine);
    expect(theirs.text).not.toContain(step.id);
  });
});
