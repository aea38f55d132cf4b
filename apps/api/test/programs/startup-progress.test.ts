import type { Mission, Step } from '@liftoff/contracts/programs';
import type { MissionContributions } from '@liftoff/contracts/programs-contributions';
import type { ReviewQueueItem } from '@liftoff/contracts/programs-review';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPrograms } from '../../src/features/programs/tables.js';
import { bearer, readyUser, verifiedUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { personWith } from '../helpers/team.js';
import { inviteCofounder, myStartup } from '../startups/helpers.js';
import { get, missionOf, nextStep, programOf } from './helpers.js';
import { deliverableMission, handIn, reviewOf, studio } from './review-support.js';

/** The startup's program, worked by its members together (docs/decisions/063-startups.md). */
describe('programs: the progress is the startup’s', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  /** An owner who completed onboarding (and so is enrolled) and a co-founder who joined at once. */
  async function team() {
    const ada = await readyUser(t.app);
    const ben = await verifiedUser(t.app, { firstName: 'Ben', lastName: 'Baker' });
    await inviteCofounder(t.app, ada.token, ben.email);
    return { ada, ben };
  }

  const contributions = async (token: string, missionId: string) => {
    const res = await get(t.app, token, `/api/userMission/${missionId}/contributions`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as MissionContributions;
  };

  /** Saves one worksheet field from the version the caller sees. */
  async function saveField(token: string, step: Step, key: string, value: string) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/userStep/${step.id}/answers/${key}`,
      headers: bearer(token),
      payload: { value, version: step.worksheet?.versions?.[key]?.version ?? 0 },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('lets co-founders work one program: steps, answers, deliverables and one review', async () => {
    const { ada, ben } = await team();
    const program = await programOf(t.app, ada.token);
    expect((await programOf(t.app, ben.token)).id).toBe(program.id);

    // Ada completes a step; Ben sees it done.
    const mission = deliverableMission(program);
    const first = mission.userStep[0]!;
    expect((await nextStep(t.app, ada.token, first.id)).statusCode).toBe(200);
    const seen = await missionOf(t.app, ben.token, mission.id);
    expect(seen.userStep[0]!.status).toBe('COMPLETED');

    // Ben finishes the other steps, answering a worksheet field on the way; Ada sees his answer.
    const withWorksheet = seen.userStep.find((s) => s.worksheet)!;
    expect(withWorksheet).toBeDefined();
    await saveField(ben.token, withWorksheet, withWorksheet.worksheet!.fields[0]!.key, 'Bakers');
    for (const step of seen.userStep.slice(1)) {
      const res = await nextStep(t.app, ben.token, step.id);
      expect(res.statusCode, res.body).toBe(200);
    }
    const mine = await missionOf(t.app, ada.token, mission.id);
    expect(mine.userStep.every((s) => s.status === 'COMPLETED')).toBe(true);
    {
      const answered = mine.userStep.find((s) => s.id === withWorksheet.id)!;
      expect(answered.worksheet!.answers[withWorksheet.worksheet!.fields[0]!.key]).toBe('Bakers');
    }

    // Ben hands in; Ada sees the file, and both see one review.
    const file = await handIn(t.app, ben.token, mission.id);
    const afterHandIn: Mission = await missionOf(t.app, ada.token, mission.id);
    expect(afterHandIn.attachments.map((a) => a.id)).toEqual([file.id]);
    const download = await get(t.app, ada.token, afterHandIn.attachments[0]!.downloadUrl);
    expect(download.statusCode).toBe(200);
    const [adasReview, bensReview] = [
      await reviewOf(t.app, ada.token, mission.id),
      await reviewOf(t.app, ben.token, mission.id),
    ];
    expect(adasReview!.id).toBe(bensReview!.id);
    expect(adasReview!.versions).toHaveLength(1);

    // The program team reviews it once; a reply from either founder speaks as the founder.
    const admin = await personWith(t.app, ['admin']);
    const queue = (await studio.queue(t.app, admin.token)).json().data as ReviewQueueItem[];
    expect(queue.filter((item) => [ada.user.id, ben.user.id].includes(item.founder.id))).toHaveLength(1);
    expect((await studio.move(t.app, admin.token, adasReview!.id, { status: 'in_review' })).statusCode).toBe(
      200,
    );
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/userMission/${mission.id}/review/comments`,
      headers: bearer(ada.token),
      payload: { body: 'Ben interviewed ten bakers.' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const thread = (await reviewOf(t.app, ben.token, mission.id))!.comments;
    expect(thread.map((c) => [c.body, c.author.role])).toEqual([['Ben interviewed ten bakers.', 'founder']]);

    // Each person's part.
    const parts = await contributions(ada.token, mission.id);
    expect(parts.people.map((p) => [p.userId, p.member])).toEqual([
      [ada.user.id, true],
      [ben.user.id, true],
    ]);
    const [adas, bens] = parts.people;
    expect(adas!.stepsCompleted).toEqual([first.id]);
    expect(bens!.stepsCompleted).toEqual(mission.userStep.slice(1).map((s) => s.id));
    expect(bens!.versionsHandedIn).toEqual([1]);
    expect(adas!.versionsHandedIn).toEqual([]);
    expect(bens!.name).toBe('Ben Baker');
    expect(bens!.fieldsAnswered).toBeGreaterThanOrEqual(1);
    expect(adas!.fieldsAnswered + bens!.fieldsAnswered).toBeLessThanOrEqual(parts.fieldsTotal);
  });

  it('enrols the startup once: a co-founder who joins or completes onboarding is not enrolled again', async () => {
    const { ada, ben } = await team();
    const done = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/update-user/${ben.user.id}`,
      headers: bearer(ben.token),
      payload: { profileCompleted: true },
    });
    expect(done.statusCode, done.body).toBe(200);
    const startup = await myStartup(t.app, ada.token);
    const [row] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(userPrograms)
      .where(eq(userPrograms.startupId, startup.id));
    expect(row!.n).toBe(1);
    expect((await programOf(t.app, ben.token)).id).toBe((await programOf(t.app, ada.token)).id);
  });

  it("answers 404 for another startup's program, milestones, missions, steps, files, reviews and shares", async () => {
    const { ada, ben } = await team();
    const other = await readyUser(t.app);
    const program = await programOf(t.app, ada.token);
    const milestone = program.userMilestone[0]!;
    const mission = deliverableMission(program);
    const step = mission.userStep[0]!;
    const file = await handIn(t.app, ben.token, mission.id);
    const reads = [
      `/api/userProgram/${program.id}`,
      `/api/userMilestone/${milestone.id}`,
      `/api/userMilestone/outcome/${milestone.id}`,
      `/api/userMilestone/program-milestones/${program.id}`,
      `/api/userMission/${mission.id}`,
      `/api/userMission/${mission.id}/contributions`,
      `/api/userMission/${mission.id}/review`,
      `/api/userMission/${mission.id}/attachments/${file.id}/download`,
    ];
    for (const url of reads) expect((await get(t.app, other.token, url)).statusCode, url).toBe(404);
    const writes = [
      { method: 'PUT' as const, url: '/api/userStep/next-step', payload: { stepId: step.id, doLater: true } },
      { method: 'PUT' as const, url: `/api/userStep/${step.id}/rating`, payload: { rating: 3 } },
      { method: 'DELETE' as const, url: `/api/userMission/${mission.id}/attachments/${file.id}` },
      { method: 'POST' as const, url: '/api/shares', payload: { kind: 'attachment', id: file.id } },
      {
        method: 'POST' as const,
        url: `/api/userMission/${mission.id}/review/comments`,
        payload: { body: 'Hello' },
      },
    ];
    for (const call of writes) {
      const res = await t.app.inject({ ...call, headers: bearer(other.token) });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    // The stranger's own program is untouched by all of it, and theirs alone.
    expect((await programOf(t.app, other.token)).id).not.toBe(program.id);
    expect((await get(t.app, ben.token, `/api/userMission/${mission.id}`)).statusCode).toBe(200);
  });

  it("keeps the startup's progress when a co-founder deletes their account; the last member's takes it", async () => {
    const { ada, ben } = await team();
    const mission = deliverableMission(await programOf(t.app, ada.token));
    expect((await nextStep(t.app, ada.token, mission.userStep[0]!.id)).statusCode).toBe(200);
    const file = await handIn(t.app, ada.token, mission.id);
    const startup = await myStartup(t.app, ben.token);

    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/account/delete',
      headers: bearer(ada.token),
      payload: { password: ada.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const kept = await missionOf(t.app, ben.token, mission.id);
    expect(kept.userStep[0]!.status).toBe('COMPLETED');
    expect(kept.attachments.map((a) => a.id)).toEqual([file.id]);
    // The bytes stayed too.
    expect((await get(t.app, ben.token, kept.attachments[0]!.downloadUrl)).statusCode).toBe(200);
    const parts = await contributions(ben.token, mission.id);
    expect(parts.people.find((p) => p.userId === null)).toMatchObject({
      name: 'Former member',
      member: false,
      versionsHandedIn: [1],
      stepsCompleted: [mission.userStep[0]!.id],
    });

    const last = await t.app.inject({
      method: 'POST',
      url: '/api/auth/account/delete',
      headers: bearer(ben.token),
      payload: { password: ben.password },
    });
    expect(last.statusCode, last.body).toBe(200);
    const left = await t.app.db.select().from(userPrograms).where(eq(userPrograms.startupId, startup.id));
    expect(left).toEqual([]);
  });

  it("exports the startup's program marked as shared", async () => {
    const { ada, ben } = await team();
    const mission = deliverableMission(await programOf(t.app, ada.token));
    await handIn(t.app, ada.token, mission.id);
    const res = await get(t.app, ben.token, '/api/auth/account/export');
    expect(res.statusCode).toBe(200);
    const exported = JSON.parse(res.body) as {
      startupProgram: { shared: boolean; sections: string[] };
      deliverables: { files: { byMe: boolean; fileName: string }[] };
    };
    expect(exported.startupProgram).toMatchObject({ shared: true });
    expect(exported.startupProgram.sections).toContain('deliverables');
    // Ada's file, in Ben's export: shared with him, not his.
    expect(exported.deliverables.files.map((f) => [f.fileName, f.byMe])).toEqual([['interviews.pdf', false]]);
  });
});
