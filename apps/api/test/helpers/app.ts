import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App, type BuildOptions } from '../../src/app.js';
import { parseConfig, type Config } from '../../src/config.js';
import { checkResponsesAgainstDocument } from './response-contract.js';

export interface TestApp {
  app: App;
  config: Config;
  close(): Promise<void>;
}

/** The configuration every test app starts from, with `env` on top. */
export function testConfig(env: Record<string, string> = {}): Config {
  return parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: `/tmp/liftoff-test-${process.pid}`,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    ENCRYPTION_KEY: '0'.repeat(64),
    SEED_DEMO: 'false',
    RATE_LIMIT_PER_MINUTE: '100000',
    CREDENTIAL_RATE_LIMIT_PER_MINUTE: '100000',
    WEB_DIST: '/nonexistent-web-dist',
    // Tests flip flags in the database and expect the next call to see it.
    FLAG_CACHE_MS: '0',
    // Mails are sent by the outbox worker; tests read them a moment after the request.
    MAIL_OUTBOX_POLL_MS: '100',
    // Durable jobs run when a test says so (`app.jobs.runDue()`), after it has moved the clock.
    JOBS_POLL_MS: '0',
    // The founders' AI caps and the per-address mail cooldown have tests of their own; elsewhere they stay out of the way.
    AI_MAX_RUNNING_ANSWERS: '1000',
    AI_ANSWERS_PER_HOUR: '100000',
    AI_SPEECH_PER_HOUR: '100000',
    AI_TRANSCRIPTIONS_PER_HOUR: '100000',
    MAIL_COOLDOWN_SECONDS: '0',
    ...env,
  });
}

let snapshot: Blob | undefined;
/** The embedded database migrated once for the whole run (test/global-setup.ts), read once per worker. */
function migratedSnapshot(): Blob | undefined {
  const file = inject('pgliteSnapshot');
  if (!file) return undefined;
  snapshot ??= new Blob([readFileSync(file)]);
  return snapshot;
}

/**
 * Builds the real app on a database of its own: in-memory PGlite by default, or a fresh database on the
 * PostgreSQL server of TEST_DATABASE_URL (created here, dropped on close), so test files never share state.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: BuildOptions & {
    /** Runs on the built app before it is ready (routes can still be added). */
    setup?: (app: App) => void | Promise<void>;
  } = {},
): Promise<TestApp> {
  const base = testConfig(env);
  let dropDatabase = async () => {};
  let config: Config = {
    ...base,
    database: { kind: 'pglite', dataDir: null, startFrom: migratedSnapshot() },
  };
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `liftoff_test_${randomUUID().replace(/-/g, '')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const template = inject('templateDatabase');
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    config = { ...base, database: { kind: 'postgres', url: url.toString() } };
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const { setup, ...buildOptions } = options;
  const app = await buildApp(config, buildOptions);
  // Every answer is checked against the OpenAPI document (test/setup.ts fails the test that broke it).
  checkResponsesAgainstDocument(app);
  await setup?.(app);
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      await dropDatabase();
    },
  };
}
