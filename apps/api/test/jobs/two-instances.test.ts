import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { appOn, lastingDatabase } from './support.js';

// Two instances of the app on one PostgreSQL, as in production behind a load balancer: each job runs on one
// of them, once. The embedded database belongs to one process, so this runs where the suite runs on PostgreSQL
// (TEST_DATABASE_URL; CI's PostgreSQL leg), as the topology tests do.
const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) console.warn('skipping two instances on one database: no TEST_DATABASE_URL');

describe.runIf(pgUrl)('jobs with two instances on one PostgreSQL', () => {
  const runs = new Map<number, string[]>();
  let a: App;
  let b: App;
  let drop: () => Promise<void>;
  const define = (label: string) => (app: App) =>
    app.jobs.define<{ n: number }>({
      name: 'test.once',
      run: async (data) => {
        runs.set(data.n, [...(runs.get(data.n) ?? []), label]);
        // A turn of the loop, so the other instance's pass overlaps this one.
        await new Promise((resolve) => setImmediate(resolve));
      },
    });

  beforeAll(async () => {
    const lasting = await lastingDatabase();
    drop = lasting.drop;
    a = await appOn(lasting.database, define('a'));
    b = await appOn(lasting.database, define('b'));
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await drop?.();
  });

  it('runs each job once, whichever instance takes it', async () => {
    for (let n = 0; n < 40; n++) await (n % 2 ? a : b).jobs.send('test.once', { n });
    const [ranOnA, ranOnB] = await Promise.all([a.jobs.runDue(), b.jobs.runDue()]);
    expect(ranOnA + ranOnB).toBe(40);
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual([...Array(40).keys()]);
    for (const labels of runs.values()) expect(labels).toHaveLength(1);
    expect(await a.jobs.runDue()).toBe(0);
  });
});
