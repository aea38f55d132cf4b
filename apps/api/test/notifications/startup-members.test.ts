import type { AppEvent } from '@liftoff/contracts/events';
import type { NotificationsPage } from '@liftoff/contracts/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, readyUser, verifiedUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { personWith } from '../helpers/team.js';
import {
  cohortWith,
  deliverableMission,
  finishSteps,
  handIn,
  reviewOf,
  studio,
} from '../programs/review-support.js';
import { programOf } from '../programs/helpers.js';
import { inviteCofounder } from '../startups/helpers.js';

/*
 * What happens to the startup's work (a review, a comment) tells every current member but the one who acted;
 * personal things (an answer to one's question, a meeting) tell one person (decisions 063 and 072).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const entries = async (token: string) => {
  await t.app.events.settled();
  const res = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  // Joining the startup told the owner already; these tests read what came after.
  return (res.json().data as NotificationsPage).notifications.filter((n) => !n.kind.startsWith('startup.'));
};
const publish = async (event: AppEvent) => {
  t.app.events.publish(event);
  await t.app.events.settled();
};

describe('notifications to the members of a startup', () => {
  it('tells both co-founders of a review, and the others (not the author) of a comment', async () => {
    const ada = await readyUser(t.app);
    const ben = await verifiedUser(t.app, { firstName: 'Ben', lastName: 'Baker' });
    await inviteCofounder(t.app, ada.token, ben.email);
    const manager = await personWith(t.app, ['manager']);
    await cohortWith(t.app, 'Members 2027', [manager.user.id], [ada.user.id, ben.user.id]);

    // Ben hands in the startup's deliverable; the manager requests changes.
    const missionId = await finishSteps(t.app, ada.token);
    expect(deliverableMission(await programOf(t.app, ben.token)).id).toBe(missionId);
    await handIn(t.app, ben.token, missionId);
    const review = (await reviewOf(t.app, ada.token, missionId))!;
    const started = await studio.move(t.app, manager.token, review.id, { status: 'in_review' });
    expect(started.statusCode, started.body).toBe(200);
    const moved = await studio.move(t.app, manager.token, review.id, {
      status: 'changes_requested',
      comment: 'Add the notes of each call.',
    });
    expect(moved.statusCode, moved.body).toBe(200);

    for (const member of [ada, ben]) {
      const [entry, ...rest] = await entries(member.token);
      expect(rest).toEqual([]);
      expect(entry).toMatchObject({
        kind: 'deliverable.reviewed',
        title: expect.stringMatching(/requested changes on/),
        body: 'Add the notes of each call.',
        link: `/mission-deliverable/${missionId}`,
        readAt: null,
      });
    }

    // Ada answers in the thread: Ben hears of it, grouped with the review under the deliverable; Ada does not.
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/userMission/${missionId}/review/comments`,
      headers: bearer(ada.token),
      payload: { body: 'Ben is adding them tonight.' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const bens = await entries(ben.token);
    expect(bens).toHaveLength(1);
    expect(bens[0]).toMatchObject({
      kind: 'deliverable.commented',
      body: 'Ben is adding them tonight.',
      link: `/mission-deliverable/${missionId}`,
      count: 2,
    });
    const adas = await entries(ada.token);
    expect(adas.map((n) => [n.kind, n.count])).toEqual([['deliverable.reviewed', 1]]);

    // The manager's comment reaches both members, not the manager.
    const managerComment = await studio.comment(t.app, manager.token, review.id, { body: 'Thanks, both.' });
    expect(managerComment.statusCode, managerComment.body).toBe(201);
    for (const member of [ada, ben]) {
      expect((await entries(member.token))[0]).toMatchObject({
        kind: 'deliverable.commented',
        body: 'Thanks, both.',
      });
    }
    expect((await entries(manager.token)).filter((n) => n.kind === 'deliverable.commented')).toEqual([]);
  });

  it('keeps personal things personal: an answer and a meeting reach one member only', async () => {
    const ada = await readyUser(t.app);
    const ben = await verifiedUser(t.app, { firstName: 'Ben', lastName: 'Baker' });
    await inviteCofounder(t.app, ada.token, ben.email);

    await publish({
      type: 'question.answered',
      questionId: 'q-personal',
      founderId: ada.user.id,
      expertName: 'Riley Expert',
      subject: 'Pricing',
    });
    await publish({
      type: 'meeting.changed',
      meetingId: 'm-personal',
      recipientId: ada.user.id,
      recipientSide: 'founder',
      change: 'accepted',
      actorName: 'Riley Expert',
      serviceName: 'Office hours',
      start: '2027-01-12T10:00:00Z',
    });

    expect((await entries(ada.token)).map((n) => n.kind).sort()).toEqual([
      'meeting.changed',
      'question.answered',
    ]);
    expect(await entries(ben.token)).toEqual([]);
  });
});
