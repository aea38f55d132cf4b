import type { Expert, ExpertQuestion } from '@liftoff/contracts/experts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expertQuestions } from '../../src/features/experts/tables.js';
import { bearer, detailPaths, mailbox, readyUser, verifiedUser } from '../helpers/accounts.js';
import { programOf } from '../programs/helpers.js';
import { addExpert, appWithClock } from './helpers.js';

let t: Awaited<ReturnType<typeof appWithClock>>;
beforeAll(async () => {
  t = await appWithClock('2026-03-01T00:00:00Z');
});
afterAll(async () => t?.close());

const ask = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/expert/ask-question', headers: bearer(token), payload });

describe('experts', () => {
  it('lists the content pack experts with services and booking limits, and answers one by id', async () => {
    const user = await readyUser(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/expert', headers: bearer(user.token) });
    expect(res.statusCode).toBe(200);
    const experts = res.json().data as Expert[];
    expect(experts.length).toBeGreaterThanOrEqual(5);
    const daniel = experts.find((e) => e.key === 'daniel-kim')!;
    expect(daniel).toMatchObject({
      authType: 'EMAIL',
      firstName: 'Daniel',
      gender: 'MALE',
      profileImageUrl: '/api/content/experts/avatars/daniel-kim.svg',
      services: [
        { serviceKey: 'intro-30', name: 'Intro call', duration: 30 },
        { serviceKey: 'mvp-review-45', name: 'MVP scope review', duration: 45 },
      ],
      booking: {
        timezone: 'America/Los_Angeles',
        bookingWindowDays: 30,
        minimumNoticeHours: 12,
        hasExternalBookingPage: true,
      },
    });
    expect(daniel.expertMeta[0]!.expertise).toContain('MVP scoping');
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/expert/${daniel.id}`,
      headers: bearer(user.token),
    });
    expect(one.json().data).toEqual(daniel);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/expert/00000000-0000-4000-8000-000000000000',
          headers: bearer(user.token),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('answers the external booking page, or a 404 with a clear message', async () => {
    const user = await readyUser(t.app);
    const withPage = await addExpert(t.app, {}, { bookingUrl: 'https://cal.example.com/test' });
    const without = await addExpert(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/expert/set-more-url/${withPage.id}`,
      headers: bearer(user.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ url: 'https://cal.example.com/test' });
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/expert/set-more-url/${without.id}`,
      headers: bearer(user.token),
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('This expert does not take bookings through an external page.');
  });
});

describe('ask a question', () => {
  it("stores the question and e-mails the expert with the founder's program, milestone and mission", async () => {
    const user = await readyUser(t.app);
    const program = await programOf(t.app, user.token);
    const milestone = program.userMilestone[0]!;
    const mission = milestone.userMission[1]!;
    const expert = await addExpert(t.app);
    const res = await ask(user.token, {
      expertId: expert.id,
      subject: 'Interview count',
      question: 'Are eight interviews enough?',
      missionId: mission.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Question Send Successfully.');
    const question = res.json().data as ExpertQuestion;
    expect(question).toMatchObject({
      expertId: expert.id,
      subject: 'Interview count',
      question: 'Are eight interviews enough?',
      missionId: mission.id,
      context: {
        founderName: 'Ada Founder',
        startupName: 'Acme',
        programName: program.name,
        milestoneName: milestone.name,
        missionName: mission.name,
      },
    });
    const [stored] = await t.app.db.select().from(expertQuestions).where(eq(expertQuestions.id, question.id));
    expect(stored).toMatchObject({ userId: user.user.id, question: 'Are eight interviews enough?' });

    const [mail] = await mailbox(t.app, expert.email);
    expect(mail!.subject).toBe('Question from Ada Founder: Interview count');
    for (const text of [
      'Are eight interviews enough?',
      `Program: ${program.name}`,
      `Milestone: ${milestone.name}`,
      `Mission: ${mission.name}`,
      user.email,
    ]) {
      expect(mail!.text).toContain(text);
    }
    // The reply link lands the expert in the portal on this question.
    expect(mail!.text).toContain(`/expert/questions/${question.id}`);

    // Without a mission the founder's current position is used.
    const plain = await ask(user.token, {
      expertId: expert.id,
      subject: 'Next',
      question: 'What should I do first?',
    });
    expect(plain.json().data.context).toMatchObject({
      milestoneName: milestone.name,
      missionName: milestone.userMission[0]!.name,
    });

    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/expert/questions',
      headers: bearer(user.token),
    });
    expect(
      mine
        .json()
        .data.map((q: ExpertQuestion) => q.subject)
        .sort(),
    ).toEqual(['Interview count', 'Next']);
  });

  it("someone else's mission is a 404; an unknown expert a 404; bad bodies a 400 naming the fields", async () => {
    const owner = await readyUser(t.app);
    const other = await readyUser(t.app);
    const missionId = (await programOf(t.app, owner.token)).userMilestone[0]!.userMission[0]!.id;
    const expert = await addExpert(t.app);
    const foreign = await ask(other.token, { expertId: expert.id, subject: 'S', question: 'Q', missionId });
    expect(foreign.statusCode).toBe(404);
    expect(
      (
        await ask(other.token, {
          expertId: '00000000-0000-4000-8000-000000000000',
          subject: 'S',
          question: 'Q',
        })
      ).statusCode,
    ).toBe(404);
    const bad = await ask(other.token, { expertId: expert.id, subject: '  ', question: '', extra: true });
    expect(bad.statusCode).toBe(400);
    expect(detailPaths(bad.json())).toEqual(['extra', 'question', 'subject']);
    // Nothing was stored for the refused questions, and the owner's list is not the other's.
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/expert/questions', headers: bearer(other.token) })
      ).json().data,
    ).toEqual([]);
    expect((await mailbox(t.app, expert.email, { atLeast: 1, timeoutMs: 200 })).length).toBe(0);
  });

  it('a founder not enrolled in a program can still ask; the context says so', async () => {
    const user = await verifiedUser(t.app);
    const expert = await addExpert(t.app);
    const res = await ask(user.token, {
      expertId: expert.id,
      subject: 'Hello',
      question: 'Can I ask before onboarding?',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.context).toMatchObject({
      programName: null,
      milestoneName: null,
      missionName: null,
    });
    const [mail] = await mailbox(t.app, expert.email);
    expect(mail!.text).toContain('Program: not enrolled');
  });
});
