import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { codeFrom, mailbox, PASSWORD, uniqueEmail } from './helpers/accounts.js';
import { addExpert, appWithClock } from './experts/helpers.js';
import type { TestApp } from './helpers/app.js';
import { parseSse } from './ai/support.js';

/**
 * A client written from the specification (section 7): JSON is its default content type, so every call carries
 * `Content-Type: application/json`, with an empty body when the call has none; sign-up posts the browser's
 * FormData. Every call of section 7 must work for it as it works for the web app.
 */
function specClient(app: App) {
  let token = '';
  let refreshToken = '';
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await app.inject({
      method: method as 'GET',
      url: `/api${path}`,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      payload: body === undefined ? '' : JSON.stringify(body),
    });
    return res;
  };
  return {
    call,
    get token() {
      return token;
    },
    get refreshToken() {
      return refreshToken;
    },
    use(session: { token: string; refreshToken: string }) {
      token = session.token;
      refreshToken = session.refreshToken;
    },
    /** What `fetch(url, { body: formData })` sends: multipart/form-data with a boundary. */
    async signup(fields: Record<string, string>) {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      return app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { 'content-type': request.headers.get('content-type')! },
        payload: Buffer.from(await request.arrayBuffer()),
      });
    },
  };
}

let t: TestApp;
beforeAll(async () => {
  t = await appWithClock('2026-03-01T12:00:00Z', { AI_OFFLINE_CHUNK_DELAY_MS: '0' });
});
afterAll(async () => t.close());

