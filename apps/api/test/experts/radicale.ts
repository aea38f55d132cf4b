import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A free loopback port: the system picks one, and it is handed on. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A real CalDAV server for the tests: Debian's Radicale on a free loopback port, with its storage in a
 * temporary folder and one account (`user`, `password`) whose calendars only its owner reaches.
 */
export async function startRadicale(user = 'ann', password = 'orbit-lantern-caldav') {
  const folder = await mkdtemp(join(tmpdir(), 'liftoff-radicale-'));
  await writeFile(join(folder, 'users'), `${user}:${password}\n`);
  const port = await freePort();
  const child = spawn(
    'radicale',
    [
      '-C', // no configuration file: everything is given here
      '--server-hosts',
      `127.0.0.1:${port}`,
      '--storage-filesystem-folder',
      join(folder, 'collections'),
      '--auth-type',
      'htpasswd',
      '--auth-htpasswd-filename',
      join(folder, 'users'),
      '--auth-htpasswd-encryption',
      'plain',
      '--auth-delay',
      '0',
      '--rights-type',
      'owner_only',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}/`;
  const auth = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const dav = (method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
    fetch(new URL(path, url), { method, headers: { authorization: auth, ...headers }, body });

  // Ready once it answers; a server that exits or never answers fails the suite with its own words.
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`radicale exited: ${stderr}`);
    const up = await dav('OPTIONS', '/').then(
      (r) => r.status < 500,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`radicale did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    url,
    user,
    password,
    /** Makes a calendar collection `/<user>/<name>/` and answers its address. */
    async calendar(name: string): Promise<string> {
      const res = await dav('MKCALENDAR', `/${user}/${name}/`);
      if (res.status !== 201) throw new Error(`MKCALENDAR ${name}: ${res.status}`);
      return new URL(`/${user}/${name}/`, url).toString();
    },
    async put(path: string, ics: string) {
      const res = await dav('PUT', path, ics, { 'content-type': 'text/calendar; charset=utf-8' });
      if (res.status >= 300) throw new Error(`PUT ${path}: ${res.status} ${await res.text()}`);
    },
    /** The text of a calendar object, or null when there is none. */
    async get(path: string): Promise<string | null> {
      const res = await dav('GET', path);
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
      return res.text();
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** One VEVENT in a VCALENDAR, lines joined with CRLF as RFC 5545 asks. */
export const vcalendar = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Liftoff tests//EN', ...lines, 'END:VCALENDAR', ''].join(
    '\r\n',
  );

export const vevent = (uid: string, ...lines: string[]) => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  'DTSTAMP:20260101T000000Z',
  ...lines,
  'END:VEVENT',
];
