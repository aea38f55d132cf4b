import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { join, resolve } from 'node:path';
import { connect as connectTls } from 'node:tls';
import type { LightMyRequestResponse } from 'fastify';
import { freePort } from '../helpers/server-process.js';

/** The repository's root: the shipped nginx configuration lives in deploy/. */
export const repoDir = resolve(import.meta.dirname, '../../../..');

/** nginx on this machine, or null. */
export function findNginx(): string | null {
  for (const candidate of [process.env.NGINX_BIN, '/usr/sbin/nginx', '/usr/bin/nginx']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  return null;
}

export interface Nginx {
  url: string;
  port: number;
  stop(): Promise<void>;
  errors(): string;
}

/** A certificate and its key, as PEM files: nginx then speaks TLS and HTTP/2, as docs/deploy.md sets it up. */
export interface Tls {
  certificate: string;
  key: string;
}

/**
 * nginx as an unprivileged process with its own prefix, pid, logs and temp directories under `dir`, running
 * the shipped server block exactly as docs/deploy.md renders it (envsubst on the three variables).
 */
export async function startNginx(bin: string, dir: string, upstreams: string[], tls?: Tls): Promise<Nginx> {
  const port = await freePort();
  for (const sub of ['conf', 'logs', 'temp']) mkdirSync(join(dir, sub), { recursive: true });
  const site = execFileSync('envsubst', ['${LIFTOFF_LISTEN} ${LIFTOFF_SERVER_NAME} ${LIFTOFF_UPSTREAMS}'], {
    input: readFileSync(join(repoDir, 'deploy/nginx.conf.template')),
    env: {
      PATH: process.env.PATH,
      LIFTOFF_LISTEN: `127.0.0.1:${port}${tls ? ' ssl http2' : ''}`,
      LIFTOFF_SERVER_NAME: 'localhost',
      LIFTOFF_UPSTREAMS: upstreams.map((u) => `server ${u};`).join(' '),
    },
  }).toString();
  if (/\$\{LIFTOFF_/.test(site)) throw new Error('a variable of the template was left unrendered');
  writeFileSync(join(dir, 'conf/liftoff.conf'), site);
  // What a distribution's nginx.conf provides around conf.d, with every path inside `dir`.
  const temp = (name: string) => `${name}_temp_path ${join(dir, 'temp', name)};`;
  writeFileSync(
    join(dir, 'conf/nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(dir, 'logs/nginx.pid')};`,
      `error_log ${join(dir, 'logs/error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      `  access_log ${join(dir, 'logs/access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
      // Where certbot would write them into the server block; nginx reads them from the http context alike.
      ...(tls ? [`  ssl_certificate ${tls.certificate};`, `  ssl_certificate_key ${tls.key};`] : []),
      `  include ${join(dir, 'conf/liftoff.conf')};`,
      '}',
    ].join('\n'),
  );
  // Started by root (CI), it drops to nobody itself, as it would never serve as root.
  const asUser: { uid?: number; gid?: number } = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  if (asUser.uid !== undefined && asUser.gid !== undefined) chownTree(dir, asUser.uid, asUser.gid);
  const args = ['-p', dir, '-c', join(dir, 'conf/nginx.conf'), '-e', join(dir, 'logs/error.log')];
  execFileSync(bin, ['-t', '-q', ...args], { ...asUser, stdio: 'pipe' });
  const child = spawn(bin, args, { ...asUser, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  const url = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await (tls ? acceptsTls(port) : call(url, 'GET', '/api/health')).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (i > 200 || child.exitCode !== null) throw new Error(`nginx did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    url,
    port,
    errors: () => output + readFileSync(join(dir, 'logs/error.log'), 'utf8'),
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}

/** Resolves once something on `port` completes a TLS handshake (any certificate). */
function acceptsTls(port: number): Promise<void> {
  return new Promise((done, failed) => {
    const socket = connectTls({ host: '127.0.0.1', port, rejectUnauthorized: false }, () => {
      socket.end();
      done();
    });
    socket.on('error', failed);
  });
}

function chownTree(path: string, uid: number, gid: number) {
  chownSync(path, uid, gid);
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isDirectory()) chownTree(join(path, entry.name), uid, gid);
    else chownSync(join(path, entry.name), uid, gid);
  }
}

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text(): string;
  /** As `app.inject`'s answers read in the other tests. */
  json: LightMyRequestResponse['json'];
}

export interface CallOptions {
  token?: string;
  json?: unknown;
  body?: Buffer;
  headers?: Record<string, string>;
  /** The client's own address (any of 127.0.0.0/8), so each client of a test is a different one. */
  from?: string;
}

function send(base: string, method: string, path: string, options: CallOptions) {
  const payload = options.json !== undefined ? Buffer.from(JSON.stringify(options.json)) : options.body;
  const req = request(new URL(path, base), {
    method,
    localAddress: options.from,
    agent: false,
    headers: {
      ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(payload ? { 'content-length': String(payload.length) } : {}),
      ...options.headers,
    },
  });
  req.end(payload);
  return new Promise<IncomingMessage>((done, failed) => {
    req.on('response', done);
    req.on('error', failed);
  });
}

/** One HTTP call from a chosen client address, read whole. */
export async function call(base: string, method: string, path: string, options: CallOptions = {}) {
  const res = await send(base, method, path, options);
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  return {
    status: res.statusCode ?? 0,
    headers: res.headers,
    body,
    text: () => body.toString(),
    json: () => JSON.parse(body.toString()),
  } as Reply;
}

/** A call whose body is read as it arrives (the answer stream). */
export const open = (base: string, method: string, path: string, options: CallOptions = {}) =>
  send(base, method, path, options);