describe('a client that follows the specification', () => {
  it('signs up with form data and walks every call of section 7', async () => {
    const client = specClient(t.app);
    const email = uniqueEmail('spec');
    const signup = await client.signup({ firstName: 'Grace', lastName: 'Spec', email, password: PASSWORD });
    expect(signup.statusCode, signup.body).toBe(201);
    expect(signup.json().data.user).toMatchObject({ email, firstName: 'Grace', verified: false });
    client.use(signup.json().data);

    // Authentication: every call answers as it does for the web app, none "Body cannot be empty".
    expect((await client.call('GET', '/auth/me')).statusCode).toBe(200);
    const [mail] = await mailbox(t.app, email);
    const verify = await client.call('POST', '/auth/verify-email', { code: codeFrom(mail!) });
    expect(verify.statusCode, verify.body).toBe(200);
    const resend = await client.call('POST', '/auth/resend-email-verification');
    expect(resend.json().message).toBe('Your e-mail address is already verified.');
    expect((await client.call('POST', '/auth/check-user-email-exists', { email })).json().data).toEqual({
      exists: true,
    });
    const me = (await client.call('GET', '/auth/me')).json().data;
    expect(
      (
        await client.call('PUT', `/user/${me.id}/meta`, {
          meta: { startupName: 'Spec', stage: 'Idea', industry: 'Fintech' },
        })
      ).statusCode,
    ).toBe(200);
    const done = await client.call('PATCH', `/user/update-user/${me.id}`, { profileCompleted: true });
    expect(done.statusCode, done.body).toBe(200);

    const refreshed = await client.call(
      'POST',
      '/auth/refresh',
      { refreshToken: client.refreshToken },
      {
        authorization: `Bearer ${client.refreshToken}`,
      },
    );
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    client.use({
      token: refreshed.json().data.accessToken,
      refreshToken: refreshed.json().data.refreshToken,
    });

    // Two-factor by e-mail: setup, the bodiless resend and generate calls, then disable without a body.
    expect((await client.call('POST', '/auth/setup-two-factor', { method: 'EMAIL' })).statusCode).toBe(200);
    const setupMail = (await mailbox(t.app, email, { atLeast: 2 }))[0]!;
    const enabled = await client.call('POST', '/auth/verify-two-factor', { code: codeFrom(setupMail) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    client.use(enabled.json().data);
    for (const path of ['/auth/resend-two-factor-code', '/auth/generate-two-factor-email-code']) {
      const res = await client.call('POST', path);
      expect([200, 409, 429], `${path}: ${res.body}`).toContain(res.statusCode);
      expect(res.json().message).not.toMatch(/body/i);
    }
    const disabled = await client.call('POST', '/auth/disable-two-factor');
    expect(disabled.statusCode, disabled.body).toBe(200);

    // Other own-API calls.
    expect((await client.call('GET', '/feature-flags')).statusCode).toBe(200);
    expect((await client.call('GET', '/popularQuestion/user-popular-questions')).statusCode).toBe(200);
    expect((await client.call('GET', '/setting/type/CONTACT_US')).statusCode).toBe(200);
    const programs = await client.call('GET', '/userProgram/programs');
    expect(programs.statusCode, programs.body).toBe(200);
    const programId = programs.json().data[0].id as string;
    expect((await client.call('GET', `/userProgram/${programId}`)).statusCode).toBe(200);
    const ongoing = await client.call('GET', `/userMilestone/ongoing/${programId}`);
    expect(ongoing.statusCode, ongoing.body).toBe(200);
    const milestones = await client.call('GET', `/userMilestone/program-milestones/${programId}`);
    expect(milestones.statusCode).toBe(200);
    const milestoneId = milestones.json().data[0].id as string;
    const milestone = await client.call('GET', `/userMilestone/${milestoneId}`);
    expect(milestone.statusCode).toBe(200);
    const missionId = milestone.json().data.userMission[0].id as string;
    const mission = await client.call('GET', `/userMission/${missionId}`);
    expect(mission.statusCode, mission.body).toBe(200);
    const stepId = mission.json().data.userStep[0].id as string;
    const next = await client.call('PUT', '/userStep/next-step', { stepId, doLater: false });
    expect(next.statusCode, next.body).toBe(200);
    const feedback = await client.call('POST', '/feedback', {
      kind: 'CONTACT_US',
      subject: 'Hello',
      message: 'From a client written from the specification.',
    });
    expect(feedback.statusCode, feedback.body).toBe(201);

    const expert = await addExpert(t.app, {}, { bookingUrl: 'https://cal.example.com/spec' });
    const question = await client.call('POST', '/expert/ask-question', {
      expertId: expert.id,
      subject: 'Pricing',
      question: 'How do I price a pilot?',
    });
    expect(question.statusCode, question.body).toBe(201);
    const schedule = await client.call(
      'GET',
      `/expert/availability-schedules/${expert.id}?date=2026-03-02&timezone=America%2FNew_York`,
    );
    expect(schedule.statusCode, schedule.body).toBe(200);
    const slot = schedule.json().data.slots[0] as string;
    const meeting = await client.call('POST', '/expert/request-meeting', {
      expertId: expert.id,
      serviceKey: 'intro-30',
      start: slot,
      timezone: 'America/New_York',
    });
    expect(meeting.statusCode, meeting.body).toBe(201);
    expect((await client.call('GET', `/expert/set-more-url/${expert.id}`)).statusCode).toBe(200);

    // AI: a session created without a body, answers streamed, retried, stopped, archived and deleted.
    const created = await client.call('POST', '/ai/chat-sessions');
    expect(created.statusCode, created.body).toBe(201);
    const conversationId = created.json().data.conversationId as string;
    const first = parseSse(
      (
        await client.call(
          'POST',
          '/ai/chat/completion',
          { input: 'How do I interview customers?', conversationId },
          { accept: 'text/event-stream' },
        )
      ).body,
    );
    expect(first.done).toBe(true);
    expect(first.text.length).toBeGreaterThan(0);
    const followUp = parseSse(
      (
        await client.call(
          'POST',
          `/ai/chat/continue/${conversationId}`,
          { input: 'And after that?' },
          { accept: 'text/event-stream' },
        )
      ).body,
    );
    expect(followUp.done).toBe(true);
    const last = followUp.events.at(-1)!;
    const retry = await client.call(
      'POST',
      `/ai/chat/retry/${conversationId}/${last.userMessageId}/${last.responseId}`,
      undefined,
      { accept: 'text/event-stream' },
    );
    expect(retry.statusCode, retry.body).toBe(200);
    expect(parseSse(retry.body).done).toBe(true);
    const stop = await client.call('POST', `/ai/chat/stop/${conversationId}`);
    expect(stop.statusCode, stop.body).toBe(200);
    expect((await client.call('GET', '/ai/chat-sessions?pageNo=1&pageSize=10')).statusCode).toBe(200);
    expect((await client.call('GET', `/ai/chat-sessions/${conversationId}`)).statusCode).toBe(200);
    expect(
      (await client.call('PUT', `/ai/chat-sessions/${conversationId}`, { title: 'Spec' })).statusCode,
    ).toBe(200);
    const history = await client.call('GET', `/ai/chat-history/${conversationId}?pageNo=1&pageSize=10`);
    expect(history.statusCode).toBe(200);
    expect(
      (await client.call('GET', '/ai/chat-history/search?query=customers&pageNo=1&pageSize=10')).statusCode,
    ).toBe(200);
    const answerId = history.json().data.items.find((m: { role: string }) => m.role !== 'user')?.id as string;
    const rated = await client.call('POST', '/ai/feedback', { messageId: answerId, feedbackType: 'LIKE' });
    expect(rated.statusCode, rated.body).toBe(200);
    const archived = await client.call('PUT', `/ai/chat-sessions/${conversationId}/archive`);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(
      (await client.call('GET', '/ai/chat-sessions/archived?pageNo=1&pageSize=10&search=')).statusCode,
    ).toBe(200);
    const unarchived = await client.call('PUT', `/ai/chat-sessions/${conversationId}/unarchive`);
    expect(unarchived.statusCode, unarchived.body).toBe(200);
    const deleted = await client.call('DELETE', `/ai/chat-sessions/${conversationId}`);
    expect(deleted.statusCode, deleted.body).toBe(200);

    // Logout with no body ends the bearer's session: its refresh token no longer works.
    const refreshTokenBefore = client.refreshToken;
    const logout = await client.call('POST', '/auth/logout');
    expect(logout.statusCode, logout.body).toBe(200);
    const after = await client.call('POST', '/auth/refresh', { refreshToken: refreshTokenBefore });
    expect(after.statusCode).toBe(401);
  });

  it('still refuses a malformed JSON body and a sign-up form missing a field, naming it', async () => {
    const client = specClient(t.app);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    const missing = await client.signup({ firstName: 'Grace', lastName: 'Spec', password: PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.map((d: { path: string }) => d.path)).toEqual(['email']);
    const emptyLogin = await client.call('POST', '/auth/login');
    expect(emptyLogin.statusCode).toBe(400);
    expect(emptyLogin.json().message).not.toMatch(/Body cannot be empty/);
  });
});
