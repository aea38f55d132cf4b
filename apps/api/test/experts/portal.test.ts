import type { Notification } from '@liftoff/contracts/notifications';
import type { QuestionThread } from '@liftoff/contracts/experts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, codeFrom, detailPaths, mailbox, readyUser, signup } from '../helpers/accounts.js';
import { personWith } from '../helpers/team.js';
import { addExpert, appWithClock } from './helpers.js';

let t: Awaited<ReturnType<typeof appWithClock>>;
beforeAll(async () => {
  t = await appWithClock('2026-03-01T00:00:00Z');
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** Invites the expert as a manager and signs up with the link's e-mail; answers the expert's session. */
async function expertAccount(manager: { token: string }) {
  const profile = await addExpert(t.app);
  const invite = await call('POST', '/api/studio/experts/invite', manager.token, { email: profile.email });
  expect(invite.statusCode).toBe(200);
  const [mail] = await mailbox(t.app, profile.email);
  const link = /https?:\/\/\S+\/sign-up\?email=[^\s"<]+/.exec(mail!.text)?.[0];
  expect(link).toBeDefined();
  const email = new URL(link!).searchParams.get('email')!;
  expect(email).toBe(profile.email);
  const account = await signup(t.app, { email, firstName: profile.firstName, lastName: profile.lastName });
  // The sign-up answer already carries the granted role: the web app sends experts to the portal with it.
  expect(account.user.roles).toEqual(expect.arrayContaining(['founder', 'expert']));
  await verify(account);
  return { ...account, profile };
}

async function verify(account: { email: string; token: string }) {
  const [code] = (await mailbox(t.app, account.email, { atLeast: 2 })).filter((m) => codeFrom(m));
  const res = await call('POST', '/api/auth/verify-email', account.token, { code: codeFrom(code!) });
  expect(res.statusCode).toBe(200);
}

describe('expert accounts', () => {
  it('the program team invites an expert; signing up with that e-mail links the profile and gives the role', async () => {
    const manager = await personWith(t.app, ['manager']);
    const expert = await expertAccount(manager);
    const me = await call('GET', '/api/auth/me', expert.token);
    expect(me.json().data.roles).toContain('expert');
    // No founder onboarding is asked of an expert: the portal answers with the profile never completed.
    expect(me.json().data.profileCompleted).toBe(false);
    const profile = await call('GET', '/api/expert-portal/me', expert.token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toMatchObject({ id: expert.profile.id, email: expert.profile.email });
    // Inviting again tells the studio the account is linked.
    const again = await call('POST', '/api/studio/experts/invite', manager.token, {
      email: expert.profile.email,
    });
    expect(again.json().data.linked).toBe(true);
  });

  it('refuses an address without a profile (404) and a malformed one (400 naming the field)', async () => {
    const manager = await personWith(t.app, ['manager']);
    const none = await call('POST', '/api/studio/experts/invite', manager.token, {
      email: 'nobody-here@experts.test',
    });
    expect(none.statusCode).toBe(404);
    const bad = await call('POST', '/api/studio/experts/invite', manager.token, { email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(detailPaths(bad.json())).toContain('email');
  });

  it('lets an invited expert sign up when sign-up is by invitation only, and nobody else', async () => {
    const manager = await personWith(t.app, ['manager']);
    const profile = await addExpert(t.app);
    t.app.config.SIGNUP_MODE = 'invite';
    try {
      const before = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: {
          firstName: 'Ex',
          lastName: 'Pert',
          email: profile.email,
          password: 'orbit-lantern-42-meadow',
        },
      });
      expect(before.statusCode).toBe(403);
      await call('POST', '/api/studio/experts/invite', manager.token, { email: profile.email });
      const account = await signup(t.app, { email: profile.email });
      await verify(account);
      expect((await call('GET', '/api/expert-portal/me', account.token)).statusCode).toBe(200);
    } finally {
      t.app.config.SIGNUP_MODE = 'open';
    }
  });

  it('a person holding the expert role without a linked profile gets 404 from the portal', async () => {
    const loose = await personWith(t.app, ['expert'], { twoFactor: false });
    expect((await call('GET', '/api/expert-portal/questions', loose.token)).statusCode).toBe(404);
  });
});

describe('question threads', () => {
  let manager: Awaited<ReturnType<typeof personWith>>;
  beforeAll(async () => {
    manager = await personWith(t.app, ['manager']);
  });

  const ask = (token: string, expertId: string, subject: string) =>
    call('POST', '/api/expert/ask-question', token, { expertId, subject, question: 'How do we price it?' });

  it('the expert sees only questions addressed to them, newest first, with the founder context, filtered by status', async () => {
    const expert = await expertAccount(manager);
    const other = await expertAccount(manager);
    const founder = await readyUser(t.app);
    const first = (await ask(founder.token, expert.profile.id, 'Pricing')).json().data;
    t.clock.set('2026-03-01T00:05:00Z');
    const second = (await ask(founder.token, expert.profile.id, 'Hiring')).json().data;
    const elsewhere = (await ask(founder.token, other.profile.id, 'Not yours')).json().data;

    const inbox = await call('GET', '/api/expert-portal/questions', expert.token);
    expect(inbox.statusCode).toBe(200);
    const threads = inbox.json().data as QuestionThread[];
    expect(threads.map((q) => q.subject)).toEqual(['Hiring', 'Pricing']);
    expect(threads[0]!.context.startupName).toBe('Acme');
    expect(threads[0]!.status).toBe('OPEN');

    // Another expert's question is a 404, read or answered, as if it did not exist.
    expect((await call('GET', `/api/expert-portal/questions/${elsewhere.id}`, expert.token)).statusCode).toBe(
      404,
    );
    const foreign = await call(
      'POST',
      `/api/expert-portal/questions/${elsewhere.id}/messages`,
      expert.token,
      {
        body: 'Sneaky',
      },
    );
    expect(foreign.statusCode).toBe(404);

    await call('POST', `/api/expert-portal/questions/${first.id}/messages`, expert.token, {
      body: 'Charge more.',
    });
    const open = (await call('GET', '/api/expert-portal/questions?status=open', expert.token)).json().data;
    const answered = (await call('GET', '/api/expert-portal/questions?status=answered', expert.token)).json()
      .data;
    expect(open.map((q: QuestionThread) => q.id)).toEqual([second.id]);
    expect(answered.map((q: QuestionThread) => q.id)).toEqual([first.id]);

    const bad = await call('GET', '/api/expert-portal/questions?status=someday', expert.token);
    expect(bad.statusCode).toBe(400);
    expect(detailPaths(bad.json())).toContain('status');
  });

  it('the answer reaches the founder in the thread, the centre and by e-mail; both continue, either closes', async () => {
    const expert = await expertAccount(manager);
    const founder = await readyUser(t.app);
    const question = (await ask(founder.token, expert.profile.id, 'Go-to-market')).json().data;

    const empty = await call('POST', `/api/expert-portal/questions/${question.id}/messages`, expert.token, {
      body: '   ',
    });
    expect(empty.statusCode).toBe(400);
    expect(detailPaths(empty.json())).toContain('body');

    const answer = await call('POST', `/api/expert-portal/questions/${question.id}/messages`, expert.token, {
      body: '**Start narrow**: one segment first.',
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json().data.status).toBe('ANSWERED');
    await t.app.events.settled();

    const seen = (await call('GET', `/api/expert/questions/${question.id}`, founder.token)).json().data;
    expect(seen.messages).toMatchObject([{ author: 'expert', body: '**Start narrow**: one segment first.' }]);
    const mine = (await call('GET', '/api/expert/questions/threads', founder.token)).json().data;
    expect(mine[0]).toMatchObject({ id: question.id, status: 'ANSWERED' });

    const centre = (await call('GET', '/api/notifications', founder.token)).json().data
      .notifications as Notification[];
    expect(centre[0]).toMatchObject({
      kind: 'question.answered',
      link: `/my-questions/${question.id}`,
    });
    expect(centre[0]!.title).toContain(expert.profile.firstName);
    const mails = await mailbox(t.app, founder.email, { atLeast: 2 });
    expect(mails.some((m) => m.subject.includes('answered your question'))).toBe(true);

    // The founder writes again: the expert's centre hears of it.
    const followUp = await call('POST', `/api/expert/questions/${question.id}/messages`, founder.token, {
      body: 'Which segment?',
    });
    expect(followUp.statusCode).toBe(201);
    await t.app.events.settled();
    const expertCentre = (await call('GET', '/api/notifications', expert.token)).json().data
      .notifications as Notification[];
    expect(expertCentre[0]).toMatchObject({
      kind: 'question.replied',
      link: `/expert/questions/${question.id}`,
    });

    // Another founder cannot read or close it.
    const stranger = await readyUser(t.app);
    expect((await call('GET', `/api/expert/questions/${question.id}`, stranger.token)).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/expert/questions/${question.id}/close`, stranger.token)).statusCode,
    ).toBe(404);

    const closed = await call('POST', `/api/expert/questions/${question.id}/close`, founder.token);
    expect(closed.json().data).toMatchObject({ status: 'CLOSED' });
    expect(closed.json().data.closedAt).not.toBeNull();
    const late = await call('POST', `/api/expert-portal/questions/${question.id}/messages`, expert.token, {
      body: 'One more thing',
    });
    expect(late.statusCode).toBe(409);
  });

  it('the expert can close a question addressed to them', async () => {
    const expert = await expertAccount(manager);
    const founder = await readyUser(t.app);
    const question = (await ask(founder.token, expert.profile.id, 'Done')).json().data;
    const closed = await call('POST', `/api/expert-portal/questions/${question.id}/close`, expert.token);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data.status).toBe('CLOSED');
    const seen = (await call('GET', `/api/expert/questions/${question.id}`, founder.token)).json().data;
    expect(seen.status).toBe('CLOSED');
  });
});
