import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { personWith } from '../helpers/team.js';
import { nextStep, programOf } from '../programs/helpers.js';
import { createCohort, dashboardOf, invite, testClock } from './helpers.js';

/*
 * The dashboard reads each milestone's step summary instead of the steps (decision 038). These tests walk a
 * founder through what changes steps and compare the summary with a count taken from the steps themselves.
 */

const clock = testClock(new Date().toISOString());
let t: TestApp;
let manager: Awaited<ReturnType<typeof personWith>>;

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
  manager = await personWith(t.app, ['founder', 'manager']);
}, 60_000);
afterAll(() => t?.close());

const rowsOf = (result: unknown) =>
  ((result as { rows?: Record<string, unknown>[] }).rows ?? result) as Record<string, unknown>[];

/** Per milestone of the founder: the kept summary and the same figures counted from the steps now. */
async function summaries(userId: string) {
  const result = await t.app.db.execute(sql`
    select ml.index,
      json_build_array(ml.steps_total, ml.steps_done, ml.steps_open, ml.last_step_at, ml.last_answer_at)::text as kept,
      json_build_array(count(s.id), count(s.id) filter (where s.status = 'COMPLETED'),
        count(s.id) filter (where s.status = 'ONGOING' and not s.do_later),
        max(s.completed_at), max(s.answers_updated_at))::text as counted
    from user_milestones ml
    left join user_missions mi on mi.user_milestone_id = ml.id
    left join user_steps s on s.user_mission_id = mi.id
    where ml.user_id = ${userId}
    group by ml.id order by ml.index`);
  return rowsOf(result).map((r) => ({
    index: Number(r.index),
    kept: JSON.parse(String(r.kept)) as [number, number, number, string | null, string | null],
    counted: JSON.parse(String(r.counted)) as [number, number, number, string | null, string | null],
  }));
}

async function expectKeptRight(userId: string) {
  const rows = await summaries(userId);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(row.kept, `milestone ${row.index}`).toEqual(row.counted);
  return rows;
}

const call = (method: 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe("each milestone's step summary", () => {
  it('stays right through enrolment, step start, complete, do later, answers, a cohort move and a reopen', async () => {
    const today = clock.now().toISOString().slice(0, 10);
    const from = await createCohort(t.app, manager.token, { name: 'Counts from' });
    const to = await createCohort(t.app, manager.token, {
      name: 'Counts to',
      startDate: today,
      endDate: today,
      timeZone: 'UTC',
    });
    const founder = await readyUser(t.app);
    await invite(t.app, manager.token, from.id, { email: founder.email });

    // Enrolled: every step counted, none done, the first step of each open mission in progress.
    const [first] = await expectKeptRight(founder.user.id);
    const [total, , open] = first!.kept;
    expect(total).toBeGreaterThan(2);
    expect(first!.kept[1]).toBe(0);
    expect(open).toBeGreaterThan(0);

    const mission = (await programOf(t.app, founder.token)).userMilestone[0]!.userMission[0]!;
    const [one, two] = mission.userStep;
    // Completing the first step starts the second.
    expect((await nextStep(t.app, founder.token, one!.id)).statusCode).toBe(200);
    expect((await expectKeptRight(founder.user.id))[0]!.kept.slice(0, 3)).toEqual([total, 1, open]);

    // Put off for later: no longer in progress (the next step opens instead), nothing more done.
    expect((await nextStep(t.app, founder.token, two!.id, true)).statusCode).toBe(200);
    expect((await expectKeptRight(founder.user.id))[0]!.kept.slice(0, 2)).toEqual([total, 1]);

    // Answers saved on a worksheet count as activity.
    const tool = (await programOf(t.app, founder.token)).userMilestone[0]!.userMission.flatMap((m) =>
      m.userStep.filter((s) => s.worksheet && s.status !== 'LOCKED'),
    )[0];
    if (tool) {
      const saved = await call('PUT', `/api/userStep/${tool.id}/worksheet`, founder.token, {
        answers: Object.fromEntries(tool.worksheet!.fields.map((f) => [f.key, '1'])),
      });
      expect(saved.statusCode).toBe(200);
      expect((await expectKeptRight(founder.user.id))[0]!.kept[4]).not.toBeNull();
    }

    // Completing the step put off.
    expect((await nextStep(t.app, founder.token, two!.id)).statusCode).toBe(200);
    expect((await expectKeptRight(founder.user.id))[0]!.kept[1]).toBe(2);

    // A move between cohorts keeps the progress, and the new cohort's dashboard shows it.
    const moved = await call(
      'POST',
      `/api/studio/cohorts/${from.id}/founders/${founder.user.id}/move`,
      manager.token,
      { toCohortId: to.id },
    );
    expect(moved.statusCode).toBe(200);
    const rows = await expectKeptRight(founder.user.id);
    const [row] = (await dashboardOf(t.app, manager.token, to.id)).founders;
    expect(row!.milestones.map((m) => [m.stepsDone, m.stepsTotal])).toEqual(
      rows.map((r) => [r.counted[1], r.counted[0]]),
    );
    expect(row).toMatchObject({ stepsDone: 2 });

    // The cohort ends: the missions close; a manager reopens the first and its first open step counts again.
    clock.advanceDays(1);
    try {
      await dashboardOf(t.app, manager.token, to.id);
      await expectKeptRight(founder.user.id);
      const closed = (await programOf(t.app, founder.token)).userMilestone[0]!.userMission[1]!;
      expect(closed.status).toBe('INCOMPLETED');
      const reopened = await call(
        'POST',
        `/api/studio/cohorts/${to.id}/founders/${founder.user.id}/missions/${closed.id}/reopen`,
        manager.token,
      );
      expect(reopened.statusCode).toBe(200);
      const after = (await expectKeptRight(founder.user.id))[0]!;
      expect(after.kept[2]).toBeGreaterThan(0);
      const board = await dashboardOf(t.app, manager.token, to.id);
      expect(board.founders[0]!.milestones[0]).toMatchObject({ stepsDone: after.counted[1] });
    } finally {
      clock.advanceDays(-1);
    }
  });

  it('is counted for milestones that existed before it, by the migration that adds it', async () => {
    const founder = await readyUser(t.app);
    const mission = (await programOf(t.app, founder.token)).userMilestone[0]!.userMission[0]!;
    expect((await nextStep(t.app, founder.token, mission.userStep[0]!.id)).statusCode).toBe(200);
    // As a database from before the summary had it: nothing counted.
    await t.app.db.execute(sql`update user_milestones set steps_total = 0, steps_done = 0, steps_open = 0,
      last_step_at = null, last_answer_at = null where user_id = ${founder.user.id}`);
    expect((await summaries(founder.user.id))[0]!.kept).toEqual([0, 0, 0, null, null]);

    const migration = readFileSync(
      new URL('../../src/db/migrations/0008_milestone-step-counts.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toMatch(/^\s*-- Milestones that existed before/);
    await t.app.db.execute(sql.raw(backfill));
    const [first] = await expectKeptRight(founder.user.id);
    expect(first!.kept[1]).toBe(1);
  });

  it('does not stand in the way of deleting an account with progress', async () => {
    const founder = await readyUser(t.app);
    const mission = (await programOf(t.app, founder.token)).userMilestone[0]!.userMission[0]!;
    expect((await nextStep(t.app, founder.token, mission.userStep[0]!.id)).statusCode).toBe(200);
    await t.app.db.execute(sql`delete from users where id = ${founder.user.id}`);
    expect(await summaries(founder.user.id)).toEqual([]);
  });
});
