// Shared by the AI benchmarks (not a benchmark itself): a built server whose pid we know, the demo
// account's token, and a fake OpenAI-compatible model server with a known first-token delay.
import { fork, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { repoDir } from './support.mjs';

export const DEMO = { email: 'demo@liftoff.local', password: 'liftoff-demo-2026' };

/** A database of its own on a PostgreSQL server (never the server's shared database), dropped afterwards. */
export async function ownDatabase(serverUrl) {
  const name = `liftoff_ai_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Starts the built API; with `databaseServer` it runs on a fresh database there, else on PGlite. */
/** `nodeArgs`: flags for node itself, such as `--cpu-prof` (which NODE_OPTIONS does not accept). */
export async function startApi(env = {}, { databaseServer, nodeArgs = [] } = {}) {
  const database = databaseServer ? await ownDatabase(databaseServer) : null;
  if (database) env = { ...env, DATABASE_URL: database.url };
  const probe = createServer();
  const port = await new Promise((resolve) =>
    probe.listen(0, '127.0.0.1', () => resolve(probe.address().port)),
  );
  await new Promise((resolve) => probe.close(resolve));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'liftoff-ai-bench-'));
  const url = `http://127.0.0.1:${port}`;
  // development: the demo account (verified, profile complete, enrolled) is seeded on start.
  const child = spawn(process.execPath, [...nodeArgs, path.join(repoDir, 'apps/api/dist/src/server.js')], {
    cwd: repoDir,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      ENCRYPTION_KEY: '1'.repeat(64),
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      CREDENTIAL_RATE_LIMIT_PER_MINUTE: '100000',
      // One bench founder asks for hundreds of answers; the per-founder caps would refuse them.
      AI_MAX_RUNNING_ANSWERS: '100000',
      AI_ANSWERS_PER_HOUR: '100000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  }).then((r) => r.json());
  return {
    url,
    pid: child.pid,
    token: login.data.token,
    /** Peak resident memory of the server process so far (Linux VmHWM), in MB. */
    peakRssMb() {
      const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      return match ? Number(match[1]) / 1024 : NaN;
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}

/**
 * Starts the fake OpenAI-compatible model server (servers/fake-model.mjs) in a process of its own, with a known
 * first-token delay; `lastTiming()` asks it when the last streamed call arrived and sent its first token.
 */
export async function startFakeModel(options = {}) {
  const child = fork(path.join(repoDir, 'bench/servers/fake-model.mjs'), [JSON.stringify(options)]);
  const { port } = await new Promise((resolve) => child.once('message', resolve));
  return {
    url: `http://127.0.0.1:${port}/v1`,
    /** `{ arrived, firstToken, modelFirstTokenMs }` of the last streamed call, measured by the model server. */
    lastTiming: () =>
      new Promise((resolve) => {
        child.once('message', (message) => resolve(message.timing));
        child.send('last-timing');
      }),
    close: () => new Promise((resolve) => (child.once('exit', resolve), child.kill())),
  };
}

export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
