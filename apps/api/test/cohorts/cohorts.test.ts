import type { Cohort, ImportResult, Invitation, Timeline } from '@liftoff/contracts/cohorts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, mailbox, PASSWORD, readyUser, uniqueEmail } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { personWith } from '../helpers/team.js';
import { ask } from '../ai/support.js';
import { nextStep, programOf } from '../programs/helpers.js';
import { createCohort, dashboardOf, invite, testClock } from './helpers.js';

type Person = Awaited<ReturnType<typeof personWith>>;

const clock = testClock(new Date().toISOString());
let t: TestApp;
let manager: Person;
let otherManager: Person;
let admin: Person;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function auditOf(recordId: string) {
  const res = await call('GET', `/api/studio/audit?recordId=${recordId}`, admin.token);
  expect(res.statusCode).toBe(200);
  return (
    res.json().data.entries as { action: string; actorId: string; before: unknown; after: unknown }[]
  ).map((e) => ({ action: e.action, actorId: e.actorId }));
}

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
  manager = await personWith(t.app, ['founder', 'manager']);
  otherManager = await personWith(t.app, ['founder', 'manager']);
  admin = await personWith(t.app, ['founder', 'admin']);
}, 60_000);
afterAll(() => t?.close());

describe('cohorts', () => {
  it('lets a manager reach only the cohorts they manage; another cohort and its founders answer 404', async () => {
    const mine = await createCohort(t.app, manager.token, { name: 'Mine' });
    const theirs = await createCohort(t.app, otherManager.token, { name: 'Theirs' });
    const founder = await readyUser(t.app);
    await invite(t.app, otherManager.token, theirs.id, { email: founder.email });

    expect(mine.managers.map((m) => m.id)).toEqual([manager.user.id]);
    const list = (await call('GET', '/api/studio/cohorts', manager.token)).json().data as Cohort[];
    expect(list.map((c) => c.id)).toContain(mine.id);
    expect(list.map((c) => c.id)).not.toContain(theirs.id);

    for (const url of [
      `/api/studio/cohorts/${theirs.id}`,
      `/api/studio/cohorts/${theirs.id}/dashboard`,
      `/api/studio/cohorts/${theirs.id}/invitations`,
      `/api/studio/cohorts/${theirs.id}/export.csv`,
      `/api/studio/cohorts/${theirs.id}/founders/${founder.user.id}/timeline`,
      // Their founder through my cohort is not found either.
      `/api/studio/cohorts/${mine.id}/founders/${founder.user.id}/timeline`,
    ]) {
      const res = await call('GET', url, manager.token);
      expect(res.statusCode, url).toBe(404);
    }
    const patch = await call('PATCH', `/api/studio/cohorts/${theirs.id}`, manager.token, { name: 'Taken' });
    expect(patch.statusCode).toBe(404);
    // An admin reaches every cohort.
    expect((await call('GET', `/api/studio/cohorts/${theirs.id}/dashboard`, admin.token)).statusCode).toBe(
      200,
    );
    const adminList = (await call('GET', '/api/studio/cohorts', admin.token)).json().data as Cohort[];
    expect(adminList.map((c) => c.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
  });

  it('changes and deletes a cohort, and writes each action to the audit log', async () => {
    const cohort = await createCohort(t.app, manager.token);
    const res = await call('PATCH', `/api/studio/cohorts/${cohort.id}`, manager.token, {
      name: 'Winter 2026',
      stuckAfterDays: 3,
      managerIds: [otherManager.user.id],
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json().data as Cohort;
    expect(updated).toMatchObject({ name: 'Winter 2026', stuckAfterDays: 3 });
    // Whoever changes the managers keeps managing the cohort.
    expect(updated.managers.map((m) => m.id).sort()).toEqual([manager.user.id, otherManager.user.id].sort());
    expect((await call('DELETE', `/api/studio/cohorts/${cohort.id}`, otherManager.token)).statusCode).toBe(
      200,
    );
    expect((await call('GET', `/api/studio/cohorts/${cohort.id}`, manager.token)).statusCode).toBe(404);
    expect(await auditOf(cohort.id)).toEqual([
      { action: 'cohort.deleted', actorId: otherManager.user.id },
      { action: 'cohort.updated', actorId: manager.user.id },
      { action: 'cohort.created', actorId: manager.user.id },
    ]);
  });
});

describe('invitations', () => {
  it('imports a CSV: each bad row comes back with its line and reason, the good rows are sent', async () => {
    const cohort = await createCohort(t.app, manager.token);
    const existing = await readyUser(t.app);
    const [ada, bob] = [uniqueEmail('ada'), uniqueEmail('bob')];
    const csv = [
      'name,email,startup',
      `Ada Lovelace,${ada},Engines Ltd`,
      'Bad Mail,not-an-email,Nope',
      `,nameless-${ada},Anon`,
      `"Bob, Jr.",${bob.toUpperCase()},"Bob ""B"" Co"`,
      `Ada Again,${ada},Twice`,
      `Old Friend,${existing.email},Known`,
    ].join('\n');
    const res = await call('POST', `/api/studio/cohorts/${cohort.id}/invitations/import`, manager.token, {
      csv,
    });
    expect(res.statusCode).toBe(200);
    const result = res.json().data as ImportResult;
    expect(result.errors).toEqual([
      { line: 3, email: 'not-an-email', reason: 'E-mail: Enter a valid e-mail address' },
      { line: 4, email: `nameless-${ada}`, reason: 'Name is missing' },
      { line: 6, email: ada, reason: 'This e-mail appears twice in the file' },
    ]);
    expect(result.invited.map((i) => [i.email, i.name, i.startup, i.status])).toEqual([
      [ada, 'Ada Lovelace', 'Engines Ltd', 'PENDING'],
      [bob, 'Bob, Jr.', 'Bob "B" Co', 'PENDING'],
    ]);
    expect(result.joined.map((i) => [i.email, i.status])).toEqual([[existing.email, 'ACCEPTED']]);

    const [mail] = await mailbox(t.app, ada);
    expect(mail!.subject).toBe(`You are invited to ${cohort.name} on Liftoff`);
    expect(mail!.text).toContain(`/sign-up?email=${encodeURIComponent(ada)}`);
    expect(await mailbox(t.app, bob)).toHaveLength(1);
    expect(await mailbox(t.app, 'not-an-email', { timeoutMs: 100 })).toHaveLength(0);
    const joined = await mailbox(t.app, existing.email, { atLeast: 2 });
    expect(joined.map((m) => m.subject)).toContain(`You joined ${cohort.name} on Liftoff`);
    expect(await auditOf(result.invited[0]!.id)).toEqual([
      { action: 'invitation.sent', actorId: manager.user.id },
    ]);
  });

  it('lets an existing account join at once, and says so to the manager', async () => {
    const cohort = await createCohort(t.app, manager.token);
    const founder = await readyUser(t.app);
    const published: unknown[] = [];
    t.app.events.subscribe('invitation.accepted', (event) => void published.push(event));
    const { invitation, joined } = await invite(t.app, manager.token, cohort.id, { email: founder.email });
    expect(joined).toBe(true);
    expect(invitation.status).toBe('ACCEPTED');
    const board = await dashboardOf(t.app, manager.token, cohort.id);
    expect(board.founders.map((f) => f.email)).toEqual([founder.email]);
    await t.app.events.settled();
    expect(published).toContainEqual({
      type: 'invitation.accepted',
      invitationId: invitation.id,
      cohortId: cohort.id,
      founderId: founder.user.id,
      invitedById: manager.user.id,
    });
  });

  it('expires after 14 days, can be revoked, and a used, revoked or expired invitation is not reused', async () => {
    const cohort = await createCohort(t.app, manager.token);
    const base = `/api/studio/cohorts/${cohort.id}/invitations`;
    const late = uniqueEmail('late');
    const { invitation } = await invite(t.app, manager.token, cohort.id, { email: late });
    clock.advanceDays(15);
    try {
      const list = (await call('GET', base, manager.token)).json().data as Invitation[];
      expect(list.find((i) => i.id === invitation.id)!.status).toBe('EXPIRED');
      // Sending again renews it.
      const resent = await call('POST', `${base}/${invitation.id}/resend`, manager.token);
      expect(resent.statusCode).toBe(200);
      expect(resent.json().data).toMatchObject({ status: 'PENDING', sendCount: 2 });
      expect(await mailbox(t.app, late, { atLeast: 2 })).toHaveLength(2);
    } finally {
      clock.advanceDays(-15);
    }

    const gone = uniqueEmail('gone');
    const revoked = (await invite(t.app, manager.token, cohort.id, { email: gone })).invitation;
    const revoke = await call('POST', `${base}/${revoked.id}/revoke`, manager.token);
    expect(revoke.json().data.status).toBe('REVOKED');
    const resendRevoked = await call('POST', `${base}/${revoked.id}/resend`, manager.token);
    expect(resendRevoked.statusCode).toBe(409);
    expect(resendRevoked.json().message).toBe(
      'This invitation was revoked; invite the founder again instead.',
    );

    const member = await readyUser(t.app);
    const accepted = (await invite(t.app, manager.token, cohort.id, { email: member.email })).invitation;
    for (const action of ['resend', 'revoke']) {
      const res = await call('POST', `${base}/${accepted.id}/${action}`, manager.token);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/already accepted/);
    }
    const again = await call('POST', base, manager.token, { name: 'Again', email: member.email });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Already a founder in this cohort.');
    expect(await auditOf(revoked.id)).toEqual([
      { action: 'invitation.revoked', actorId: manager.user.id },
      { action: 'invitation.sent', actorId: manager.user.id },
    ]);
    expect((await auditOf(invitation.id)).map((e) => e.action)).toEqual([
      'invitation.resent',
      'invitation.sent',
    ]);
  });
});

describe('moving a founder', () => {
  it('keeps their progress and shows them in the new cohort only', async () => {
    const from = await createCohort(t.app, manager.token, { name: 'From' });
    const to = await createCohort(t.app, manager.token, { name: 'To' });
    const foreign = await createCohort(t.app, otherManager.token, { name: 'Foreign' });
    const founder = await readyUser(t.app);
    await invite(t.app, manager.token, from.id, { email: founder.email });
    const program = await programOf(t.app, founder.token);
    const step = program.userMilestone[0]!.userMission[0]!.userStep[0]!;
    expect((await nextStep(t.app, founder.token, step.id)).statusCode).toBe(200);

    const moveUrl = `/api/studio/cohorts/${from.id}/founders/${founder.user.id}/move`;
    const refused = await call('POST', moveUrl, manager.token, { toCohortId: foreign.id });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().details).toEqual([{ path: 'toCohortId', message: 'No such cohort among yours' }]);
    expect((await call('POST', moveUrl, manager.token, { toCohortId: to.id })).statusCode).toBe(200);

    expect((await dashboardOf(t.app, manager.token, from.id)).founders).toEqual([]);
    const [row] = (await dashboardOf(t.app, manager.token, to.id)).founders;
    expect(row).toMatchObject({ id: founder.user.id, stepsDone: 1 });
    expect(row!.milestones[0]).toMatchObject({ index: 1, status: 'ONGOING', stepsDone: 1 });
    expect(
      (await programOf(t.app, founder.token)).userMilestone[0]!.userMission[0]!.userStep[0]!.status,
    ).toBe('COMPLETED');
    expect(await auditOf(founder.user.id)).toEqual([{ action: 'founder.moved', actorId: manager.user.id }]);
  });
});

describe('the end date', () => {
  it('closes unfinished missions when it passes, the founder sees it, and a manager reopens one', async () => {
    const today = clock.now().toISOString().slice(0, 10);
    const cohort = await createCohort(t.app, manager.token, {
      startDate: today,
      endDate: today,
      timeZone: 'UTC',
    });
    const founder = await readyUser(t.app);
    await invite(t.app, manager.token, cohort.id, { email: founder.email });
    const before = await dashboardOf(t.app, manager.token, cohort.id);
    expect(before.cohort.closedAt).toBeNull();
    expect(before.founders[0]!.milestones[0]!.status).toBe('ONGOING');

    clock.advanceDays(1);
    try {
      const after = await dashboardOf(t.app, manager.token, cohort.id);
      expect(after.cohort.closedAt).not.toBeNull();
      expect(after.founders[0]!.milestones.map((m) => m.status)).toEqual(
        after.founders[0]!.milestones.map(() => 'INCOMPLETED'),
      );
      const program = await programOf(t.app, founder.token);
      expect(program.status).toBe('INCOMPLETED');
      const mission = program.userMilestone[0]!.userMission[0]!;
      expect(mission.status).toBe('INCOMPLETED');
      // Closed means closed: the founder cannot take a step in it.
      expect((await nextStep(t.app, founder.token, mission.userStep[0]!.id)).statusCode).toBe(409);

      const published: unknown[] = [];
      t.app.events.subscribe('mission.reopened', (event) => void published.push(event));
      const reopenUrl = `/api/studio/cohorts/${cohort.id}/founders/${founder.user.id}/missions/${mission.id}/reopen`;
      expect((await call('POST', reopenUrl, manager.token)).statusCode).toBe(200);
      const reopened = (await programOf(t.app, founder.token)).userMilestone[0]!;
      expect(reopened.userMission[0]!.status).toBe('ONGOING');
      expect(reopened.userMission[1]!.status).toBe('INCOMPLETED');
      expect((await nextStep(t.app, founder.token, mission.userStep[0]!.id)).statusCode).toBe(200);
      const twice = await call('POST', reopenUrl, manager.token);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe('Only a mission closed without completion can be reopened.');
      await t.app.events.settled();
      expect(published).toEqual([
        {
          type: 'mission.reopened',
          founderId: founder.user.id,
          missionId: mission.id,
          cohortId: cohort.id,
          reopenedById: manager.user.id,
        },
      ]);
      expect(await auditOf(mission.id)).toEqual([{ action: 'mission.reopened', actorId: manager.user.id }]);
      // Another manager cannot reopen what is not theirs.
      expect((await call('POST', reopenUrl, otherManager.token)).statusCode).toBe(404);
    } finally {
      clock.advanceDays(-1);
    }
  });
});

describe('the dashboard', () => {
  it('shows who is stuck, the timeline without coach text, and exports CSV', async () => {
    const cohort = await createCohort(t.app, manager.token, { stuckAfterDays: 3, name: 'Export = test' });
    const busy = await readyUser(t.app);
    const idle = await readyUser(t.app);
    await invite(t.app, manager.token, cohort.id, { email: busy.email });
    await invite(t.app, manager.token, cohort.id, { email: idle.email });
    const step = (await programOf(t.app, busy.token)).userMilestone[0]!.userMission[0]!.userStep[0]!;
    await nextStep(t.app, busy.token, step.id);
    const asked = await ask(t.app, busy.token, '/api/ai/chat/completion', {
      input: 'Our secret pricing plan',
    });
    expect(asked.res.statusCode).toBe(200);

    clock.advanceDays(4);
    try {
      const board = await dashboardOf(t.app, manager.token, cohort.id);
      expect(board.milestones.length).toBeGreaterThan(1);
      const byEmail = new Map(board.founders.map((f) => [f.email, f]));
      expect(byEmail.get(idle.email)).toMatchObject({ stuck: 'NO_ACTIVITY', stuckDays: 4, stepsDone: 0 });
      expect(byEmail.get(busy.email)).toMatchObject({ stuck: 'NO_ACTIVITY', stepsDone: 1 });
      expect(byEmail.get(busy.email)!.stepsTotal).toBeGreaterThan(1);

      const res = await call(
        'GET',
        `/api/studio/cohorts/${cohort.id}/founders/${busy.user.id}/timeline`,
        manager.token,
      );
      expect(res.statusCode).toBe(200);
      const timeline = res.json().data as Timeline;
      expect(timeline.events.map((e) => [e.kind, e.title])).toContainEqual(['STEP', step.title]);
      // How often they used the coach, never what they said or what it answered.
      expect(timeline.events.map((e) => [e.kind, e.title])).toContainEqual([
        'COACH',
        'Asked the coach 1 question',
      ]);
      expect(timeline.coachUse.map((w) => w.questions)).toEqual([1]);
      expect(res.body).not.toContain('secret pricing');
      expect(res.body).not.toContain(asked.text.slice(0, 40));

      const csv = await call('GET', `/api/studio/cohorts/${cohort.id}/export.csv`, manager.token);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe('attachment; filename="export-test-progress.csv"');
      const lines = csv.body.trim().split('\r\n');
      expect(lines[0]).toMatch(/^Name,E-mail,Startup,Joined,Last activity,Steps done,Steps total,Stuck,1\. /);
      expect(lines).toHaveLength(3);
      expect(lines.find((l) => l.includes(busy.email))).toContain(',1,');
    } finally {
      clock.advanceDays(-4);
    }
  });
});

describe('bad input on the cohort routes', () => {
  it('answers 400 naming the field', async () => {
    const cohort = await createCohort(t.app, manager.token);
    const founder = await readyUser(t.app);
    await invite(t.app, manager.token, cohort.id, { email: founder.email });
    const cases: [string, string, object | undefined, string][] = [
      [
        'POST',
        '/api/studio/cohorts',
        {
          name: 'x',
          programKey: 'venture-foundations',
          startDate: '2026-11-01',
          endDate: '2026-10-01',
          timeZone: 'UTC',
        },
        'endDate',
      ],
      [
        'POST',
        '/api/studio/cohorts',
        {
          name: 'x',
          programKey: 'venture-foundations',
          startDate: '1 Nov',
          endDate: '2026-12-01',
          timeZone: 'UTC',
        },
        'startDate',
      ],
      [
        'POST',
        '/api/studio/cohorts',
        {
          name: 'x',
          programKey: 'venture-foundations',
          startDate: '2026-11-01',
          endDate: '2026-12-01',
          timeZone: 'Mars/Olympus',
        },
        'timeZone',
      ],
      [
        'POST',
        '/api/studio/cohorts',
        {
          name: 'x',
          programKey: 'no-such-program',
          startDate: '2026-11-01',
          endDate: '2026-12-01',
          timeZone: 'UTC',
        },
        'programKey',
      ],
      [
        'POST',
        '/api/studio/cohorts',
        {
          name: 'x',
          programKey: 'venture-foundations',
          startDate: '2026-11-01',
          endDate: '2026-12-01',
          timeZone: 'UTC',
          managerIds: ['3f2b6c1e-8d4a-4e7b-9c2d-1a5f0e6b7c8d'],
        },
        'managerIds.0',
      ],
      ['PATCH', `/api/studio/cohorts/${cohort.id}`, { stuckAfterDays: 0 }, 'stuckAfterDays'],
      ['PATCH', `/api/studio/cohorts/${cohort.id}`, { endDate: '2026-01-01' }, 'endDate'],
      ['PATCH', '/api/studio/cohorts/not-a-uuid', { name: 'x' }, 'cohortId'],
      ['POST', `/api/studio/cohorts/${cohort.id}/invitations`, { name: 'x', email: 'nope' }, 'email'],
      ['POST', `/api/studio/cohorts/${cohort.id}/invitations`, { email: 'a@example.com' }, 'name'],
      ['POST', `/api/studio/cohorts/${cohort.id}/invitations/import`, { csv: '' }, 'csv'],
      ['POST', `/api/studio/cohorts/${cohort.id}/invitations/x/resend`, undefined, 'invitationId'],
      [
        'POST',
        `/api/studio/cohorts/${cohort.id}/founders/${founder.user.id}/move`,
        { toCohortId: 'x' },
        'toCohortId',
      ],
      [
        'POST',
        `/api/studio/cohorts/${cohort.id}/founders/${founder.user.id}/missions/x/reopen`,
        undefined,
        'missionId',
      ],
      ['GET', `/api/studio/cohorts/${cohort.id}/founders/x/timeline`, undefined, 'founderId'],
    ];
    for (const [method, url, payload, field] of cases) {
      const res = await call(method as 'POST', url, manager.token, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(
        res.json().details.map((d: { path: string }) => d.path),
        `${method} ${url}`,
      ).toContain(field);
    }
  });
});

describe('sign-up by invitation only', () => {
  let invited: TestApp;
  beforeAll(async () => {
    invited = await createTestApp({ SIGNUP_MODE: 'invite' });
  });
  afterAll(() => invited?.close());

  /**
   * The program team signed up before the switch to invite-only (the first admin has to exist somewhere):
   * the mode is read at each sign-up, so the test opens it for them and closes it again.
   */
  async function teamLeadOn(app: TestApp) {
    app.app.config.SIGNUP_MODE = 'open';
    try {
      return await personWith(app.app, ['founder', 'manager']);
    } finally {
      app.app.config.SIGNUP_MODE = 'invite';
    }
  }

  const signUp = (app: TestApp, email: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { firstName: 'Ada', lastName: 'Founder', email, password: PASSWORD },
    });

  it('lets only invited addresses sign up; they join their cohort, anyone else is told why', async () => {
    const teamLead = await teamLeadOn(invited);
    const cohort = await createCohort(invited.app, teamLead.token);
    const stranger = await signUp(invited, uniqueEmail('stranger'));
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({
      code: 'INVITATION_REQUIRED',
      message: 'Liftoff is open by invitation only. Ask your program team to invite this e-mail address.',
      details: [{ path: 'email' }],
    });

    const email = uniqueEmail('invited');
    const { invitation } = await invite(invited.app, teamLead.token, cohort.id, { email });
    const res = await signUp(invited, email.toUpperCase());
    expect(res.statusCode).toBe(201);
    const list = (
      await invited.app.inject({
        method: 'GET',
        url: `/api/studio/cohorts/${cohort.id}/invitations`,
        headers: bearer(teamLead.token),
      })
    ).json().data as Invitation[];
    expect(list.find((i) => i.id === invitation.id)!.status).toBe('ACCEPTED');
    const board = await dashboardOf(invited.app, teamLead.token, cohort.id);
    expect(board.founders.map((f) => f.email)).toEqual([email]);

    const revokedEmail = uniqueEmail('revoked');
    const revoked = (await invite(invited.app, teamLead.token, cohort.id, { email: revokedEmail }))
      .invitation;
    await invited.app.inject({
      method: 'POST',
      url: `/api/studio/cohorts/${cohort.id}/invitations/${revoked.id}/revoke`,
      headers: bearer(teamLead.token),
    });
    const refused = await signUp(invited, revokedEmail);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Your invitation is no longer valid. Ask your program team for a new one.',
    );
  });

  it('refuses an expired invitation with a message that says so', async () => {
    const later = testClock(new Date().toISOString());
    const app = await createTestApp({ SIGNUP_MODE: 'invite' }, { now: later.now });
    try {
      const teamLead = await teamLeadOn(app);
      const cohort = await createCohort(app.app, teamLead.token);
      const email = uniqueEmail('expired');
      await invite(app.app, teamLead.token, cohort.id, { email });
      later.advanceDays(14.01);
      const res = await signUp(app, email);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Your invitation has expired. Ask your program team to send it again.');
    } finally {
      await app.close();
    }
  });
});
