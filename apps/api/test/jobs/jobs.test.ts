import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import type { DatabaseConfig } from '../../src/config.js';
import { bearer } from '../helpers/accounts.js';
import { personWith } from '../helpers/team.js';
import { appOn, lastingDatabase } from './support.js';

// Durable jobs as the rest of the app uses them: stored in the app's database, taken by one instance,
// retried with backoff, listed for the admins. Each test defines a kind of its own on a real app.
let database: DatabaseConfig;
let drop: () => Promise<void>;
let app: App;
const ran: Array<{ name: string; data: object; attempt: number }> = [];
let failuresLeft = 0;

function defineKinds(target: App) {
  target.jobs.define<{ n: number }>({
    name: 'test.record',
    run: async (data, job) => void ran.push({ name: 'test.record', data, attempt: job.attempt }),
  });
  target.jobs.define<{ n: number }>({
    name: 'test.flaky',
    attempts: 3,
    retryDelaySeconds: 60,
    run: async (data, job) => {
      ran.push({ name: 'test.flaky', data, attempt: job.attempt });
      if (failuresLeft-- > 0) throw new Error(`refused on try ${job.attempt}`);
    },
  });
}

beforeAll(async () => {
  ({ database, drop } = await lastingDatabase());
  app = await appOn(database, defineKinds);
  // An embedded database on disk opens and migrates more slowly than one in memory.
}, 120_000);
afterAll(async () => {
  await app?.close();
  await drop?.();
});

/** Moves a waiting job's next try to now, as the wait for its backoff ending would (the queue keeps time in the database). */
const endBackoff = (id: string) =>
  app.rawSql(`update pgboss.job set start_after = now() where id = $1`, [id]);

describe('durable jobs', () => {
  it('keeps a job through a restart, and the next start runs it once', async () => {
    const id = await app.jobs.send('test.record', { n: 1 });
    expect(id).toBeTruthy();
    await app.close();
    ran.length = 0;
    app = await appOn(database, defineKinds);
    expect(await app.jobs.runDue()).toBe(1);
    expect(ran).toEqual([{ name: 'test.record', data: { n: 1 }, attempt: 1 }]);
    expect(await app.jobs.runDue()).toBe(0);
    expect(ran).toHaveLength(1);
  }, 120_000);

  it('retries a failed job with a growing backoff, then lists it done', async () => {
    ran.length = 0;
    failuresLeft = 2;
    const id = (await app.jobs.send('test.flaky', { n: 2 }))!;
    const find = async () =>
      (await app.jobs.overview({ name: 'test.flaky', limit: 10 })).jobs.find((j) => j.id === id)!;

    await app.jobs.runDue();
    let job = await find();
    expect(job).toMatchObject({ status: 'waiting', attempts: 1, maxAttempts: 3, error: 'refused on try 1' });
    // The first retry waits between one and two times the delay; nothing runs it before.
    let wait = (Date.parse(job.runAfter) - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(55);
    expect(wait).toBeLessThanOrEqual(120);
    expect(await app.jobs.runDue()).toBe(0);

    await endBackoff(id);
    await app.jobs.runDue();
    job = await find();
    expect(job).toMatchObject({ status: 'waiting', attempts: 2, error: 'refused on try 2' });
    // The second, twice as long.
    wait = (Date.parse(job.runAfter) - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(115);
    expect(wait).toBeLessThanOrEqual(240);

    await endBackoff(id);
    await app.jobs.runDue();
    expect(await find()).toMatchObject({ status: 'done', attempts: 3, error: null });
    expect(ran.map((r) => r.attempt)).toEqual([1, 2, 3]);
  });

  it('gives a job up after its last attempt and shows it failed to the admins only', async () => {
    failuresLeft = 3;
    const id = (await app.jobs.send('test.flaky', { n: 3 }))!;
    await app.jobs.runDue();
    await endBackoff(id);
    await app.jobs.runDue();
    await endBackoff(id);
    await app.jobs.runDue();

    const admin = await personWith(app, ['admin']);
    const response = await app.inject({
      method: 'GET',
      url: '/api/studio/jobs?status=failed',
      headers: bearer(admin.token),
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.jobs).toEqual([
      expect.objectContaining({
        id,
        name: 'test.flaky',
        status: 'failed',
        attempts: 3,
        error: 'refused on try 3',
      }),
    ]);
    expect(data.queues).toContainEqual(
      expect.objectContaining({ name: 'test.flaky', failed: 1, done: 1, waiting: 0, running: 0 }),
    );
    expect(data.queues).toContainEqual(expect.objectContaining({ name: 'test.record', done: 1 }));

    const waiting = await app.jobs.send('test.record', { n: 4 });
    const all = (
      await app.inject({ method: 'GET', url: '/api/studio/jobs', headers: bearer(admin.token) })
    ).json().data;
    expect(all.jobs[0]).toMatchObject({ id: waiting, status: 'waiting', attempts: 0 });

    const bad = await app.inject({
      method: 'GET',
      url: '/api/studio/jobs?status=stuck',
      headers: bearer(admin.token),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { path: string }) => d.path)).toEqual(['status']);

    const manager = await personWith(app, ['manager']);
    const refused = await app.inject({
      method: 'GET',
      url: '/api/studio/jobs',
      headers: bearer(manager.token),
    });
    expect(refused.statusCode).toBe(403);
  });
});
