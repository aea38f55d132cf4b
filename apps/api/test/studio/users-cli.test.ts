import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import { apiDir } from '../../src/lib/paths.js';
import { signup } from '../helpers/accounts.js';
import { createTestApp, testConfig, type TestApp } from '../helpers/app.js';

const run = promisify(execFile);

/** Runs `npm run users -- ...` as an operator would, against the given database. */
function usersCli(args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return run('npx', ['tsx', '--conditions=@liftoff/source', 'src/cli/users.ts', ...args], {
    cwd: apiDir,
    env: { ...inherited, LOG_LEVEL: 'silent', ...env },
    timeout: 60_000,
  });
}
const failed = (error: { code: number; stderr: string }) => error;

describe('npm run users', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'liftoff-users-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('grants and removes roles on the app database, lists the team and writes the audit log', async () => {
    // PostgreSQL when the tests run on it (the app stays up); else PGlite in DATA_DIR, one process at a time.
    let server: TestApp | null = process.env.TEST_DATABASE_URL ? await createTestApp() : null;
    const env: Record<string, string> =
      server?.config.database.kind === 'postgres'
        ? { DATABASE_URL: server.config.database.url }
        : { DATA_DIR: dataDir };
    const open = async (): Promise<App> => {
      if (server) return server.app;
      const app = await buildApp(testConfig({ DATA_DIR: dataDir }));
      await app.ready();
      return app;
    };
    const done = async (app: App) => {
      if (!server) await app.close();
    };
    try {
      let app = await open();
      const account = await signup(app);
      await done(app);

      const granted = await usersCli(['grant', 'admin', account.email], env);
      expect(granted.stdout).toContain(`${account.email}\tfounder,admin`);
      expect(granted.stdout).toContain('two-factor');
      const listed = await usersCli(['list'], env);
      expect(listed.stdout).toContain(account.email);

      app = await open();
      const entries = await app.audit.list({ recordId: account.user.id, page: 1, pageSize: 10 });
      expect(entries.entries).toMatchObject([
        { action: 'role.granted', actorId: null, after: { roles: ['founder', 'admin'] } },
      ]);
      await done(app);

      const revoked = await usersCli(['revoke', 'admin', account.email], env);
      expect(revoked.stdout).toContain(`${account.email}\tfounder\t`);

      const unknownRole = await usersCli(['grant', 'owner', account.email], env).catch(failed);
      expect(unknownRole).toMatchObject({ code: 1, stderr: expect.stringContaining('Unknown role "owner"') });
      const nobody = await usersCli(['grant', 'admin', 'nobody@example.com'], env).catch(failed);
      expect(nobody).toMatchObject({ code: 1, stderr: expect.stringContaining('No account') });

      app = await open();
      const after = await app.audit.list({ recordId: account.user.id, page: 1, pageSize: 10 });
      expect(after.entries.map((e) => e.action)).toEqual(['role.revoked', 'role.granted']);
      await done(app);
    } finally {
      await server?.close();
      server = null;
    }
  }, 180_000);
});
