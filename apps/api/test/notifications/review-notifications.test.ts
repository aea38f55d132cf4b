import type { Notification, NotificationsPage } from '@liftoff/contracts/notifications';
import type { StudioDeliverable } from '@liftoff/contracts/programs-review';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/features/auth/tables.js';
import { bearer, mailbox, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { personWith } from '../helpers/team.js';
import { cohortWith, finishSteps, handIn, studio } from '../programs/review-support.js';

/*
 * What the review of a deliverable tells people: one entry (and one mail) per thing that happened, naming
 * who acted and on what; the team hears of hand-ins; entries about one deliverable group into one.
 */

let t: TestApp;
let morgan: Awaited<ReturnType<typeof personWith>>;
let colleague: Awaited<ReturnType<typeof personWith>>;
let elsewhere: Awaited<ReturnType<typeof personWith>>;
let founder: Awaited<ReturnType<typeof readyUser>>;

beforeAll(async () => {
  t = await createTestApp();
  [morgan, colleague, elsewhere] = [
    await personWith(t.app, ['manager']),
    await personWith(t.app, ['manager']),
    await personWith(t.app, ['manager']),
  ];
  await t.app.db
    .update(users)
    .set({ firstName: 'Morgan', lastName: 'Lee' })
    .where(eq(users.id, morgan.user.id));
  founder = await readyUser(t.app);
  await t.app.db
    .update(users)
    .set({ firstName: 'Sam', lastName: 'Founder' })
    .where(eq(users.id, founder.user.id));
  await cohortWith(t.app, 'Spring 2027', [morgan.user.id, colleague.user.id], [founder.user.id]);
  await cohortWith(t.app, 'Other cohort', [elsewhere.user.id], []);
});
afterAll(() => t?.close());

const list = async (token: string, query = '') => {
  await t.app.events.settled();
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/notifications${query}`,
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as NotificationsPage;
};
const moved = async (id: string, payload: Record<string, unknown>) => {
  const res = await studio.move(t.app, morgan.token, id, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as StudioDeliverable;
};
/** The founder's mails apart from the account's own (the sign-up code). */
const reviewMails = async (atLeast = 0) =>
  (await mailbox(t.app, founder.email, { atLeast: atLeast + 1, timeoutMs: 1000 })).filter(
    (m) => !/code|verify/i.test(m.subject),
  );

describe('notifications about a deliverable’s review', () => {
  let missionId: string;
  let deliverable: StudioDeliverable;
  let title: string;

  it("tells the cohort's managers of a hand-in, naming the founder and the deliverable", async () => {
    missionId = await finishSteps(t.app, founder.token);
    await handIn(t.app, founder.token, missionId, 'interviews-v1.pdf');
    const queue = (await studio.queue(t.app, morgan.token)).json().data as { id: string }[];
    deliverable = (await studio.deliverable(t.app, morgan.token, queue[0]!.id)).json().data;
    title = deliverable.deliverable.title;

    for (const manager of [morgan, colleague]) {
      const { notifications } = await list(manager.token);
      expect(notifications).toMatchObject([
        {
          kind: 'deliverable.submitted',
          title: `Sam Founder handed in '${title}'`,
          link: `/studio/reviews/${deliverable.id}`,
          readAt: null,
        },
      ]);
    }
    // A manager of another cohort does not hear of it.
    expect((await list(elsewhere.token)).total).toBe(0);
  });

  it('gives the founder one notification and one mail for a request for changes, carrying the comment', async () => {
    const before = (await reviewMails()).length;
    await moved(deliverable.id, { status: 'in_review' });
    const comment = 'Talk to <b>five</b> more clinics & write down "why" they pay.';
    await moved(deliverable.id, { status: 'changes_requested', comment });

    const { notifications } = await list(founder.token);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({
      kind: 'deliverable.reviewed',
      title: `Morgan Lee requested changes on '${title}'`,
      body: comment,
      link: `/mission-deliverable/${missionId}`,
      count: 1,
    });

    const mails = await reviewMails(before + 1);
    expect(mails).toHaveLength(before + 1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Morgan Lee requested changes on '${title}'`);
    expect(mail.text).toContain(comment);
    expect(mail.text).toContain(`/mission-deliverable/${missionId}`);
    // The comment is escaped in the HTML part: shown as written, never as markup.
    expect(mail.html).toContain(
      'Talk to &lt;b&gt;five&lt;/b&gt; more clinics &amp; write down &quot;why&quot;',
    );
    expect(mail.html).not.toContain('<b>five</b>');
  });

  it('tells the reviewer, not the whole team, of a new version', async () => {
    await handIn(t.app, founder.token, missionId, 'interviews-v2.pdf');
    const mine = (await list(morgan.token)).notifications;
    expect(mine[0]).toMatchObject({
      kind: 'deliverable.submitted',
      title: `Sam Founder uploaded version 2 of '${title}'`,
    });
    // The two hand-ins are about one deliverable: one entry standing for both.
    expect(mine).toHaveLength(1);
    expect(mine[0]!.count).toBe(2);
    expect((await list(colleague.token)).notifications.map((n) => n.title)).toEqual([
      `Sam Founder handed in '${title}'`,
    ]);
  });

  it('groups entries about the same deliverable and marks them all read when it is opened', async () => {
    await moved(deliverable.id, { status: 'in_review' });
    await moved(deliverable.id, { status: 'approved', comment: 'Great work.' });
    await studio.comment(t.app, morgan.token, deliverable.id, { body: 'One more idea for later.' });

    const page = await list(founder.token);
    expect([page.total, page.unread]).toEqual([1, 1]);
    const [group] = page.notifications as [Notification];
    expect(group).toMatchObject({
      title: `Morgan Lee commented on '${title}'`,
      body: 'One more idea for later.',
      count: 3,
      readAt: null,
    });
    const count = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/notifications/unread-count',
          headers: bearer(founder.token),
        })
      ).json().data.unread;
    expect(await count()).toBe(1);

    const read = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${group.id}/read`,
      headers: bearer(founder.token),
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ count: 3, readAt: expect.any(String) });
    expect(await count()).toBe(0);
    expect((await list(founder.token, '?unreadOnly=true')).notifications).toEqual([]);
    expect((await list(founder.token)).notifications[0]!.readAt).not.toBeNull();
  });
});
