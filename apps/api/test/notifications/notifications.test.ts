import type { AppEvent } from '@liftoff/contracts/events';
import type { Notification } from '@liftoff/contracts/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, detailPaths, mailbox, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { myStartup } from '../startups/helpers.js';

const MISSION = '0b6a4c3e-1d2f-4a5b-8c9d-0e1f2a3b4c5d';

describe('the notification centre', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CONTENT_IMPORT: 'false' });
  });
  afterAll(() => t?.close());

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const send = (method: 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const publish = async (event: AppEvent) => {
    t.app.events.publish(event);
    await t.app.events.settled();
  };
  const reviewed = (
    founderId: string,
    status: 'approved' | 'changes_requested',
    reviewerId: string,
    startupId: string,
  ): AppEvent => ({
    type: 'deliverable.reviewed',
    deliverableId: 'd1',
    founderId,
    startupId,
    missionId: MISSION,
    missionKey: 'validate-problem',
    status,
    reviewerId,
    reviewerName: 'Morgan Lee',
    deliverableTitle: 'Customer interviews',
    comment: null,
  });

  /** The founder's startup (completing onboarding made them one), whose work the review events are about. */
  const startupOf = async (founder: { token: string }) => (await myStartup(t.app, founder.token)).id;

  it('turns events into entries for the person concerned, with an e-mail linking to it', async () => {
    const founder = await readyUser(t.app);
    const manager = await readyUser(t.app);
    await publish(reviewed(founder.user.id, 'changes_requested', manager.user.id, await startupOf(founder)));
    await publish({
      type: 'deliverable.commented',
      deliverableId: 'd1',
      founderId: founder.user.id,
      startupId: await startupOf(founder),
      missionId: MISSION,
      authorId: manager.user.id,
      commentId: 'c1',
      authorName: 'Morgan Lee',
      deliverableTitle: 'Customer interviews',
      body: 'Add the notes of each call.',
    });
    await publish({
      type: 'invitation.accepted',
      invitationId: 'i1',
      cohortId: 'cohort-1',
      founderId: founder.user.id,
      invitedById: manager.user.id,
    });
    // A founder's comment on their own deliverable tells nobody.
    await publish({
      type: 'deliverable.commented',
      deliverableId: 'd1',
      founderId: founder.user.id,
      startupId: await startupOf(founder),
      missionId: MISSION,
      authorId: founder.user.id,
      commentId: 'c2',
      authorName: 'Ada Founder',
      deliverableTitle: 'Customer interviews',
      body: 'Will do.',
    });

    // Both are about one deliverable: one entry, the newest, standing for the two.
    const list = (await get('/api/notifications', founder.token)).json().data;
    expect(list.unread).toBe(1);
    expect(list.notifications.map((n: Notification) => [n.kind, n.icon, n.count])).toEqual([
      ['deliverable.commented', 'mention', 2],
    ]);
    expect(list.notifications[0]).toMatchObject({
      title: "Morgan Lee commented on 'Customer interviews'",
      body: 'Add the notes of each call.',
      link: `/mission-deliverable/${MISSION}`,
      readAt: null,
    });

    const managerList = (await get('/api/notifications', manager.token)).json().data;
    expect(managerList.notifications).toMatchObject([
      {
        kind: 'invitation.accepted',
        icon: 'star',
        title: 'Ada Founder joined your cohort',
        link: '/studio/cohorts/cohort-1',
      },
    ]);

    const mails = await mailbox(t.app, founder.email, { atLeast: 3 });
    const subjects = mails.map((m) => m.subject);
    expect(subjects).toContain("Morgan Lee requested changes on 'Customer interviews'");
    expect(subjects).toContain("Morgan Lee commented on 'Customer interviews'");
    const mail = mails.find((m) => m.subject === "Morgan Lee commented on 'Customer interviews'")!;
    expect(mail.text).toContain('Morgan Lee wrote:');
    expect(mail.text).toContain('Add the notes of each call.');
    expect(mail.text).toContain(`/mission-deliverable/${MISSION}`);
    expect(mail.text).toContain('turn these e-mails off');
  });

  it('marks one or all read, and answers 404 for somebody else’s', async () => {
    const founder = await readyUser(t.app);
    const other = await readyUser(t.app);
    await publish(reviewed(founder.user.id, 'approved', other.user.id, await startupOf(founder)));
    await publish({
      type: 'mission.reopened',
      founderId: founder.user.id,
      missionId: MISSION,
      cohortId: 'c',
      reopenedById: other.user.id,
    });
    const [first, second] = (await get('/api/notifications', founder.token)).json().data
      .notifications as Notification[];
    expect([first!.icon, second!.icon]).toEqual(['link', 'star']);
    expect((await get('/api/notifications/unread-count', founder.token)).json().data).toEqual({ unread: 2 });

    const foreign = await send('POST', `/api/notifications/${first!.id}/read`, other.token);
    expect(foreign.statusCode).toBe(404);
    expect((await get('/api/notifications/unread-count', founder.token)).json().data.unread).toBe(2);

    const read = await send('POST', `/api/notifications/${first!.id}/read`, founder.token);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.readAt).not.toBeNull();
    expect((await get('/api/notifications/unread-count', founder.token)).json().data.unread).toBe(1);
    const unreadOnly = (await get('/api/notifications?unreadOnly=true', founder.token)).json().data;
    expect(unreadOnly.notifications.map((n: Notification) => n.id)).toEqual([second!.id]);

    const all = await send('POST', '/api/notifications/read-all', founder.token);
    expect(all.json().data).toEqual({ updated: 1 });
    expect((await get('/api/notifications/unread-count', founder.token)).json().data.unread).toBe(0);
    expect((await get('/api/notifications', other.token)).json().data.total).toBe(0);
  });

  it("puts an expert's new question and meeting request in their centre, leaving the mail to the experts room", async () => {
    const expert = await readyUser(t.app);
    const mailsBefore = (await mailbox(t.app, expert.email)).length;
    await publish({
      type: 'question.asked',
      questionId: 'q1',
      expertUserId: expert.user.id,
      founderName: 'Sam Founder',
      subject: 'Pricing a pilot',
    });
    await publish({
      type: 'meeting.requested',
      meetingId: 'm1',
      expertUserId: expert.user.id,
      founderName: 'Sam Founder',
      serviceName: 'Office hours',
      start: '2026-12-09T10:00:00.000Z',
    });
    const list = (await get('/api/notifications', expert.token)).json().data;
    expect(list.notifications).toMatchObject([
      {
        kind: 'meeting.requested',
        title: 'Sam Founder requested a meeting',
        body: 'Office hours on 2026-12-09. Accept or decline it.',
        link: '/expert/meetings?meeting=m1',
      },
      {
        kind: 'question.asked',
        title: 'Sam Founder asked you a question',
        link: '/expert/questions/q1',
      },
    ]);
    expect((await mailbox(t.app, expert.email)).length).toBe(mailsBefore);
  });

  it('says nothing to the founder when a deliverable is merely taken into review', async () => {
    const founder = await readyUser(t.app);
    await publish({
      ...reviewed(founder.user.id, 'approved', founder.user.id, await startupOf(founder)),
      status: 'in_review',
    } as AppEvent);
    expect((await get('/api/notifications', founder.token)).json().data.total).toBe(0);
  });

  it('sends no e-mail for a kind the person turned off, but still adds the entry', async () => {
    const founder = await readyUser(t.app);
    const prefs = await get('/api/notifications/preferences', founder.token);
    expect(prefs.json().data.email).toEqual({
      'deliverable.reviewed': true,
      'deliverable.submitted': true,
      'deliverable.commented': true,
      'invitation.accepted': true,
      'mission.reopened': true,
      'question.answered': true,
      'question.replied': true,
      'milestone.due': true,
      'founder.nudged': true,
      'startup.joined': true,
      'startup.member_removed': true,
      'startup.owner_changed': true,
    });
    const saved = await send('PUT', '/api/notifications/preferences', founder.token, {
      email: { 'deliverable.reviewed': false },
    });
    expect(saved.json().data.email).toMatchObject({
      'deliverable.reviewed': false,
      'mission.reopened': true,
    });
    const before = (await mailbox(t.app, founder.email)).length; // the verification mail

    await publish(reviewed(founder.user.id, 'approved', founder.user.id, await startupOf(founder)));
    await publish({
      type: 'mission.reopened',
      founderId: founder.user.id,
      missionId: MISSION,
      cohortId: 'c',
      // A manager reopens it (whoever reopens is not told of it).
      reopenedById: 'a-manager',
    });
    const mails = await mailbox(t.app, founder.email, { atLeast: before + 1 });
    expect(mails.map((m) => m.subject)).toContain('A mission was reopened for you');
    expect(mails.map((m) => m.subject)).not.toContain("Morgan Lee approved 'Customer interviews'");
    expect((await get('/api/notifications', founder.token)).json().data.total).toBe(2);

    const bad = await send('PUT', '/api/notifications/preferences', founder.token, {
      email: { 'no.such': true },
    });
    expect(bad.statusCode).toBe(400);
    expect(detailPaths(bad.json()).join()).toContain('email');
  });
});
