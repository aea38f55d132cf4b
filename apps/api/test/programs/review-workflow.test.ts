import type { EventOf } from '@liftoff/contracts/events';
import type { ReviewQueueItem, StudioDeliverable } from '@liftoff/contracts/programs-review';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { personWith } from '../helpers/team.js';
import { get, missionOf, PNG, upload } from './helpers.js';
import { cohortWith, finishSteps, handIn, reviewOf, studio } from './review-support.js';

/*
 * The review of deliverables under decision 004's default rule: handing in completes the mission, and
 * the program team reviews what was handed in (submitted → in review → changes requested / approved).
 */

let t: TestApp;
let manager: Awaited<ReturnType<typeof personWith>>;
let otherManager: Awaited<ReturnType<typeof personWith>>;
let admin: Awaited<ReturnType<typeof personWith>>;
let founder: Awaited<ReturnType<typeof readyUser>>;
let stranger: Awaited<ReturnType<typeof readyUser>>;
let cohortId: string;
const events: EventOf<'deliverable.reviewed' | 'deliverable.commented'>[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (const type of ['deliverable.reviewed', 'deliverable.commented'] as const)
    t.app.events.subscribe(type, (event) => void events.push(event));
  [manager, otherManager, admin] = [
    await personWith(t.app, ['manager']),
    await personWith(t.app, ['manager']),
    await personWith(t.app, ['admin']),
  ];
  [founder, stranger] = [await readyUser(t.app), await readyUser(t.app)];
  cohortId = (await cohortWith(t.app, 'Autumn 2026', [manager.user.id], [founder.user.id])).id;
  await cohortWith(t.app, 'Winter 2027', [otherManager.user.id], [stranger.user.id]);
});
afterAll(async () => t.close());

/** A founder of the manager's cohort hands in their first version; answers the mission and deliverable ids. */
async function handedIn(who = founder) {
  const missionId = await finishSteps(t.app, who.token);
  await handIn(t.app, who.token, missionId, 'interviews-v1.pdf');
  const review = await reviewOf(t.app, who.token, missionId);
  return { missionId, deliverableId: review!.id };
}

