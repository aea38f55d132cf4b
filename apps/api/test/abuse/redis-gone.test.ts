import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageCaps } from '../../src/features/ai/conversations/usage-caps.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { freePort } from '../helpers/server-process.js';

// Redis going away under an instance: the limits and caps it shares are counted by the instance alone until it
// is back (docs/deploy.md), and no call fails for it. A Redis of the test's own, killed as a crash kills it.
const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
if (!hasRedis) console.warn('skipping Redis going away: no redis-server on this machine');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startRedis(port: number): Promise<ChildProcess> {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  const child = spawn('redis-server', args, { stdio: 'ignore' });
  const probe = new Redis(port, '127.0.0.1', {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => {}); // refused until it listens
  for (let i = 0; ; i++) {
    try {
      await probe.connect();
      await probe.ping();
      break;
    } catch {
      if (i > 100) throw new Error('redis-server did not start');
      probe.disconnect();
      await sleep(50);
    }
  }
  probe.disconnect();
  return child;
}

async function kill(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

describe.skipIf(!hasRedis)('Redis gone', () => {
  let port: number;
  let redis: ChildProcess;
  let t: TestApp;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    t = await createTestApp({
      REDIS_URL: `redis://127.0.0.1:${port}`,
      CREDENTIAL_RATE_LIMIT_PER_MINUTE: '3',
      MAIL_COOLDOWN_SECONDS: '60',
      AI_MAX_RUNNING_ANSWERS: '1',
      AI_SPEECH_PER_HOUR: '2',
    });
    // Shared while Redis is there: a count made here is in Redis.
    const key = `check:${randomUUID()}`;
    await t.app.limiter.hit(key, 5, 60);
    const client = new Redis(port, '127.0.0.1');
    expect(await client.get(`liftoff:limit:${key}`)).toBe('1');
    client.disconnect();
  });
  afterAll(async () => {
    await t?.close();
    if (redis) await kill(redis);
  });

  it('keeps every limit and cap on the instance, answers no 5xx, and shares them again once Redis is back', async () => {
    await kill(redis);
    await sleep(100);

    // The per-IP limit of a credential route still holds, counted here: three answered, the fourth refused.
    const from = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const started = Date.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/send-reset-password-link',
        remoteAddress: from,
        payload: { email: `gone-${randomUUID()}@example.com` },
      });
      expect(Date.now() - started).toBeLessThan(5000); // no call waits on the Redis that is gone
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);

    // Any other call answers as usual.
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', remoteAddress: '198.51.100.251' });
    expect(me.statusCode).toBe(401);

    // The AI caps hold too: one answer at a time, two read-alouds an hour.
    const founder = randomUUID();
    const caps = usageCaps(t.app.limiter, t.config);
    const done = await caps.admitAnswer(founder);
    await expect(caps.admitAnswer(founder)).rejects.toMatchObject({ statusCode: 429 });
    done();
    await caps.spend('speech', founder);
    await caps.spend('speech', founder);
    await expect(caps.spend('speech', founder)).rejects.toMatchObject({ statusCode: 429 });

    // Redis back on its address: counts are shared again once the client has reconnected.
    redis = await startRedis(port);
    const key = `back:${randomUUID()}`;
    const client = new Redis(port, '127.0.0.1');
    let shared: string | null = null;
    for (let i = 0; i < 100 && shared === null; i++) {
      await t.app.limiter.hit(key, 100, 60);
      shared = await client.get(`liftoff:limit:${key}`);
      if (shared === null) await sleep(100);
    }
    client.disconnect();
    expect(shared).not.toBeNull();
  }, 30_000);
});
