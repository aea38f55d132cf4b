import { randomUUID } from 'node:crypto';
import { FLAG_WORKSPACE_AI } from '@liftoff/contracts/flags';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flagsRepository } from '../../src/features/flags/repository.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { bearer, readyUser } from '../helpers/accounts.js';
import { ask, history } from './support.js';

// Sessions (spec section 4), history paging, search, feedback, the flag and ownership.
let t: TestApp;
let ada: Awaited<ReturnType<typeof readyUser>>;
let bob: Awaited<ReturnType<typeof readyUser>>;
beforeAll(async () => {
  t = await createTestApp({ AI_OFFLINE_CHUNK_DELAY_MS: '0' });
  [ada, bob] = [await readyUser(t.app), await readyUser(t.app)];
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = ada.token, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const titles = async (url: string, token = ada.token) =>
  (await call('GET', url, token)).json().data.items.map((s: { title: string }) => s.title);

describe('chat sessions', () => {
  it('create puts a session on top; the same conversationId replaces it and moves it up', async () => {
    const a = (await call('POST', '/api/ai/chat-sessions', ada.token, { title: 'Alpha' })).json();
    expect(a).toEqual({
      message: 'Chat session created successfully',
      data: {
        conversationId: expect.any(String),
        title: 'Alpha',
        isArchived: false,
        createdAt: expect.any(String),
        lastActivityAt: expect.any(String),
      },
    });
    await call('POST', '/api/ai/chat-sessions', ada.token, { title: 'Beta' });
    expect((await titles('/api/ai/chat-sessions')).slice(0, 2)).toEqual(['Beta', 'Alpha']);
    const again = await call('POST', '/api/ai/chat-sessions', ada.token, {
      conversationId: a.data.conversationId,
      title: 'Alpha again',
    });
    expect(again.statusCode).toBe(201);
    const list = (await call('GET', '/api/ai/chat-sessions')).json().data;
    expect(
      list.items.filter((s: { conversationId: string }) => s.conversationId === a.data.conversationId),
    ).toHaveLength(1);
    expect(list.items[0].title).toBe('Alpha again');
  });

  it('rename, archive, unarchive (back on top) and delete (gone from both lists)', async () => {
    const s = (await call('POST', '/api/ai/chat-sessions', ada.token, { title: 'Gamma' })).json().data;
    await call('POST', '/api/ai/chat-sessions', ada.token, { title: 'Delta' });
    const renamed = await call('PUT', `/api/ai/chat-sessions/${s.conversationId}`, ada.token, {
      title: 'Gamma renamed',
    });
    expect(renamed.json()).toMatchObject({
      message: 'Chat session updated successfully',
      data: { title: 'Gamma renamed' },
    });
    const archived = await call('PUT', `/api/ai/chat-sessions/${s.conversationId}/archive`);
    expect(archived.json()).toMatchObject({
      message: 'Chat session archived successfully',
      data: { isArchived: true },
    });
    expect(await titles('/api/ai/chat-sessions')).not.toContain('Gamma renamed');
    expect(await titles('/api/ai/chat-sessions/archived')).toContain('Gamma renamed');
    const restored = await call('PUT', `/api/ai/chat-sessions/${s.conversationId}/unarchive`);
    expect(restored.json()).toMatchObject({
      message: 'Chat session restored successfully',
      data: { isArchived: false },
    });
    expect((await titles('/api/ai/chat-sessions'))[0]).toBe('Gamma renamed');
    expect(await titles('/api/ai/chat-sessions/archived')).not.toContain('Gamma renamed');
    const got = await call('GET', `/api/ai/chat-sessions/${s.conversationId}`);
    expect(got.json().data).toMatchObject({
      conversationId: s.conversationId,
      title: 'Gamma renamed',
      isArchived: false,
    });
    await call('PUT', `/api/ai/chat-sessions/${s.conversationId}/archive`);
    const deleted = await call('DELETE', `/api/ai/chat-sessions/${s.conversationId}`);
    expect(deleted.json()).toEqual({ message: 'Chat session deleted successfully', data: {} });
    expect(await titles('/api/ai/chat-sessions')).not.toContain('Gamma renamed');
    expect(await titles('/api/ai/chat-sessions/archived')).not.toContain('Gamma renamed');
    expect((await call('GET', `/api/ai/chat-sessions/${s.conversationId}`)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/ai/chat-sessions/${s.conversationId}`, ada.token, { title: '' })).statusCode,
    ).toBe(400);
  });

  it('lists page and search; the archived list pages 20 by default', async () => {
    const u = await readyUser(t.app);
    for (let i = 1; i <= 23; i++)
      await call('POST', '/api/ai/chat-sessions', u.token, {
        title: `Topic ${i}${i % 5 === 0 ? ' pricing' : ''}`,
      });
    const page2 = (await call('GET', '/api/ai/chat-sessions?pageNo=2&pageSize=10', u.token)).json().data;
    expect(page2).toMatchObject({ total: 23, pageNo: 2, pageSize: 10, lastPage: 3 });
    expect(page2.items[0].title).toBe('Topic 13');
    expect(await titles('/api/ai/chat-sessions?search=PRICING', u.token)).toEqual([
      'Topic 20 pricing',
      'Topic 15 pricing',
      'Topic 10 pricing',
      'Topic 5 pricing',
    ]);
    const ids = (await call('GET', '/api/ai/chat-sessions?pageSize=100', u.token))
      .json()
      .data.items.map((s: { conversationId: string }) => s.conversationId);
    const bulk = await call('POST', '/api/ai/chat-sessions/bulk', u.token, { action: 'archive', ids });
    expect(bulk.json()).toEqual({
      message: 'Chat sessions archived successfully',
      data: { action: 'archive', affected: 23 },
    });
    const archived = (await call('GET', '/api/ai/chat-sessions/archived', u.token)).json().data;
    expect(archived).toMatchObject({ total: 23, pageNo: 1, pageSize: 20, lastPage: 2 });
    expect(archived.items).toHaveLength(20);
    expect(await titles('/api/ai/chat-sessions/archived?search=topic 2', u.token)).toEqual(
      expect.arrayContaining(['Topic 2', 'Topic 20 pricing', 'Topic 23']),
    );
    // Someone else's ids in a bulk call are not touched.
    const del = await call('POST', '/api/ai/chat-sessions/bulk', bob.token, {
      action: 'delete',
      ids: ids.slice(0, 3),
    });
    expect(del.json().data.affected).toBe(0);
    const mine = await call('POST', '/api/ai/chat-sessions/bulk', u.token, {
      action: 'delete',
      ids: ids.slice(0, 3),
    });
    expect(mine.json()).toEqual({
      message: 'Chat sessions deleted successfully',
      data: { action: 'delete', affected: 3 },
    });
    expect(
      (await call('POST', '/api/ai/chat-sessions/bulk', u.token, { action: 'purge', ids })).statusCode,
    ).toBe(400);
  });
});

describe('history, search and feedback', () => {
  it('pages history from the newest, oldest first within a page', async () => {
    const first = await ask(t.app, ada.token, '/api/ai/chat/completion', {
      input: 'Question one about pricing',
    });
    const id = first.events[0]!.conversationId;
    for (const q of ['Question two about sales', 'Question three about fundraising'])
      await ask(t.app, ada.token, `/api/ai/chat/continue/${id}`, { input: q });
    const all = await history(t.app, ada.token, id);
    expect(all.data).toMatchObject({ total: 6, pageNo: 1, pageSize: 50, lastPage: 1 });
    expect(all.data.items.map((i: { role: string }) => i.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    const newest = await history(t.app, ada.token, id, '?pageNo=1&pageSize=4');
    expect(newest.data.items.map((i: { content: string }) => i.content.slice(0, 18))).toEqual([
      'Question two about',
      expect.any(String),
      'Question three abo',
      expect.any(String),
    ]);
    const older = await history(t.app, ada.token, id, '?pageNo=2&pageSize=4');
    expect(older.data.items[0].content).toBe('Question one about pricing');
    expect(older.data.items).toHaveLength(2);
  });

  it('search ranks matches, highlights them safely and names the conversation', async () => {
    const u = await readyUser(t.app);
    const a = await ask(t.app, u.token, '/api/ai/chat/completion', {
      input: 'Tell me about <script>alert(1)</script> churn churn churn and churn',
    });
    const b = await ask(t.app, u.token, '/api/ai/chat/completion', { input: 'Something about churn once' });
    const res = await call('GET', '/api/ai/chat-history/search?query=churn', u.token);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.pageNo).toBe(1);
    expect(data.pageSize).toBe(50);
    const userHits = data.items.filter((h: { role: string | null }) => h.role === 'user');
    expect(userHits.map((h: { messageId: string }) => h.messageId)).toEqual([
      a.events[0]!.userMessageId,
      b.events[0]!.userMessageId,
    ]);
    expect(userHits[0].snippet).toContain('<mark>churn</mark>');
    expect(userHits[0].snippet).not.toContain('<script>');
    expect(userHits[0].conversation).toEqual({
      id: a.events[0]!.conversationId,
      title: expect.any(String),
      isArchived: false,
    });
    for (let i = 1; i < data.items.length; i++)
      expect(data.items[i - 1].rank).toBeGreaterThanOrEqual(data.items[i].rank);
    // Titles are searched too.
    await call('PUT', `/api/ai/chat-sessions/${b.events[0]!.conversationId}`, u.token, {
      title: 'Quarterly roadmap',
    });
    const byTitle = (await call('GET', '/api/ai/chat-history/search?query=roadmap', u.token)).json().data;
    expect(byTitle.items[0]).toMatchObject({
      messageId: null,
      conversation: { id: b.events[0]!.conversationId },
      snippet: expect.stringContaining('<mark>roadmap</mark>'),
    });
    // Only the caller's own messages.
    expect((await call('GET', '/api/ai/chat-history/search?query=churn', bob.token)).json().data.total).toBe(
      0,
    );
    expect((await call('GET', '/api/ai/chat-history/search', u.token)).statusCode).toBe(400);
  });

  it('search shows each hit as plain text: short ones whole, long answers as the marked passage around the match', async () => {
    const u = await readyUser(t.app);
    const asked = await ask(t.app, u.token, '/api/ai/chat/completion', {
      input: 'How do I run customer interviews?',
    });
    const answer = (await history(t.app, u.token, asked.events[0]!.conversationId)).data.items[1].content;
    // The offline coach answers in Markdown: bold names, a list of linked sources.
    expect(answer).toMatch(/\*\*[^*]+\*\*/);
    expect(answer).toMatch(/^- \[[^\]]+\]\(\/[^)]+\)$/m);

    const { items } = (await call('GET', '/api/ai/chat-history/search?query=interviews', u.token)).json()
      .data;
    const question = items.find((h: { role: string | null }) => h.role === 'user');
    expect(question.snippet).toBe('How do I run customer <mark>interviews</mark>?');
    const title = items.find((h: { messageId: string | null }) => h.messageId === null);
    expect(title.snippet).toBe(title.conversation.title.replace('interviews', '<mark>interviews</mark>'));

    const reply = items.find((h: { role: string | null }) => h.role === 'assistant');
    const text = reply.snippet.replace(/<\/?mark>/g, '');
    expect(reply.snippet).toMatch(/<mark>interviews?<\/mark>/);
    expect(text).not.toMatch(/\*\*|\]\(|\/mission-details\/|\n|(^|\s)- /);
    // A passage of the answer, not all of it, and it says so.
    expect(text.split(' ').length).toBeLessThanOrEqual(22);
    expect(reply.snippet.startsWith('… ') || reply.snippet.endsWith(' …')).toBe(true);
  });

  it('search keeps the web-search syntax and pages with one total, also past the last page', async () => {
    const u = await readyUser(t.app);
    const first = await ask(t.app, u.token, '/api/ai/chat/completion', {
      input: 'Zorblax metrics for pricing',
    });
    const id = first.events[0]!.conversationId;
    for (const input of ['Zorblax metrics for churn', 'Zorblax cohorts', 'Zorblax metrics again'])
      await ask(t.app, u.token, `/api/ai/chat/continue/${id}`, { input });
    const search = async (query: string, paging = '') =>
      (
        await call('GET', `/api/ai/chat-history/search?query=${encodeURIComponent(query)}${paging}`, u.token)
      ).json().data;
    const userHits = (data: { items: { role: string | null; messageId: string }[] }) =>
      data.items.filter((h) => h.role === 'user').map((h) => h.messageId);

    const all = await search('zorblax');
    expect(userHits(all)).toHaveLength(4);
    // A quoted phrase and an excluded word, as in a web search.
    expect(userHits(await search('"zorblax metrics" -pricing'))).toHaveLength(2);
    expect(userHits(await search('zorblax or nonexistentword'))).toHaveLength(4);

    const pages = [];
    for (let pageNo = 1; pageNo <= Math.ceil(all.total / 2); pageNo++) {
      const page = await search('zorblax', `&pageNo=${pageNo}&pageSize=2`);
      expect(page.total).toBe(all.total);
      pages.push(...page.items);
    }
    expect(pages).toEqual(all.items);
    const past = await search('zorblax', `&pageNo=${all.total + 1}&pageSize=2`);
    expect(past.items).toEqual([]);
    expect(past.total).toBe(all.total);
    // Stop words alone match nothing.
    expect((await search('the')).total).toBe(0);
  });

  it('feedback: one per message per user, the second replaces the first, shown in history', async () => {
    const r = await ask(t.app, ada.token, '/api/ai/chat/completion', {
      input: 'Rate this answer about pitch decks',
    });
    const { responseId, conversationId, userMessageId } = r.events[0]!;
    const like = await call('POST', '/api/ai/feedback', ada.token, {
      messageId: responseId,
      feedbackType: 'LIKE',
    });
    expect(like.json()).toMatchObject({
      message: 'Feedback added successfully',
      data: { messageId: responseId, feedbackType: 'LIKE', reason: null },
    });
    const dislike = await call('POST', '/api/ai/feedback', ada.token, {
      messageId: responseId,
      feedbackType: 'DISLIKE',
      reason: 'Not accurate',
      comment: 'Wrong stage',
    });
    expect(dislike.json().data).toMatchObject({
      feedbackType: 'DISLIKE',
      reason: 'Not accurate',
      comment: 'Wrong stage',
    });
    const h = await history(t.app, ada.token, conversationId);
    expect(h.data.items[1].feedback).toMatchObject({ feedbackType: 'DISLIKE', reason: 'Not accurate' });
    const rows = await t.app.db.execute(
      (await import('drizzle-orm'))
        .sql`select count(*)::int as n from ai_feedback where message_id = ${responseId}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    expect(
      (await call('POST', '/api/ai/feedback', bob.token, { messageId: responseId, feedbackType: 'LIKE' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/ai/feedback', ada.token, { messageId: userMessageId, feedbackType: 'LIKE' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/ai/feedback', ada.token, { messageId: responseId, feedbackType: 'MEH' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('ownership and the flag', () => {
  it("another user's conversation answers 404 everywhere", async () => {
    const r = await ask(t.app, ada.token, '/api/ai/chat/completion', {
      input: 'Private question about runway',
    });
    const { conversationId, userMessageId, responseId } = r.events[0]!;
    const attempts = [
      call('GET', `/api/ai/chat-sessions/${conversationId}`, bob.token),
      call('PUT', `/api/ai/chat-sessions/${conversationId}`, bob.token, { title: 'mine' }),
      call('DELETE', `/api/ai/chat-sessions/${conversationId}`, bob.token),
      call('PUT', `/api/ai/chat-sessions/${conversationId}/archive`, bob.token),
      call('GET', `/api/ai/chat-history/${conversationId}`, bob.token),
      call('POST', `/api/ai/chat/continue/${conversationId}`, bob.token, { input: 'hi' }),
      call('POST', `/api/ai/chat/retry/${conversationId}/${userMessageId}/${responseId}`, bob.token),
      call('POST', `/api/ai/chat/stop/${conversationId}`, bob.token),
      call('POST', '/api/ai/chat/completion', bob.token, { input: 'hijack', conversationId }),
      call('POST', '/api/ai/chat-sessions', bob.token, { conversationId, title: 'taken' }),
    ];
    for (const res of await Promise.all(attempts))
      expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
    expect((await history(t.app, ada.token, conversationId)).data.items).toHaveLength(2);
    expect((await call('GET', `/api/ai/chat-history/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('with workspace_ai off every AI call answers 404', async () => {
    const flags = flagsRepository(t.app.db);
    await flags.set(FLAG_WORKSPACE_AI, false);
    try {
      const calls = [
        call('GET', '/api/ai/capabilities'),
        call('GET', '/api/ai/chat-sessions'),
        call('POST', '/api/ai/chat/completion', ada.token, { input: 'hi' }),
        call('GET', '/api/ai/chat-history/search?query=x'),
        call('POST', '/api/ai/tts', ada.token, { text: 'hi' }),
        call('POST', '/api/ai/feedback', ada.token, { messageId: randomUUID(), feedbackType: 'LIKE' }),
      ];
      for (const res of await Promise.all(calls))
        expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
    } finally {
      await flags.set(FLAG_WORKSPACE_AI, true);
    }
    expect((await call('GET', '/api/ai/capabilities')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/ai/capabilities' })).statusCode).toBe(401);
  });

  it('validates the chat body (unknown fields, empty input)', async () => {
    const res = await call('POST', '/api/ai/chat/completion', ada.token, { input: '', model: 'x' });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['input', 'model']);
  });
});
