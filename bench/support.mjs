// Shared by the benchmarks: start the built server on a temp database and wait for it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * A process's CPU time so far in ms (Linux, /proc; null elsewhere): user and system, every thread. CPU per
 * request is steadier than requests per second on a shared machine: another process's load delays a request
 * but does not make it cost more.
 */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/**
 * `dir`: another checkout's build to start instead (to compare two versions side by side in one run);
 * `nodeArgs`: flags for node itself, such as `--cpu-prof` (which NODE_OPTIONS does not accept);
 * `dataDir` and `port`: a data directory and port the caller keeps, to start the server again on the same data
 * and address (after a kill); a data directory given is left in place when the server stops;
 * `quiet`: leave out the server's own output (its start-up banner), for a caller that restarts it often.
 */
export async function startBuiltServer(
  env = {},
  { dir = repoDir, nodeArgs = [], dataDir: keptDataDir, port: keptPort, quiet = false } = {},
) {
  const port = keptPort ?? (await freePort());
  const dataDir = keptDataDir ?? mkdtempSync(path.join(tmpdir(), 'liftoff-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, path.join(dir, 'apps/api/dist/src/server.js')], {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      ENCRYPTION_KEY: '1'.repeat(64),
      APP_URL: url,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      ...env,
    },
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const exited = new Promise((r) => child.once('exit', r));
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      if (!keptDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    /** Kills the process at once (`kill -9`): no drain, nothing flushed. */
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
