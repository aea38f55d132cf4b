import type { NudgeMessage } from '@liftoff/contracts/cohorts-nudges';
import type { Notification } from '@liftoff/contracts/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, mailbox, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { personWith } from '../helpers/team.js';
import { programOf } from '../programs/helpers.js';
import { createCohort, dashboardOf, invite, testClock } from './helpers.js';

type Person = Awaited<ReturnType<typeof personWith>>;

const clock = testClock('2026-11-02T10:00:00Z');
let t: TestApp;
let manager: Person;
let otherManager: Person;

const post = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
  manager = await personWith(t.app, ['founder', 'manager']);
  otherManager = await personWith(t.app, ['founder', 'manager']);
}, 60_000);
afterAll(() => t?.close());

describe('nudges from the dashboard', () => {
  it("previews each recipient's own next step, sends to those flagged, and records it on their timeline", async () => {
    const cohort = await createCohort(t.app, manager.token, { stuckAfterDays: 3 });
    const idle = await readyUser(t.app);
    await invite(t.app, manager.token, cohort.id, { email: idle.email });
    clock.advanceDays(4);
    const fresh = await readyUser(t.app);
    await invite(t.app, manager.token, cohort.id, { email: fresh.email });

    const board = await dashboardOf(t.app, manager.token, cohort.id);
    const row = (email: string) => board.founders.find((f) => f.email === email)!;
    expect(row(idle.email).stuck).toBe('NO_ACTIVITY');
    expect(row(fresh.email).stuck).toBeNull();

    const base = `/api/studio/cohorts/${cohort.id}/nudges`;
    const missionOf = async (token: string) =>
      (await programOf(t.app, token)).userMilestone[0]!.userMission.find((m) => m.status === 'ONGOING')!;

    // Two named founders: each message names and links that founder's own mission.
    const both = await post(`${base}/preview`, manager.token, {
      founderIds: [row(idle.email).id, row(fresh.email).id],
      template: 'Hi {firstName}, next: {nextStep}.',
    });
    expect(both.statusCode).toBe(200);
    const messages = both.json().data.messages as NudgeMessage[];
    for (const [person, message] of [
      [idle, messages[0]!],
      [fresh, messages[1]!],
    ] as const) {
      const mission = await missionOf(person.token);
      expect(message).toMatchObject({
        email: person.email,
        body: `Hi ${row(person.email).name.split(' ')[0]}, next: ${mission.name}.`,
        link: `/mission-details/${mission.id}`,
      });
    }

    // Everyone flagged for a reason: only the idle founder.
    const flagged = await post(`${base}/preview`, manager.token, { reason: 'NO_ACTIVITY' });
    expect((flagged.json().data.messages as NudgeMessage[]).map((m) => m.email)).toEqual([idle.email]);

    const bad = await post(`${base}/preview`, manager.token, {
      reason: 'NO_ACTIVITY',
      founderIds: [row(idle.email).id],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { path: string }) => d.path)).toEqual(['founderIds']);
    const stranger = await post(`${base}/preview`, manager.token, { founderIds: [otherManager.user.id] });
    expect(stranger.statusCode).toBe(404);
    expect((await post(`${base}/preview`, otherManager.token, { reason: 'NO_ACTIVITY' })).statusCode).toBe(
      404,
    );

    const sent = await post(base, manager.token, { reason: 'NO_ACTIVITY', subject: 'A nudge from the team' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data.sent).toBe(1);
    await t.app.events.settled();

    const mission = await missionOf(idle.token);
    const entries = (
      await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(idle.token) })
    ).json().data.notifications as Notification[];
    expect(entries.filter((n) => n.kind === 'founder.nudged')).toEqual([
      expect.objectContaining({ title: 'A nudge from the team', link: `/mission-details/${mission.id}` }),
    ]);
    const mails = await mailbox(t.app, idle.email, { atLeast: 2 });
    expect(mails.map((m) => m.subject)).toContain('A nudge from the team');
    expect(mails.find((m) => m.subject === 'A nudge from the team')!.text).toContain(mission.name);
    const freshEntries = (
      await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(fresh.token) })
    ).json().data.notifications as Notification[];
    expect(freshEntries.filter((n) => n.kind === 'founder.nudged')).toEqual([]);

    const timeline = (
      await t.app.inject({
        method: 'GET',
        url: `/api/studio/cohorts/${cohort.id}/founders/${row(idle.email).id}/timeline`,
        headers: bearer(manager.token),
      })
    ).json().data;
    expect(timeline.events).toContainEqual(
      expect.objectContaining({
        kind: 'NUDGE',
        title: 'Nudged: A nudge from the team',
        at: clock.now().toISOString(),
      }),
    );
  });
});
