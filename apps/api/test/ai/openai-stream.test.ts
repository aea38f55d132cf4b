import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { bearer, readyUser } from '../helpers/accounts.js';
import { appWithFakeModel, ask, eventually, history, parseSse } from './support.js';

type Fixture = Awaited<ReturnType<typeof appWithFakeModel>>;

// The OpenAI-compatible path end to end against a local server speaking OpenAI's streaming protocol.
let fake: Fixture['fake'];
let t: TestApp;
let user: Fixture['user'];
let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ fake, t, user, close } = await appWithFakeModel({
    AI_API_KEY: 'sk-test-key',
    AI_TIMEOUT_MS: '600',
    AI_STOP_POLL_MS: '50',
    // These tests show the model server's failures as founders see them without a fallback (coach-model-path
    // covers the offline coach standing in).
    AI_FALLBACK: 'off',
  }));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => close());
beforeEach(() => {
  fake.set({});
  fake.calls.length = 0;
});

const latestAnswer = (h: { data?: { items?: { role: string }[] } }) =>
  (h.data?.items ?? []).filter((i) => i.role === 'assistant').at(-1) as unknown as Record<string, unknown> & {
    content: string;
    status: string;
    error: string | null;
  };

describe('streamed answers from an OpenAI-compatible server', () => {
  it('streams the reply as events with ids, ends with follow-ups and [DONE], and saves it', async () => {
    const r = await ask(t.app, user.token, '/api/ai/chat/completion', {
      input: 'How do I run customer interviews?',
    });
    expect(r.res.statusCode).toBe(200);
    expect(r.res.headers['content-type']).toContain('text/event-stream');
    // The stream writes its own head; the security headers are on it all the same.
    expect(r.res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(r.res.headers['x-content-type-options']).toBe('nosniff');
    expect(r.done).toBe(true);
    const [first, ...rest] = r.events;
    expect(first).toEqual({
      conversationId: expect.any(String),
      userMessageId: expect.any(String),
      responseId: expect.any(String),
    });
    for (const event of rest) {
      expect(event).toMatchObject({
        conversationId: first!.conversationId,
        userMessageId: first!.userMessageId,
        responseId: first!.responseId,
      });
      expect(
        Object.keys(event).every((k) =>
          [
            'conversationId',
            'userMessageId',
            'responseId',
            'content',
            'followUpQuestions',
            'error',
            'sources',
          ].includes(k),
        ),
      ).toBe(true);
    }
    expect(r.text).toBe(
      'Start with five customer interviews this week, then pick the riskiest assumption to test.',
    );
    expect(r.events.filter((e) => e.content).length).toBeGreaterThan(1);
    expect(r.events.at(-1)!.followUpQuestions).toEqual([
      'How do I find interviewees?',
      'What should I ask first?',
      'When do I stop interviewing?',
    ]);

    // The model got the founder's profile, their program position and the retrieved passages.
    const streamed = fake.calls.find((c) => c.body.stream)!;
    expect(streamed.headers.authorization).toBe('Bearer sk-test-key');
    expect(streamed.body.model).toBe('fake-model');
    const system = (streamed.body.messages as { role: string; content: string }[])[0]!;
    expect(system.role).toBe('system');
    expect(system.content).toContain('Startup: Acme; stage: Idea; industry: Fintech');
    expect(system.content).toContain('Program: Venture Foundations');
    expect(system.content).toMatch(/Current mission: .+/);
    expect(system.content).toMatch(
      /Mission: "Run Mom Test customer interviews" — Problem & Customer Discovery — link: \/mission-details\/[0-9a-f-]{36}\n/,
    );

    const h = await history(t.app, user.token, first!.conversationId);
    const answer = latestAnswer(h);
    expect(answer).toMatchObject({
      id: first!.responseId,
      status: 'COMPLETE',
      content: r.text,
      followUpQuestions: r.events.at(-1)!.followUpQuestions,
      sources: r.events.at(-1)!.sources,
    });
    expect(r.events.at(-1)!.sources!.length).toBeGreaterThan(0);
    expect(h.data.conversation.title).toBe('Customer interviews plan');
  });

  it('streams uncompressed, each piece arriving as the model sends it, even to a client that accepts brotli', async () => {
    fake.set({ pieces: 4, pieceDelayMs: 250 });
    const started = Date.now();
    const res = await fetch(`${base}/api/ai/chat/completion`, {
      method: 'POST',
      headers: {
        ...bearer(user.token),
        accept: 'text/event-stream',
        'accept-encoding': 'br, gzip',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ input: 'How do I run customer interviews?' }),
    });
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const arrivals: { at: number; text: string }[] = [];
    let body = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const text = decoder.decode(value, { stream: true });
      body += text;
      if (text.includes('"content"')) arrivals.push({ at: Date.now() - started, text });
    }
    expect(parseSse(body).text).toBe(
      'Start with five customer interviews this week, then pick the riskiest assumption to test.',
    );
    // Four pieces 250 ms apart (750 ms from first to last) reach the client as four reads spread over the
    // answer, not in one burst. The bound leaves room for a busy machine delaying the first read.
    expect(arrivals.length).toBeGreaterThanOrEqual(4);
    expect(arrivals.at(-1)!.at - arrivals[0]!.at).toBeGreaterThanOrEqual(400);
  });

  it('answers JSON without the event-stream Accept header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/chat/completion',
      headers: bearer(user.token),
      payload: { input: 'What is an MVP?' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Reply generated successfully',
      data: {
        conversationId: expect.any(String),
        userMessageId: expect.any(String),
        responseId: expect.any(String),
        content: fake.calls.length ? expect.any(String) : '',
        followUpQuestions: expect.any(Array),
      },
    });
    expect(res.json().data.content).toContain('five customer interviews');
    expect(res.json().data.followUpQuestions.length).toBeGreaterThanOrEqual(2);
  });

  it('continues a conversation with the earlier turns in the prompt', async () => {
    const first = await ask(t.app, user.token, '/api/ai/chat/completion', {
      input: 'First question about pricing',
    });
    const id = first.events[0]!.conversationId;
    fake.calls.length = 0;
    fake.set({ text: 'Second answer.' });
    const second = await ask(t.app, user.token, `/api/ai/chat/continue/${id}`, {
      input: 'And the second one?',
    });
    expect(second.text).toBe('Second answer.');
    const messages = fake.calls.find((c) => c.body.stream)!.body.messages as {
      role: string;
      content: string;
    }[];
    expect(messages.slice(1).map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(messages.at(-1)!.content).toBe('And the second one?');
    const h = await history(t.app, user.token, id);
    expect(h.data.items.map((i: { role: string }) => i.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
  });

  it.each([
    [401, /refused the request \(HTTP 401\)/],
    [429, /busy or over its quota \(HTTP 429\)/],
    [500, /failed \(HTTP 500\)/],
  ])('turns HTTP %i into an error event and a saved, retryable message', async (status, message) => {
    fake.set({ status });
    const r = await ask(t.app, user.token, '/api/ai/chat/completion', { input: 'Will this fail?' });
    expect(r.done).toBe(true);
    const last = r.events.at(-1)!;
    expect(last.error).toMatch(message);
    const answer = latestAnswer(await history(t.app, user.token, last.conversationId));
    expect(answer).toMatchObject({ status: 'ERROR', error: last.error });

    // Retrying once the server is back gives a second version.
    fake.set({ text: 'Recovered.' });
    const retry = await ask(
      t.app,
      user.token,
      `/api/ai/chat/retry/${last.conversationId}/${last.userMessageId}/${last.responseId}`,
    );
    expect(retry.text).toBe('Recovered.');
    const after = latestAnswer(await history(t.app, user.token, last.conversationId));
    expect(after).toMatchObject({ status: 'COMPLETE', content: 'Recovered.' });
    expect((after.versions as { status: string }[]).map((v) => v.status)).toEqual(['ERROR', 'COMPLETE']);
  });

  it('reports a stream cut halfway and keeps what arrived', async () => {
    fake.set({ text: 'aaaa bbbb cccc dddd eeee ffff', pieces: 6, cutAfter: 3, pieceDelayMs: 5 });
    const r = await ask(t.app, user.token, '/api/ai/chat/completion', { input: 'Cut me off' });
    expect(r.done).toBe(true);
    // What was written before the socket was destroyed may or may not have been flushed; it is never the whole.
    expect(r.text.length).toBeGreaterThan(0);
    expect('aaaa bbbb cccc '.startsWith(r.text)).toBe(true);
    expect(r.events.at(-1)!.error).toMatch(/broke off/);
    const answer = latestAnswer(await history(t.app, user.token, r.events[0]!.conversationId));
    expect(answer).toMatchObject({ status: 'ERROR', content: r.text });
  });

  it('gives up on a first token slower than AI_TIMEOUT_MS with an error event', async () => {
    fake.set({ firstTokenDelayMs: 2000 });
    const started = Date.now();
    const r = await ask(t.app, user.token, '/api/ai/chat/completion', { input: 'Slow model' });
    expect(Date.now() - started).toBeLessThan(1900);
    expect(r.events.at(-1)!.error).toMatch(/did not answer within 0.6 seconds/);
    const answer = latestAnswer(await history(t.app, user.token, r.events[0]!.conversationId));
    expect(answer.status).toBe('ERROR');
  });

  it('answers 502 with the reason in JSON mode when the model fails', async () => {
    fake.set({ status: 500 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/chat/completion',
      headers: bearer(user.token),
      payload: { input: 'JSON failure' },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringMatching(/HTTP 500/) });
  });
});

describe('stop, disconnect and retry', () => {
  async function openStream(input: string, conversationId?: string) {
    const controller = new AbortController();
    const res = await fetch(`${base}/api/ai/chat/completion`, {
      method: 'POST',
      headers: { ...bearer(user.token), 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ input, conversationId }),
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let body = '';
    const readUntil = async (ok: (b: string) => boolean) => {
      while (!ok(body)) {
        const { value, done } = await reader.read();
        if (done) break;
        body += decoder.decode(value, { stream: true });
      }
      return parseSse(body);
    };
    return { controller, readUntil };
  }

  it('stop ends generation upstream and keeps the partial answer, marked stopped', async () => {
    fake.set({ text: 'one two three four five six seven eight nine ten', pieces: 10, pieceDelayMs: 150 });
    const stream = await openStream('Tell me a long story');
    const partial = await stream.readUntil((b) => (b.match(/"content"/g) ?? []).length >= 2);
    const id = partial.events[0]!.conversationId;
    const stop = await t.app.inject({
      method: 'POST',
      url: `/api/ai/chat/stop/${id}`,
      headers: bearer(user.token),
    });
    expect(stop.statusCode).toBe(200);
    expect(stop.json()).toEqual({
      message: 'Generation stopped',
      data: { conversationId: id, stopped: true },
    });
    const all = await stream.readUntil((b) => b.includes('[DONE]'));
    expect(all.done).toBe(true);
    expect(all.text.length).toBeGreaterThan(0);
    expect(all.text.length).toBeLessThan('one two three four five six seven eight nine ten'.length);
    const answer = latestAnswer(await history(t.app, user.token, id));
    expect(answer).toMatchObject({ status: 'STOPPED', content: all.text });
  });

  it('a new chat named by the client: its first event comes once its history can be read', async () => {
    fake.set({ firstTokenDelayMs: 300 });
    const conversationId = randomUUID();
    const stream = await openStream('Name it myself', conversationId);
    const first = await stream.readUntil((b) => b.includes('\n\n'));
    expect(first.events[0]).toMatchObject({ conversationId });
    // No text yet (the model takes 300 ms), but the question is already saved and readable.
    const early = await history(t.app, user.token, conversationId);
    expect(early.data.items.map((i: { role: string; status: string }) => [i.role, i.status])).toEqual([
      ['user', 'COMPLETE'],
      ['assistant', 'STREAMING'],
    ]);
    const all = await stream.readUntil((b) => b.includes('[DONE]'));
    expect(all.text).toBe(
      'Start with five customer interviews this week, then pick the riskiest assumption to test.',
    );
  });

  it('stop works on a new chat before any event has arrived', async () => {
    fake.set({ firstTokenDelayMs: 400 });
    const conversationId = randomUUID();
    const stream = await openStream('Stop me at once', conversationId);
    const stop = await t.app.inject({
      method: 'POST',
      url: `/api/ai/chat/stop/${conversationId}`,
      headers: bearer(user.token),
    });
    expect(stop.json()).toEqual({
      message: 'Generation stopped',
      data: { conversationId, stopped: true },
    });
    const all = await stream.readUntil((b) => b.includes('[DONE]'));
    expect(all.done).toBe(true);
    expect(all.text).toBe('');
    const answer = latestAnswer(await history(t.app, user.token, conversationId));
    expect(answer).toMatchObject({ status: 'STOPPED', content: '' });
  });

  it('a stop flag written by another instance is picked up by the generating one', async () => {
    fake.set({ text: 'one two three four five six seven eight nine ten', pieces: 10, pieceDelayMs: 150 });
    const stream = await openStream('Another long story');
    const partial = await stream.readUntil((b) => (b.match(/"content"/g) ?? []).length >= 2);
    const { responseId, conversationId } = partial.events[0]!;
    // Simulate instance B: it only writes the row flag (no in-memory access to this generation).
    const { sql } = await import('drizzle-orm');
    await t.app.db.execute(sql`update ai_messages set stop_requested_at = now() where id = ${responseId}`);
    const all = await stream.readUntil((b) => b.includes('[DONE]'));
    expect(all.text.length).toBeLessThan('one two three four five six seven eight nine ten'.length);
    const answer = latestAnswer(await history(t.app, user.token, conversationId));
    expect(answer.status).toBe('STOPPED');
  });

  it('a client that disconnects does not stop the answer: it finishes and is saved', async () => {
    const text = 'alpha beta gamma delta epsilon zeta eta theta';
    fake.set({ text, pieces: 8, pieceDelayMs: 60 });
    const stream = await openStream('Disconnect halfway');
    const partial = await stream.readUntil((b) => (b.match(/"content"/g) ?? []).length >= 1);
    const id = partial.events[0]!.conversationId;
    stream.controller.abort();
    const h = await eventually(
      () => history(t.app, user.token, id),
      (value) => latestAnswer(value)?.status === 'COMPLETE',
    );
    expect(latestAnswer(h)).toMatchObject({ status: 'COMPLETE', content: text });
  });

  it('retry makes a new version and keeps the earlier ones in history', async () => {
    fake.set({ text: 'Version one.' });
    const first = await ask(t.app, user.token, '/api/ai/chat/completion', { input: 'Retry me' });
    const { conversationId, userMessageId, responseId } = first.events[0]!;
    fake.set({ text: 'Version two.' });
    const second = await ask(
      t.app,
      user.token,
      `/api/ai/chat/retry/${conversationId}/${userMessageId}/${responseId}`,
    );
    expect(second.events[0]!.userMessageId).toBe(userMessageId);
    expect(second.events[0]!.responseId).not.toBe(responseId);
    expect(second.text).toBe('Version two.');
    const h = await history(t.app, user.token, conversationId);
    expect(h.data.items).toHaveLength(2);
    const answer = latestAnswer(h);
    expect(answer).toMatchObject({
      id: second.events[0]!.responseId,
      content: 'Version two.',
      messageId: userMessageId,
    });
    expect((answer.versions as { id: string; content: string }[]).map((v) => [v.id, v.content])).toEqual([
      [responseId, 'Version one.'],
      [second.events[0]!.responseId, 'Version two.'],
    ]);
    // The retried prompt does not contain the earlier answer.
    const messages = fake.calls.filter((c) => c.body.stream).at(-1)!.body.messages as { role: string }[];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);

    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/ai/chat/retry/${conversationId}/${responseId}/${userMessageId}`,
      headers: bearer(user.token),
    });
    expect(wrong.statusCode).toBe(404);
  });
});

describe('a model server that cannot be reached', () => {
  it('answers with an error event saying so, and saves the answer as failed', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const offline = await createTestApp({
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: `http://127.0.0.1:${port}/v1`,
      AI_MODEL: 'fake-model',
      AI_FALLBACK: 'off',
    });
    try {
      const founder = await readyUser(offline.app);
      const r = await ask(offline.app, founder.token, '/api/ai/chat/completion', { input: 'Anyone there?' });
      expect(r.done).toBe(true);
      expect(r.events.at(-1)!.error).toMatch(/could not be reached/);
      const answer = latestAnswer(await history(offline.app, founder.token, r.events[0]!.conversationId));
      expect(answer).toMatchObject({ status: 'ERROR', error: r.events.at(-1)!.error });
    } finally {
      await offline.close();
    }
  });
});
