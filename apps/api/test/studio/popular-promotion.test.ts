import type { PopularQuestion, StudioExpertAnswer } from '@liftoff/contracts/support';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expertQuestionMessages } from '../../src/features/experts/tables.js';
import { bearer, detailPaths, readyUser, verifiedUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { personWith } from '../helpers/team.js';
import { addExpert } from '../experts/helpers.js';
import { programOf } from '../programs/helpers.js';

describe('answered expert questions promoted to popular questions', () => {
  let t: TestApp;
  let manager: Awaited<ReturnType<typeof personWith>>;
  beforeAll(async () => {
    t = await createTestApp();
    manager = await personWith(t.app, ['manager']);
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const popular = async (token: string) => {
    const res = await call('GET', '/api/popularQuestion/user-popular-questions', token);
    expect(res.statusCode).toBe(200);
    return (res.json().data as PopularQuestion[]).map((q) => q.question);
  };

  /** A founder asks from a mission of their first milestone; the expert's answer is written as the portal does. */
  async function answeredQuestion(question: string, withMission = true) {
    const founder = await readyUser(t.app);
    const milestone = (await programOf(t.app, founder.token)).userMilestone[0]!;
    const expert = await addExpert(t.app);
    const asked = await call('POST', '/api/expert/ask-question', founder.token, {
      expertId: expert.id,
      subject: 'Interviews',
      question,
      ...(withMission ? { missionId: milestone.userMission[0]!.id } : {}),
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().data.id as string;
    await t.app.db
      .insert(expertQuestionMessages)
      .values({ questionId: id, author: 'expert', body: `Answer to: ${question}` });
    return { id, founder, milestone };
  }

  it('shows a promoted answer to founders at that milestone only, removes it again, and logs both', async () => {
    const text = `How many interviews ${randomUUID().slice(0, 6)}?`;
    const { id, founder, milestone } = await answeredQuestion(text);
    const peer = await readyUser(t.app);
    const outsider = await verifiedUser(t.app);

    const listed = (await call('GET', '/api/studio/expert-answers', manager.token)).json()
      .data as StudioExpertAnswer[];
    expect(listed.find((a) => a.questionId === id)).toMatchObject({
      question: text,
      answer: `Answer to: ${text}`,
      milestoneName: milestone.name,
      promoted: false,
    });
    expect(await popular(founder.token)).not.toContain(text);

    const promoted = await call('PUT', `/api/studio/expert-answers/${id}/promotion`, manager.token);
    expect(promoted.json()).toMatchObject({
      message: 'Added to the popular questions.',
      data: { promoted: true },
    });
    // First in the milestone's list, for every founder at that milestone, and nobody outside the program.
    expect((await popular(founder.token))[0]).toBe(text);
    expect((await popular(peer.token))[0]).toBe(text);
    expect(await popular(outsider.token)).not.toContain(text);
    const answer = (
      (await call('GET', '/api/popularQuestion/user-popular-questions', peer.token)).json()
        .data as PopularQuestion[]
    )[0]!.answer;
    expect(answer).toBe(`Answer to: ${text}`);

    const removed = await call('DELETE', `/api/studio/expert-answers/${id}/promotion`, manager.token);
    expect(removed.json().data.promoted).toBe(false);
    expect(await popular(peer.token)).not.toContain(text);

    const { entries } = await t.app.audit.list({ recordId: id, page: 1, pageSize: 10 });
    expect(entries.map((e) => [e.action, e.actorId]).reverse()).toEqual([
      ['popular_question.promoted', manager.user.id],
      ['popular_question.removed', manager.user.id],
    ]);
  });

  it('refuses what cannot be promoted: 400 naming the field, 404 for an unknown or unanswered question', async () => {
    const { id } = await answeredQuestion('Asked from nowhere?', false);
    const outside = await call('PUT', `/api/studio/expert-answers/${id}/promotion`, manager.token);
    expect([outside.statusCode, detailPaths(outside.json())]).toEqual([400, ['id']]);
    const bad = await call('PUT', '/api/studio/expert-answers/not-a-uuid/promotion', manager.token);
    expect([bad.statusCode, detailPaths(bad.json())]).toEqual([400, ['id']]);
    const unknown = await call('PUT', `/api/studio/expert-answers/${randomUUID()}/promotion`, manager.token);
    expect(unknown.statusCode).toBe(404);
  });

  it('is closed to founders', async () => {
    const founder = await readyUser(t.app);
    const res = await call('GET', '/api/studio/expert-answers', founder.token);
    expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN']);
  });
});
