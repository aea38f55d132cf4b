import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { apiDir } from '../src/lib/paths.js';
import { bearer, signup } from './helpers/accounts.js';
import { createTestApp, testConfig, type TestApp } from './helpers/app.js';

const run = promisify(execFile);

/** Runs the flags command line (`npm run flags -- ...`) as an operator would, against the given database. */
function flagsCli(args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return run('npx', ['tsx', '--conditions=@liftoff/source', 'src/cli/flags.ts', ...args], {
    cwd: apiDir,
    env: { ...inherited, LOG_LEVEL: 'silent', ...env },
    timeout: 60_000,
  });
}

async function flagsOf(app: App, token: string) {
  const res = await app.inject({ method: 'GET', url: '/api/feature-flags', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('GET /api/feature-flags', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/feature-flags' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
  });

  it('lists the flags, workspace_ai enabled by default', async () => {
    const account = await signup(t.app);
    expect(await flagsOf(t.app, account.token)).toEqual({
      message: 'Feature Flags Fetched Successfully.',
      data: [{ key: 'workspace_ai', isEnabled: true }],
    });
  });
});

describe('npm run flags -- set workspace_ai off', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'liftoff-flags-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("turns the flag off in the app's database; unknown flags are refused", async () => {
    // The command line works on the database the app uses: PostgreSQL when the tests run on it, else DATA_DIR.
    const server = process.env.TEST_DATABASE_URL ? await createTestApp() : null;
    const env: Record<string, string> =
      server?.config.database.kind === 'postgres'
        ? { DATABASE_URL: server.config.database.url }
        : { DATA_DIR: dataDir };
    let app: App | undefined = server?.app;
    try {
      const set = await flagsCli(['set', 'workspace_ai', 'off'], env);
      expect(set.stdout).toContain('workspace_ai is now off');

      const unknown = await flagsCli(['set', 'no_such_flag', 'on'], env).catch(
        (error: { code: number; stderr: string }) => error,
      );
      expect(unknown).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('Unknown flag "no_such_flag"'),
      });

      // PGlite opens a data directory from one process at a time, so the app starts after the command.
      app ??= await buildApp(testConfig({ DATA_DIR: dataDir }));
      await app.ready();
      const account = await signup(app);
      expect((await flagsOf(app, account.token)).data).toEqual([{ key: 'workspace_ai', isEnabled: false }]);
      // The operator's switch is in the audit log, with no actor (the command line).
      const { entries } = await app.audit.list({ recordId: 'workspace_ai', page: 1, pageSize: 10 });
      expect(entries.map((e) => [e.action, e.actorId, e.after])).toEqual([
        ['flag.disabled', null, { isEnabled: false }],
      ]);
    } finally {
      if (server) await server.close();
      else await app?.close();
    }
  }, 120_000);
});