async function moved(token: string, id: string, payload: Record<string, unknown>) {
  const res = await studio.move(t.app, token, id, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as StudioDeliverable;
}

async function settledEvents() {
  await t.app.events.settled();
  return events.splice(0);
}

describe('deliverable review', () => {
  let missionId: string;
  let deliverableId: string;

  it('completes the mission on hand-in and puts the deliverable in its manager’s queue', async () => {
    ({ missionId, deliverableId } = await handedIn());
    expect((await missionOf(t.app, founder.token, missionId)).status).toBe('COMPLETED');
    const review = await reviewOf(t.app, founder.token, missionId);
    expect(review).toMatchObject({ status: 'submitted', requiresApproval: false, comments: [] });
    expect(review!.versions.map((v) => [v.number, v.fileName])).toEqual([[1, 'interviews-v1.pdf']]);

    const queue = await studio.queue(t.app, manager.token);
    expect(queue.statusCode, queue.body).toBe(200);
    const items = queue.json().data as ReviewQueueItem[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      id: deliverableId,
      status: 'submitted',
      founder: { id: founder.user.id, email: founder.email, startupName: 'Acme' },
      cohort: { id: cohortId, name: 'Autumn 2026' },
      programName: 'Venture Foundations',
      versionCount: 1,
    });
    expect(items[0]!.deliverableTitle.length).toBeGreaterThan(0);
  });

  it('answers a founder with nothing handed in yet with no review, and refuses a comment there', async () => {
    const other = await readyUser(t.app);
    const missionId = await finishSteps(t.app, other.token);
    expect(await reviewOf(t.app, other.token, missionId)).toBeNull();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/userMission/${missionId}/review/comments`,
      headers: bearer(other.token),
      payload: { body: 'Hello?' },
    });
    expect(res.statusCode).toBe(409);
  });

  it('refuses moves the workflow does not allow with a 409 that says what to do', async () => {
    const approve = await studio.move(t.app, manager.token, deliverableId, { status: 'approved' });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().message).toBe('Start the review before deciding on this deliverable.');
    const changes = await studio.move(t.app, manager.token, deliverableId, {
      status: 'changes_requested',
      comment: 'More interviews please.',
    });
    expect(changes.statusCode).toBe(409);
    // Nothing changed, and nobody was told anything.
    expect((await reviewOf(t.app, founder.token, missionId))!.status).toBe('submitted');
    expect((await reviewOf(t.app, founder.token, missionId))!.comments).toEqual([]);
    expect(await settledEvents()).toEqual([]);
  });

  it('walks in review → changes requested → new version → approved, keeping every version', async () => {
    const inReview = await moved(manager.token, deliverableId, { status: 'in_review' });
    expect(inReview.status).toBe('in_review');
    expect(inReview.allowedMoves.sort()).toEqual(['approved', 'changes_requested']);
    expect((await reviewOf(t.app, founder.token, missionId))!.status).toBe('in_review');

    // While someone reads it, the founder cannot swap the version under them.
    const early = await upload(t.app, founder.token, missionId, { name: 'v2.pdf', data: PNG });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/being reviewed/);

    const again = await studio.move(t.app, manager.token, deliverableId, { status: 'in_review' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This deliverable is already in review.');

    const changes = await moved(manager.token, deliverableId, {
      status: 'changes_requested',
      comment: 'Talk to five more customers in logistics.',
    });
    expect(changes.status).toBe('changes_requested');
    expect(changes.comments.map((c) => [c.body, c.author.role, c.author.id])).toEqual([
      ['Talk to five more customers in logistics.', 'team', manager.user.id],
    ]);
    const decided = await studio.move(t.app, manager.token, deliverableId, { status: 'approved' });
    expect(decided.statusCode).toBe(409);
    expect(decided.json().message).toMatch(/Reopen the review/);

    // The founder reads the request, answers in the thread and hands in a new version.
    const seen = (await reviewOf(t.app, founder.token, missionId))!;
    expect(seen.status).toBe('changes_requested');
    expect(seen.comments[0]!.body).toBe('Talk to five more customers in logistics.');
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/userMission/${missionId}/review/comments`,
      headers: bearer(founder.token),
      payload: { body: 'On it — three calls booked for Monday.' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().data.author).toMatchObject({ id: founder.user.id, role: 'founder' });
    await handIn(t.app, founder.token, missionId, 'interviews-v2.pdf');
    const resubmitted = (await reviewOf(t.app, founder.token, missionId))!;
    expect(resubmitted.status).toBe('submitted');
    expect(resubmitted.versions.map((v) => [v.number, v.fileName])).toEqual([
      [2, 'interviews-v2.pdf'],
      [1, 'interviews-v1.pdf'],
    ]);

    await moved(manager.token, deliverableId, { status: 'in_review' });
    const approved = await moved(manager.token, deliverableId, {
      status: 'approved',
      comment: 'Great work.',
    });
    expect(approved.status).toBe('approved');
    expect(approved.comments.map((c) => c.author.role)).toEqual(['team', 'founder', 'team']);
    expect(approved.versions).toHaveLength(2);

    // Every version stays downloadable, by the founder and by the reviewer, byte for byte.
    for (const version of approved.versions) {
      const own = resubmitted.versions.find((v) => v.id === version.id)!;
      const mine = await get(t.app, founder.token, own.downloadUrl);
      const theirs = await get(t.app, manager.token, version.downloadUrl);
      expect(mine.statusCode).toBe(200);
      expect(theirs.statusCode).toBe(200);
      expect(theirs.rawPayload.equals(mine.rawPayload)).toBe(true);
      expect(theirs.headers['content-disposition']).toContain(version.fileName);
    }
    // Under the default rule the mission was complete from the first hand-in.
    expect((await missionOf(t.app, founder.token, missionId)).status).toBe('COMPLETED');
  });

  it('tells the founder and the team through events published after each change', async () => {
    // The events of the walk above, in order (the founder's reply is a comment too; a comment given with a
    // move travels in the move's event, so the founder hears of it once).
    expect(
      (await settledEvents()).map((e) =>
        e.type === 'deliverable.reviewed'
          ? `reviewed:${e.status}`
          : `commented:${e.authorId === founder.user.id ? 'founder' : 'team'}`,
      ),
    ).toEqual([
      'reviewed:in_review',
      'reviewed:changes_requested',
      'commented:founder',
      'reviewed:in_review',
      'reviewed:approved',
    ]);
    await moved(manager.token, deliverableId, { status: 'in_review' });
    const [reopened] = await settledEvents();
    expect(reopened).toEqual({
      type: 'deliverable.reviewed',
      deliverableId,
      founderId: founder.user.id,
      startupId: expect.any(String),
      missionId,
      missionKey: expect.any(String),
      status: 'in_review',
      reviewerId: manager.user.id,
      reviewerName: expect.any(String),
      deliverableTitle: expect.any(String),
      comment: null,
    });
    const comment = await studio.comment(t.app, manager.token, deliverableId, {
      body: 'Reopened to add a note.',
    });
    expect(comment.statusCode, comment.body).toBe(201);
    expect(await settledEvents()).toEqual([
      {
        type: 'deliverable.commented',
        deliverableId,
        founderId: founder.user.id,
        startupId: expect.any(String),
        missionId,
        authorId: manager.user.id,
        commentId: comment.json().data.id,
        authorName: expect.any(String),
        deliverableTitle: expect.any(String),
        body: 'Reopened to add a note.',
      },
    ]);
    // Reopening never un-completes the mission.
    expect((await missionOf(t.app, founder.token, missionId)).status).toBe('COMPLETED');
  });

  it('writes every studio action to the audit log with its before and after', async () => {
    const res = await get(t.app, admin.token, `/api/studio/audit?recordId=${deliverableId}&pageSize=50`);
    expect(res.statusCode, res.body).toBe(200);
    const entries = (
      res.json().data.entries as { action: string; actorId: string; before: unknown; after: unknown }[]
    )
      .slice()
      .reverse();
    expect(
      entries.map((e) => [e.action, e.before, (e.after as { status?: string } | null)?.status ?? null]),
    ).toEqual([
      ['deliverable.status_changed', { status: 'submitted' }, 'in_review'],
      ['deliverable.status_changed', { status: 'in_review' }, 'changes_requested'],
      ['deliverable.status_changed', { status: 'submitted' }, 'in_review'],
      ['deliverable.status_changed', { status: 'in_review' }, 'approved'],
      ['deliverable.status_changed', { status: 'approved' }, 'in_review'],
      ['deliverable.commented', null, null],
    ]);
    expect(new Set(entries.map((e) => e.actorId))).toEqual(new Set([manager.user.id]));
  });

  it('keeps versions once the team has reacted; before that a file may be taken back', async () => {
    const removal = await t.app.inject({
      method: 'DELETE',
      url: `/api/userMission/${missionId}/attachments/${(await reviewOf(t.app, founder.token, missionId))!.versions[0]!.id}`,
      headers: bearer(founder.token),
    });
    expect(removal.statusCode).toBe(409);
    expect((await reviewOf(t.app, founder.token, missionId))!.versions).toHaveLength(2);

    const fresh = await readyUser(t.app);
    await cohortWith(t.app, 'Spring 2027', [manager.user.id], [fresh.user.id]);
    const { missionId: freshMission, deliverableId: freshId } = await handedIn(fresh);
    const [file] = (await reviewOf(t.app, fresh.token, freshMission))!.versions;
    const taken = await t.app.inject({
      method: 'DELETE',
      url: `/api/userMission/${freshMission}/attachments/${file!.id}`,
      headers: bearer(fresh.token),
    });
    expect(taken.statusCode, taken.body).toBe(200);
    // With nothing handed in any more, the deliverable leaves the queue.
    expect(await reviewOf(t.app, fresh.token, freshMission)).toBeNull();
    expect((await studio.deliverable(t.app, manager.token, freshId)).statusCode).toBe(404);
  });
});

