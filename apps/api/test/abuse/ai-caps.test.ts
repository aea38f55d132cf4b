import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, readyUser } from '../helpers/accounts.js';
import { appWithFakeModel, ask } from '../ai/support.js';

// What one founder may spend on the (billed) model and speech engines.
let env: Awaited<ReturnType<typeof appWithFakeModel>>;
beforeAll(async () => {
  env = await appWithFakeModel({
    AI_MAX_RUNNING_ANSWERS: '2',
    AI_ANSWERS_PER_HOUR: '4',
    AI_SPEECH_PER_HOUR: '2',
    AI_TRANSCRIPTIONS_PER_HOUR: '1',
  });
});
afterAll(async () => env.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a founder's AI caps", () => {
  it('runs two answers at once, refuses a third with when to try again, and counts answers per hour', async () => {
    const { t, fake, user } = env;
    fake.set({ pieces: 8, pieceDelayMs: 100 });
    const running = [
      ask(t.app, user.token, '/api/ai/chat/completion', { input: 'First question?' }),
      ask(t.app, user.token, '/api/ai/chat/completion', { input: 'Second question?' }),
    ];
    await sleep(300);
    const third = await ask(t.app, user.token, '/api/ai/chat/completion', { input: 'Third question?' });
    expect(third.res.statusCode).toBe(429);
    expect(third.res.headers['retry-after']).toBe('10');
    expect(third.res.json().message).toBe(
      'You already have 2 answers being written. Try again when one has finished, in about 10 seconds.',
    );
    // Another founder is not held back by this one's answers.
    const other = await readyUser(t.app);
    expect((await ask(t.app, other.token, '/api/ai/chat/completion', { input: 'Mine?' })).done).toBe(true);
    for (const answer of await Promise.all(running)) expect(answer.done).toBe(true);

    // A finished answer frees its slot; the hour's budget (4) counts the answers that ran, not the refused.
    fake.set({});
    expect((await ask(t.app, user.token, '/api/ai/chat/completion', { input: 'Third again?' })).done).toBe(
      true,
    );
    expect((await ask(t.app, user.token, '/api/ai/chat/completion', { input: 'Fourth?' })).done).toBe(true);
    const fifth = await ask(t.app, user.token, '/api/ai/chat/completion', { input: 'Fifth?' });
    expect(fifth.res.statusCode).toBe(429);
    expect(Number(fifth.res.headers['retry-after'])).toBeGreaterThan(3500);
    expect(fifth.res.json().message).toBe(
      "You have used this hour's 4 coach answers. Try again in 60 minutes.",
    );
  });

  it('budgets read-alouds and transcriptions per hour', async () => {
    const { t } = env;
    const founder = await readyUser(t.app);
    const tts = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/ai/tts',
        headers: bearer(founder.token),
        payload: { text: 'Hello founder' },
      });
    expect((await tts()).statusCode).not.toBe(429);
    expect((await tts()).statusCode).not.toBe(429);
    const third = await tts();
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe("You have used this hour's 2 read-alouds. Try again in 60 minutes.");
    expect(third.headers['retry-after']).toBeDefined();

    const stt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/ai/stt',
        headers: { ...bearer(founder.token), 'content-type': 'multipart/form-data; boundary=x' },
        payload:
          '--x\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\nRIFF\r\n--x--\r\n',
      });
    expect((await stt()).statusCode).not.toBe(429);
    const second = await stt();
    expect(second.statusCode).toBe(429);
    expect(second.json().message).toBe("You have used this hour's 1 transcription. Try again in 60 minutes.");
  });
});
