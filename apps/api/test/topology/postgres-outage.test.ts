import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, uniqueEmail } from '../helpers/accounts.js';
import { startApi, type ApiInstance } from '../helpers/server-process.js';
import { findPostgresBin, startOwnPostgres, type OwnPostgres } from './own-postgres.js';
import { call } from './processes.js';

// PostgreSQL restarted under load, as the API sees it: its own cluster (never the machine's shared server) is
// stopped as a restart stops it (sessions ended with 57P01), left down, and started again, while founders keep
// reading and signing up. Runs where the API suite runs on PostgreSQL, as the other topology tests do.
const pgUrl = process.env.TEST_DATABASE_URL;
const bin = findPostgresBin();
const skip = !pgUrl
  ? 'no TEST_DATABASE_URL (the PostgreSQL leg runs it)'
  : !bin
    ? 'no PostgreSQL server binaries under /usr/lib/postgresql'
    : null;
if (skip) console.warn(`skipping the PostgreSQL outage: ${skip}`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  at: number;
  ms: number;
  status: number;
  retryAfter?: string;
  code?: string;
  email?: string;
}

let dir: string;
let database: OwnPostgres;
let api: ApiInstance;

beforeAll(async () => {
  if (skip) return;
  dir = mkdtempSync(join(tmpdir(), 'liftoff-pg-outage-'));
  chmodSync(dir, 0o711); // the cluster's user (postgres, when the tests run as root) reaches its directory inside
  database = await startOwnPostgres(bin!, join(dir, 'pg'));
  api = await startApi('instance', {
    NODE_ENV: 'test',
    DATA_DIR: join(dir, 'api'),
    APP_URL: 'http://localhost',
    DATABASE_URL: database.url,
    JWT_SECRET: 'outage-secret-outage-secret-0123456789abcd',
    ENCRYPTION_KEY: 'cd'.repeat(32),
    RATE_LIMIT_PER_MINUTE: '100000',
    CREDENTIAL_RATE_LIMIT_PER_MINUTE: '100000',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  });
}, 120_000);

afterAll(async () => {
  if (api && api.child.exitCode === null) api.child.kill('SIGTERM');
  await api?.exited;
  await database?.destroy();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(Boolean(skip))('PostgreSQL restarted under load', () => {
  it('answers 503 with Retry-After while it is down, never 500 or a hang, and is back within 5 s of it', async () => {
    const signup = (email: string) =>
      call(api.url, 'POST', '/api/auth/signup', {
        json: { firstName: 'Outage', lastName: 'Founder', email, password: PASSWORD },
      });
    const first = await signup(uniqueEmail('outage'));
    expect(first.status).toBe(201);
    const token = first.json().data.token as string;

    const answers: Answer[] = [];
    const t0 = performance.now();
    let running = true;
    // Two founders at work: one reading, one signing up (a write, acknowledged with 201 or not at all).
    const timed = async (send: () => ReturnType<typeof call>, email?: string) => {
      const at = performance.now() - t0;
      try {
        const res = await send();
        const body = res.status >= 400 ? (res.json() as { code?: string }) : {};
        answers.push({
          at,
          ms: performance.now() - t0 - at,
          status: res.status,
          retryAfter: res.headers['retry-after'] as string | undefined,
          code: body.code,
          email,
        });
      } catch {
        answers.push({ at, ms: performance.now() - t0 - at, status: 0, email });
      }
    };
    const reader = (async () => {
      while (running) {
        await timed(() => call(api.url, 'GET', '/api/auth/me', { token }));
        await sleep(20);
      }
    })();
    const writer = (async () => {
      while (running) {
        const email = uniqueEmail('outage');
        await timed(() => signup(email), email);
        await sleep(20);
      }
    })();

    await sleep(1000);
    const downAt = performance.now() - t0;
    await database.stop();
    await sleep(3000);
    await database.start();
    const upAt = performance.now() - t0;
    await sleep(6000);
    running = false;
    await Promise.all([reader, writer]);

    const during = answers.filter((a) => a.at > downAt + 500 && a.at < upAt - 500);
    const after = answers.filter((a) => a.at >= upAt);
    const firstBack = after.find((a) => a.status < 400);
    console.info(
      `outage from ${downAt.toFixed(0)} to ${upAt.toFixed(0)} ms: ${answers.length} answers, ` +
        `${during.filter((a) => a.status === 503).length} of ${during.length} during it 503, ` +
        `slowest ${Math.max(...answers.map((a) => a.ms)).toFixed(0)} ms, ` +
        `first success ${firstBack ? (firstBack.at + firstBack.ms - upAt).toFixed(0) : '—'} ms after the start`,
    );
    // Every answer came, in time, and is a success or a 503 that says when to try again.
    for (const a of answers) {
      expect(a.status, JSON.stringify(a)).not.toBe(0);
      expect(a.ms, JSON.stringify(a)).toBeLessThan(5000);
      expect([200, 201, 503], JSON.stringify(a)).toContain(a.status);
      if (a.status === 503) {
        expect(a.code).toBe('DATABASE_UNAVAILABLE');
        expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1);
      }
    }
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((a) => a.status === 503)).toBe(true);
    // Back within 5 s of the database: every request sent from then on succeeds.
    expect(after.filter((a) => a.at > 5000 + upAt).length).toBeGreaterThan(0);
    expect(after.filter((a) => a.at > 5000 + upAt).every((a) => a.status < 400)).toBe(true);
    expect(firstBack && firstBack.at + firstBack.ms - upAt).toBeLessThan(5000);

    // Nothing acknowledged was lost: every sign-up answered 201 has its account.
    const acknowledged = answers.filter((a) => a.email && a.status === 201).map((a) => a.email!);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query('select email from users where email = any($1)', [acknowledged]);
      expect(rows.map((r) => r.email).sort()).toEqual([...acknowledged].sort());
    } finally {
      await client.end();
    }
  }, 90_000);
});
