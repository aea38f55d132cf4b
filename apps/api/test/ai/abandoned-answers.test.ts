import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { appWithFakeModel, ask, eventually, history } from './support.js';

type Fixture = Awaited<ReturnType<typeof appWithFakeModel>>;

// An instance that dies mid-answer leaves the answer marked STREAMING; the others end it so it can be retried.
let fake: Fixture['fake'];
let t: TestApp;
let user: Fixture['user'];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ fake, t, user, close } = await appWithFakeModel({
    AI_STOP_POLL_MS: '50',
    // One second of silence marks an answer as abandoned; live answers beat six times as often.
    AI_ABANDONED_AFTER_MS: '1000',
  }));
});
afterAll(() => close());

type Item = { role: string; status: string; content: string; error: string | null };
const answerOf = (h: { data?: { items?: Item[] } }) =>
  (h.data?.items ?? []).filter((i) => i.role === 'assistant').at(-1);

describe('answers abandoned by a stopped instance', () => {
  it('end as failed with their text kept, so the founder can retry them', async () => {
    fake.set({ text: 'Half of an answer that was being written.' });
    const asked = await ask(t.app, user.token, '/api/ai/chat/completion', { input: 'Interrupted question' });
    const { conversationId, responseId } = asked.events[0]!;
    // As an instance that died would leave it: still streaming, last written a while ago.
    await t.app.db.execute(
      sql`update ai_messages set status = 'STREAMING', updated_at = now() - interval '1 hour' where id = ${responseId}`,
    );
    const h = await eventually(
      () => history(t.app, user.token, conversationId),
      (value) => answerOf(value)?.status !== 'STREAMING',
    );
    expect(answerOf(h)).toMatchObject({
      status: 'ERROR',
      content: 'Half of an answer that was being written.',
      error: 'This answer was interrupted because the server stopped while writing it. Please try again.',
    });
  });

  it('leave an answer that is still being written alone, however long it takes', async () => {
    const text = 'one two three four five six seven eight nine ten';
    // About 2.5 seconds of streaming: longer than the silence that marks an abandoned answer.
    fake.set({ text, pieces: 10, pieceDelayMs: 250 });
    const asked = await ask(t.app, user.token, '/api/ai/chat/completion', { input: 'A slow answer' });
    expect(asked.done).toBe(true);
    expect(asked.text).toBe(text);
    const answer = answerOf(await history(t.app, user.token, asked.events[0]!.conversationId));
    expect(answer).toMatchObject({ status: 'COMPLETE', content: text, error: null });
  });
});
