import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp, type App, type BuildOptions } from '../../src/app.js';
import type { DatabaseConfig } from '../../src/config.js';
import { testConfig } from '../helpers/app.js';

/**
 * A database that outlives the apps built on it, for a restart or for two instances at once: a PostgreSQL
 * database of its own when TEST_DATABASE_URL is set, else an embedded one in a directory (one app at a time).
 */
export async function lastingDatabase(): Promise<{ database: DatabaseConfig; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'liftoff-jobs-'));
    return {
      database: { kind: 'pglite', dataDir: dir },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `liftoff_test_${randomUUID().replace(/-/g, '')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    database: { kind: 'postgres', url: url.toString() },
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/** The real app on `database`, taking no job by itself: the tests run them with `jobs.runDue()`. */
export async function appOn(
  database: DatabaseConfig,
  setup: (app: App) => void,
  options: BuildOptions & { env?: Record<string, string> } = {},
): Promise<App> {
  const { env, ...buildOptions } = options;
  const config = { ...testConfig({ CONTENT_IMPORT: 'false', JOBS_POLL_MS: '0', ...env }), database };
  const app = await buildApp(config, buildOptions);
  setup(app);
  await app.ready();
  return app;
}
