import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../helpers/server-process.js';

/** The server binaries of this machine's newest PostgreSQL (Debian's layout), or null. */
export function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin/initdb')))
    .sort((x, y) => Number(y) - Number(x));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

export interface OwnPostgres {
  url: string;
  /** Asynchronous, so the test's own clients keep running (and timing) while the server goes down or up. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good (the test's end). */
  destroy(): Promise<void>;
}

/**
 * A PostgreSQL cluster of the test's own, in `dir`, on a free port: it can be stopped and started without
 * touching the machine's shared server. PostgreSQL refuses to run as root, so as root (CI) its files belong to
 * the `postgres` user and every command runs as that user.
 */
export async function startOwnPostgres(bin: string, dir: string): Promise<OwnPostgres> {
  const port = await freePort();
  const data = join(dir, 'data');
  mkdirSync(dir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = async (tool: string, args: string[]) => {
    const [file, all] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]]
      : [join(bin, tool), args];
    await promisify(execFile)(file, all);
  };
  await run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  // `fast`, as a restart does: every session is ended with 57P01 (admin shutdown), open transactions roll back.
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async destroy() {
      await stop().catch(() => {
        // already stopped
      });
    },
  };
}
