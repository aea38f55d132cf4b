import type { LightMyRequestResponse } from 'fastify';
import { AI_MEMORY_MAX_COUNT } from '@liftoff/contracts/ai-memory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, readyUser } from '../helpers/accounts.js';
import { appWithFakeModel, ask } from './support.js';

type Fixture = Awaited<ReturnType<typeof appWithFakeModel>>;
type Memory = { id: string; content: string; createdAt: string; updatedAt: string };

// The founder's memories: theirs to list, edit and delete, read into their later conversations' prompts, and
// never reachable by another person.
let fake: Fixture['fake'];
let t: Fixture['t'];
let user: Fixture['user'];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ fake, t, user, close } = await appWithFakeModel());
});
afterAll(() => close());

const call = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
): Promise<LightMyRequestResponse> => t.app.inject({ method, url, headers: bearer(token), payload });
const listOf = async (token: string) =>
  ((await call(token, 'GET', '/api/ai/memories')).json() as { data: { items: Memory[] } }).data.items;
const systemPrompts = () =>
  fake.calls
    .filter((c) => c.body.stream)
    .map((c) => (c.body.messages as { role: string; content: string }[])[0]!.content);

describe('the coach’s memory', () => {
  it('keeps, lists, edits and deletes what the founder asks it to keep', async () => {
    const created = await call(user.token, 'POST', '/api/ai/memories', {
      content: '  Our customers are dental clinics in Lyon.  ',
    });
    expect(created.statusCode).toBe(201);
    const first = (created.json() as { data: Memory }).data;
    expect(first.content).toBe('Our customers are dental clinics in Lyon.');
    await call(user.token, 'POST', '/api/ai/memories', { content: 'We charge 49 euros a month per chair.' });
    expect((await listOf(user.token)).map((m) => m.content)).toEqual([
      'Our customers are dental clinics in Lyon.',
      'We charge 49 euros a month per chair.',
    ]);

    const edited = await call(user.token, 'PUT', `/api/ai/memories/${first.id}`, {
      content: 'Our customers are dental clinics in Lyon and Grenoble.',
    });
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as { data: Memory }).data.content).toBe(
      'Our customers are dental clinics in Lyon and Grenoble.',
    );

    expect((await call(user.token, 'DELETE', `/api/ai/memories/${first.id}`)).statusCode).toBe(200);
    expect((await listOf(user.token)).map((m) => m.content)).toEqual([
      'We charge 49 euros a month per chair.',
    ]);
    expect((await call(user.token, 'DELETE', `/api/ai/memories/${first.id}`)).statusCode).toBe(404);
  });

  it('refuses an empty or overlong memory, naming the field', async () => {
    for (const content of ['   ', 'x'.repeat(501)]) {
      const r = await call(user.token, 'POST', '/api/ai/memories', { content });
      expect(r.statusCode).toBe(400);
      expect(r.body).toContain('content');
    }
    const bad = await call(user.token, 'PUT', '/api/ai/memories/not-an-id', { content: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('id');
  });

  it('is never seen, edited or deleted by another person', async () => {
    const mine = (
      (
        await call(user.token, 'POST', '/api/ai/memories', {
          content: 'We decided to drop the hospital market.',
        })
      ).json() as {
        data: Memory;
      }
    ).data;
    const other = await readyUser(t.app);
    expect(await listOf(other.token)).toEqual([]);
    expect(
      (await call(other.token, 'PUT', `/api/ai/memories/${mine.id}`, { content: 'mine now' })).statusCode,
    ).toBe(404);
    expect((await call(other.token, 'DELETE', `/api/ai/memories/${mine.id}`)).statusCode).toBe(404);
    expect((await listOf(user.token)).map((m) => m.content)).toContain(
      'We decided to drop the hospital market.',
    );

    // Nor does it reach another founder's conversation with the coach.
    fake.calls.length = 0;
    await ask(t.app, other.token, '/api/ai/chat/completion', { input: 'How do I price my product?' });
    expect(systemPrompts().join('\n')).not.toContain('hospital market');
  });

  it('reaches a later conversation’s model request, and an edit or delete counts at once', async () => {
    const saved = (
      (
        await call(user.token, 'POST', '/api/ai/memories', {
          content: 'Our pilot customer is Clinique Bellecour.',
        })
      ).json() as {
        data: Memory;
      }
    ).data;
    fake.calls.length = 0;
    const r = await ask(t.app, user.token, '/api/ai/chat/completion', {
      input: 'How should I run my next pilot?',
    });
    expect(r.done).toBe(true);
    expect(systemPrompts()[0]).toContain('Our pilot customer is Clinique Bellecour.');

    await call(user.token, 'PUT', `/api/ai/memories/${saved.id}`, {
      content: 'Our pilot customer is Clinique Saint-Jean.',
    });
    fake.calls.length = 0;
    await ask(t.app, user.token, '/api/ai/chat/completion', { input: 'How should I run my next pilot?' });
    expect(systemPrompts()[0]).toContain('Clinique Saint-Jean');
    expect(systemPrompts()[0]).not.toContain('Clinique Bellecour');

    await call(user.token, 'DELETE', `/api/ai/memories/${saved.id}`);
    fake.calls.length = 0;
    await ask(t.app, user.token, '/api/ai/chat/completion', { input: 'How should I run my next pilot?' });
    expect(systemPrompts()[0]).not.toContain('Clinique');
  });

  it("goes with the founder's data export, and nobody else's", async () => {
    await call(user.token, 'POST', '/api/ai/memories', { content: 'We sell through dental wholesalers.' });
    const other = await readyUser(t.app);
    await call(other.token, 'POST', '/api/ai/memories', { content: 'Secret plan Nightjar.' });
    const exported = await call(user.token, 'GET', '/api/auth/account/export');
    expect(exported.statusCode).toBe(200);
    const data = JSON.parse(exported.body) as { coachMemories: { content: string; userId?: string }[] };
    expect(data.coachMemories.map((m) => m.content)).toContain('We sell through dental wholesalers.');
    expect(exported.body).not.toContain('Nightjar');
  });

  it(`keeps at most ${AI_MEMORY_MAX_COUNT} per founder and says so with a 409`, async () => {
    const founder = await readyUser(t.app);
    for (let i = 0; i < AI_MEMORY_MAX_COUNT; i += 1)
      expect(
        (await call(founder.token, 'POST', '/api/ai/memories', { content: `Fact ${i}` })).statusCode,
      ).toBe(201);
    const over = await call(founder.token, 'POST', '/api/ai/memories', { content: 'One more' });
    expect(over.statusCode).toBe(409);
    expect(over.body).toMatch(/up to 50 memories/);
  });
});