describe('who reaches a deliverable', () => {
  let mine: string;
  let theirs: { missionId: string; deliverableId: string };
  beforeAll(async () => {
    const items = (await studio.queue(t.app, manager.token)).json().data as ReviewQueueItem[];
    mine = items[0]!.id;
    theirs = await handedIn(stranger);
  });

  it('answers 404 for another cohort’s deliverable, on every studio call', async () => {
    const id = theirs.deliverableId;
    expect((await studio.deliverable(t.app, manager.token, id)).statusCode).toBe(404);
    expect((await studio.move(t.app, manager.token, id, { status: 'in_review' })).statusCode).toBe(404);
    expect((await studio.comment(t.app, manager.token, id, { body: 'Hi' })).statusCode).toBe(404);
    const detail = (await studio.deliverable(t.app, otherManager.token, id)).json().data as StudioDeliverable;
    const download = await get(t.app, manager.token, detail.versions[0]!.downloadUrl);
    expect(download.statusCode).toBe(404);
    const queue = (await studio.queue(t.app, manager.token)).json().data as ReviewQueueItem[];
    expect(queue.map((i) => i.id)).not.toContain(id);
    // Unknown and malformed ids look the same.
    expect(
      (await studio.deliverable(t.app, manager.token, '00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await studio.deliverable(t.app, manager.token, 'not-an-id')).statusCode).toBe(404);
  });

  it('lets the other cohort’s manager and any admin reach it, and filters by cohort and status', async () => {
    expect((await studio.deliverable(t.app, otherManager.token, theirs.deliverableId)).statusCode).toBe(200);
    const all = (await studio.queue(t.app, admin.token)).json().data as ReviewQueueItem[];
    expect(all.map((i) => i.id)).toEqual(expect.arrayContaining([mine, theirs.deliverableId]));
    const autumn = (await studio.queue(t.app, admin.token, `?cohortId=${cohortId}`)).json()
      .data as ReviewQueueItem[];
    expect(autumn.map((i) => i.id)).toEqual([mine]);
    const waiting = (await studio.queue(t.app, admin.token, '?status=submitted')).json()
      .data as ReviewQueueItem[];
    expect(waiting.map((i) => i.id)).toEqual([theirs.deliverableId]);
  });

  it('keeps founders out of the studio and out of each other’s reviews', async () => {
    const asFounder = await studio.queue(t.app, founder.token);
    expect(asFounder.statusCode).toBe(403);
    expect((await studio.deliverable(t.app, founder.token, mine)).statusCode).toBe(403);
    expect((await get(t.app, stranger.token, `/api/userMission/${theirs.missionId}/review`)).statusCode).toBe(
      200,
    );
    const foreign = await get(t.app, founder.token, `/api/userMission/${theirs.missionId}/review`);
    expect(foreign.statusCode).toBe(404);
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/userMission/${theirs.missionId}/review/comments`,
      headers: bearer(founder.token),
      payload: { body: 'Not mine' },
    });
    expect(reply.statusCode).toBe(404);
  });

  it('asks a manager without two-factor to set it up first', async () => {
    const plain = await personWith(t.app, ['manager'], { twoFactor: false });
    const res = await studio.queue(t.app, plain.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('TWO_FACTOR_SETUP_REQUIRED');
  });
});

describe('bad input', () => {
  it('answers 400 naming the field', async () => {
    const [item] = (await studio.queue(t.app, manager.token)).json().data as ReviewQueueItem[];
    const { missionId } = (await studio.deliverable(t.app, manager.token, item!.id)).json()
      .data as StudioDeliverable;
    const reply = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/userMission/${missionId}/review/comments`,
        headers: bearer(founder.token),
        payload,
      });
    const fieldsOf = (res: { json(): { details?: { path: string }[] } }) =>
      res.json().details?.map((d) => d.path);
    const cases: [Promise<Awaited<ReturnType<typeof studio.queue>>>, string][] = [
      [studio.move(t.app, manager.token, item!.id, { status: 'done' }), 'status'],
      [studio.move(t.app, manager.token, item!.id, { status: 'submitted' }), 'status'],
      [studio.move(t.app, manager.token, item!.id, { status: 'in_review', extra: 1 }), ''],
      [studio.move(t.app, manager.token, item!.id, { status: 'in_review', comment: '   ' }), 'comment'],
      [studio.comment(t.app, manager.token, item!.id, { body: '' }), 'body'],
      [studio.comment(t.app, manager.token, item!.id, { body: 'x'.repeat(5001) }), 'body'],
      [studio.queue(t.app, manager.token, '?status=waiting'), 'status'],
      [studio.queue(t.app, manager.token, '?cohortId=autumn'), 'cohortId'],
      [reply({ body: ' ' }), 'body'],
      [reply({ text: 'Hello' }), 'body'],
    ];
    for (const [call, field] of cases) {
      const res = await call;
      expect(res.statusCode, res.body).toBe(400);
      if (field) expect(fieldsOf(res)).toContain(field);
    }
  });

  it('needs a comment to request changes', async () => {
    const [item] = (await studio.queue(t.app, manager.token, '?status=in_review')).json()
      .data as ReviewQueueItem[];
    const res = await studio.move(t.app, manager.token, item!.id, { status: 'changes_requested' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ path: 'comment', message: 'Required when requesting changes' }]);
  });
});
