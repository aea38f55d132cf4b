import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageCaps } from '../../src/features/ai/conversations/usage-caps.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

// Two API instances on one Redis count one founder's AI use together. CI starts Redis and sets TEST_REDIS_URL.
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('TEST_REDIS_URL is not set: skipping the AI caps shared through Redis');

describe.skipIf(!redisUrl)('AI caps across instances (Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl!, AI_MAX_RUNNING_ANSWERS: '2', AI_SPEECH_PER_HOUR: '2' };
    [a, b] = [await createTestApp(env), await createTestApp(env)];
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('answers running on one instance count on the other, and a finished one frees its slot everywhere', async () => {
    const founder = randomUUID();
    const [onA, onB] = [usageCaps(a.app.limiter, a.config), usageCaps(b.app.limiter, b.config)];
    const first = await onA.admitAnswer(founder);
    await onB.admitAnswer(founder);
    await expect(onB.admitAnswer(founder)).rejects.toMatchObject({ statusCode: 429 });
    await expect(onA.admitAnswer(founder)).rejects.toMatchObject({ statusCode: 429 });
    first();
    await new Promise((resolve) => setTimeout(resolve, 50)); // the release is a round trip of its own
    expect(typeof (await onB.admitAnswer(founder))).toBe('function');
  });

  it("read-alouds on either instance use one hour's budget", async () => {
    const founder = randomUUID();
    const [onA, onB] = [usageCaps(a.app.limiter, a.config), usageCaps(b.app.limiter, b.config)];
    await onA.spend('speech', founder);
    await onB.spend('speech', founder);
    await expect(onA.spend('speech', founder)).rejects.toMatchObject({
      statusCode: 429,
      message: expect.stringMatching(
        /^You have used this hour's 2 read-alouds\. Try again in (59|60) minutes\.$/,
      ),
    });
  });
});
