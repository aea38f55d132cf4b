import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLAG_WORKSPACE_AI } from '@liftoff/contracts/flags';
import { users } from '../../src/features/auth/tables.js';
import { flagsRepository } from '../../src/features/flags/repository.js';
import type { TestApp } from '../helpers/app.js';
import { bearer, readyUser, signup } from '../helpers/accounts.js';
import { appWithFakeModel, ask } from './support.js';

type Fixture = Awaited<ReturnType<typeof appWithFakeModel>>;

// The chat routes load the caller's standing while they prepare the answer (so it does not delay the first
// token); a caller who may not ask still gets only the refusal, and nothing is saved or sent to the model.
let t: TestApp;
let fake: Fixture['fake'];
let ada: Fixture['user'];
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, fake, user: ada, close } = await appWithFakeModel());
});
afterAll(() => close());

const conversationsOf = async (userId: string) => {
  const result = await t.app.db.execute(sql`select id from ai_conversations where user_id = ${userId}`);
  return (result as unknown as { rows: unknown[] }).rows.length;
};

/**
 * The three ways to ask, against a conversation and message of Ada's: each call's [status, code], and how many
 * requests the model server received for them.
 */
async function askEveryWay(token: string) {
  const first = await ask(t.app, ada.token, '/api/ai/chat/completion', {
    input: 'How do I price my product?',
  });
  const { conversationId, userMessageId, responseId } = first.events[0]!;
  // Ada's answer (and its follow-up call) is complete once her stream has ended.
  const callsBefore = fake.calls.length;
  const answers = [
    await ask(t.app, token, '/api/ai/chat/completion', { input: 'How do I find my first customers?' }),
    await ask(t.app, token, `/api/ai/chat/continue/${conversationId}`, { input: 'And then?' }),
    await ask(t.app, token, `/api/ai/chat/retry/${conversationId}/${userMessageId}/${responseId}`),
    // A body that fails validation is refused for who is asking first, as on every other route.
    await ask(t.app, token, '/api/ai/chat/completion', { input: '' }),
  ].map(({ res }) => [res.statusCode, res.statusCode === 200 ? 'streamed' : res.json().code]);
  return { answers, modelCalls: fake.calls.length - callsBefore };
}

/** Every way of asking is refused with this status and code; nothing is saved and the model hears nothing. */
async function expectRefusedEverywhere(
  account: { token: string; user: { id: string } },
  refusal: [number, string],
) {
  const { answers, modelCalls } = await askEveryWay(account.token);
  expect(answers).toEqual(Array(4).fill(refusal));
  expect(modelCalls).toBe(0);
  expect(await conversationsOf(account.user.id)).toBe(0);
}

describe('who may ask the coach', () => {
  it('answers an unverified founder 403 on every chat call, saving nothing and asking no model', async () => {
    await expectRefusedEverywhere(await signup(t.app), [403, 'EMAIL_NOT_VERIFIED']);
  });

  it('answers a deleted account 401 with a token that is still signed, saving nothing', async () => {
    const gone = await readyUser(t.app);
    const before = await ask(t.app, gone.token, '/api/ai/chat/completion', { input: 'Hello coach?' });
    expect(before.res.statusCode).toBe(200);
    await t.app.db.delete(users).where(eq(users.id, gone.user.id));
    await expectRefusedEverywhere(gone, [401, 'TOKEN_INVALID']);
  });

  it("still answers 404 for another founder's conversation, and 401 without a valid token", async () => {
    const bob = await readyUser(t.app);
    const { answers, modelCalls } = await askEveryWay(bob.token);
    expect(answers[0]).toEqual([200, 'streamed']);
    expect(modelCalls).toBeGreaterThan(0);
    expect(answers.slice(1)).toEqual([
      [404, 'NOT_FOUND'],
      [404, 'NOT_FOUND'],
      [400, 'VALIDATION_FAILED'],
    ]);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/ai/chat/completion',
      payload: { input: 'Hi' },
    });
    expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 'UNAUTHORIZED']);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/ai/chat/completion',
      headers: bearer(`${ada.token.slice(0, -4)}AAAA`),
      payload: { input: 'Hi' },
    });
    expect(forged.statusCode).toBe(401);
    const unknownConversation = await ask(t.app, bob.token, `/api/ai/chat/continue/${randomUUID()}`, {
      input: 'Hi',
    });
    expect(unknownConversation.res.statusCode).toBe(404);
  });

  it('keeps what the earlier checks refuse: with the workspace off, even an unverified founder hears 404', async () => {
    const unverified = await signup(t.app);
    const flags = flagsRepository(t.app.db);
    await flags.set(FLAG_WORKSPACE_AI, false);
    try {
      for (const payload of [{ input: 'Hello?' }, { input: '' }]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/ai/chat/completion',
          headers: bearer(unverified.token),
          payload,
        });
        expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
      }
    } finally {
      await flags.set(FLAG_WORKSPACE_AI, true);
    }
  });
});
