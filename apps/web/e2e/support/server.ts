import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const serverEntry = path.join(repoDir, 'apps/api/dist/src/server.js');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningServer {
  url: string;
  /** Mails in the development outbox for that address, newest first. */
  mailbox(to: string): Promise<Array<{ subject: string; text: string; html: string }>>;
  /** Waits for a mail whose subject matches, newer than `after` mails already seen. */
  waitForMail(
    to: string,
    subject: RegExp,
    timeoutMs?: number,
  ): Promise<{ subject: string; text: string; html: string }>;
  /** What the server printed so far (its start-up lines: the demo accounts and the manager's key). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the built app (`npm start` minus the build) on a free port and a database of its own:
 * PGlite in a temp folder, or a fresh database on TEST_DATABASE_URL's server.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'liftoff-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `liftoff_e2e_${randomUUID().replace(/-/g, '')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(serverUrl);
    target.pathname = `/${name}`;
    databaseUrl = target.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const child: ChildProcess = spawn(process.execPath, [serverEntry], {
    cwd: repoDir,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      RATE_LIMIT_PER_MINUTE: '100000',
      CREDENTIAL_RATE_LIMIT_PER_MINUTE: '100000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const mailbox = async (to: string) => {
    const res = await fetch(`${url}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
    return ((await res.json()) as { data: Array<{ subject: string; text: string; html: string }> }).data;
  };

  return {
    url,
    mailbox,
    output: () => output,
    async waitForMail(to, subject, timeoutMs = 10_000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const mail = (await mailbox(to)).find((m) => subject.test(m.subject));
        if (mail) return mail;
        if (Date.now() > end) throw new Error(`no mail matching ${subject} for ${to}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
