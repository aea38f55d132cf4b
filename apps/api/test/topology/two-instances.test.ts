import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, uniqueEmail } from '../helpers/accounts.js';
import { startFakeS3 } from '../helpers/fake-s3.js';
import { multipartBody } from '../helpers/multipart.js';
import { parseSse, startFakeOpenAI } from '../ai/support.js';
import { startFakeSmtp } from '../experts/smtp-fake.js';
import { call, findNginx, open, startNginx, type CallOptions, type Nginx } from './processes.js';
import { startApi, type ApiInstance } from '../helpers/server-process.js';

// The production topology on this machine, as docs/deploy.md sets it up: nginx (the shipped configuration)
// in front of two API instances on one PostgreSQL and one Redis, with mail over SMTP, files in an
// S3-compatible bucket and a model server (the last three local stand-ins speaking the real protocols).
// It needs a PostgreSQL server, so it runs where the API suite runs on PostgreSQL; under CI nothing may be missing.
const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const nginxBin = findNginx();
const missing = [
  ...(pgUrl ? [] : ['TEST_DATABASE_URL']),
  ...(redisUrl ? [] : ['TEST_REDIS_URL']),
  ...(nginxBin ? [] : ['nginx']),
];
const mustRun = process.env.CI === 'true' && Boolean(pgUrl);
if (missing.length && !mustRun) console.warn(`skipping the two-instance topology: no ${missing.join(', ')}`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// Each client of these tests comes from an address of its own, so per-address counters start at zero.
const net = `127.${1 + Math.floor(Math.random() * 250)}`;
let clients = 0;
const newClient = () => `${net}.${Math.floor(clients / 250)}.${1 + (clients++ % 250)}`;

const s3Credentials = {
  accessKeyId: 'AKIDTOPOLOGY',
  secretAccessKey: 'topology-s3-secret',
  bucket: 'liftoff',
};
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let s3: Awaited<ReturnType<typeof startFakeS3>>;
let model: Awaited<ReturnType<typeof startFakeOpenAI>>;
let dir: string;
let databaseName: string;
let databaseUrl: string;
let a: ApiInstance;
let b: ApiInstance;
let nginx: Nginx;
let startedAt: number;

/** The built web app as the instances serve it: a shell, and a hashed script with its brotli copy. */
function webBuild(root: string) {
  mkdirSync(join(root, 'assets'), { recursive: true });
  const script = `console.log(${JSON.stringify('liftoff '.repeat(200))});`;
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><title>Liftoff</title><script type="module" src="/assets/app-1a2b3c4d.js"></script>',
  );
  writeFileSync(join(root, 'assets/app-1a2b3c4d.js'), script);
  writeFileSync(join(root, 'assets/app-1a2b3c4d.js.br'), brotliCompressSync(script));
}

async function admin<T>(work: (client: pg.Client) => Promise<T>, url = pgUrl!): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (missing.length) throw new Error(`CI runs the topology: missing ${missing.join(', ')}`);
  startedAt = Date.now();
  [smtp, s3, model] = await Promise.all([startFakeSmtp(), startFakeS3(s3Credentials), startFakeOpenAI()]);
  dir = mkdtempSync(join(tmpdir(), 'liftoff-topology-'));
  chmodSync(dir, 0o711); // nginx, running as nobody, reaches its own directory inside
  webBuild(join(dir, 'web'));
  databaseName = `liftoff_test_${randomUUID().replace(/-/g, '')}`;
  await admin((c) => c.query(`create database ${databaseName}`));
  const url = new URL(pgUrl!);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  // The environment docs/deploy.md lists for every instance; only the ports and data directories differ.
  const env = (name: string) => ({
    NODE_ENV: 'production',
    DATA_DIR: join(dir, name),
    APP_URL: 'http://localhost',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl!,
    JWT_SECRET: 'topology-secret-topology-secret-0123456789',
    ENCRYPTION_KEY: 'ab'.repeat(32),
    SMTP_URL: smtp.url,
    S3_ENDPOINT: s3.url,
    S3_BUCKET: s3Credentials.bucket,
    S3_ACCESS_KEY_ID: s3Credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3Credentials.secretAccessKey,
    TRUST_PROXY: 'true',
    WEB_DIST: join(dir, 'web'),
    LOG_LEVEL: 'info',
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: model.url,
    AI_MODEL: 'fake-model',
    AI_MAX_RUNNING_ANSWERS: '1',
    AI_ANSWERS_PER_HOUR: '3',
    MAIL_OUTBOX_POLL_MS: '200',
    MAIL_COOLDOWN_SECONDS: '0',
  });
  // Started together on an empty database, as a first deploy does: they take turns at the migrations.
  [a, b] = await Promise.all([startApi('instance A', env('a')), startApi('instance B', env('b'))]);
  nginx = await startNginx(nginxBin!, join(dir, 'nginx'), [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]);
  console.info(`topology up in ${Date.now() - startedAt} ms`);
}, 180_000);

afterAll(async () => {
  await nginx?.stop();
  for (const instance of [a, b]) {
    if (instance && instance.child.exitCode === null) instance.child.kill('SIGTERM');
    await instance?.exited;
  }
  await Promise.all([smtp?.close(), s3?.close(), model?.close()]);
  if (databaseName) await admin((c) => c.query(`drop database if exists ${databaseName} with (force)`));
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (startedAt) console.info(`topology test: ${Date.now() - startedAt} ms in all`);
});

const post = (base: string, path: string, options: CallOptions = {}) =>
  call(base, 'POST', path, { json: {}, ...options });

async function verificationCode(email: string) {
  const [mail] = await smtp.to(email, 1, 10_000);
  return /(\d{6}) is your Liftoff verification code/.exec(mail?.raw ?? '')?.[1] ?? '';
}

/** Signs up through nginx and finishes the profile on the instances in turn: a founder ready to work. */
async function readyFounder(from: string) {
  const email = uniqueEmail('topology');
  const signup = await post(nginx.url, '/api/auth/signup', {
    from,
    json: { firstName: 'Ada', lastName: 'Founder', email, password: PASSWORD },
  });
  expect(signup.status, signup.text()).toBe(201);
  const { token, user } = signup.json().data as { token: string; user: { id: string } };
  const code = await verificationCode(email);
  expect((await post(a.url, '/api/auth/verify-email', { from, token, json: { code } })).status).toBe(200);
  const meta = { meta: { startupName: 'Acme', stage: 'Idea', industry: 'Fintech' } };
  expect((await call(b.url, 'PUT', `/api/user/${user.id}/meta`, { from, token, json: meta })).status).toBe(
    200,
  );
  const done = await call(a.url, 'PATCH', `/api/user/update-user/${user.id}`, {
    from,
    token,
    json: { profileCompleted: true },
  });
  expect(done.status, done.text()).toBe(200);
  return { email, token, id: user.id };
}

describe.skipIf(missing.length > 0 && !mustRun)('two API instances behind nginx', () => {
  it("serves the web app's files and pages through nginx, with the instances' headers", async () => {
    const shell = await call(nginx.url, 'GET', '/');
    expect(shell.status).toBe(200);
    expect(shell.text()).toContain('/assets/app-1a2b3c4d.js');
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(shell.headers['content-security-policy']).toContain("default-src 'self'");
    const page = await call(nginx.url, 'GET', '/programs/first-steps');
    expect([page.status, page.text()]).toEqual([200, shell.text()]);
    const script = await call(nginx.url, 'GET', '/assets/app-1a2b3c4d.js', {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(script.status).toBe(200);
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(script.body).toString()).toMatch(/^console\.log\("liftoff /);
    const unknown = await call(nginx.url, 'GET', '/api/no-such-call');
    expect([unknown.status, unknown.headers['content-type']]).toEqual([404, expect.stringMatching(/json/)]);
  });

  it('a session begun on one instance is used, refreshed and ended on the other', async () => {
    const from = newClient();
    const founder = await readyFounder(from);
    const login = await post(a.url, '/api/auth/login', {
      from,
      json: { email: founder.email, password: PASSWORD },
    });
    expect(login.status).toBe(200);
    const { token, refreshToken } = login.json().data as { token: string; refreshToken: string };
    const me = await call(b.url, 'GET', '/api/auth/me', { from, token });
    expect([me.status, me.json().data.email]).toEqual([200, founder.email]);
    const refreshed = await post(b.url, '/api/auth/refresh', {
      from,
      token: refreshToken,
      json: { refreshToken },
    });
    expect(refreshed.status, refreshed.text()).toBe(200);
    const next = refreshed.json().data as { accessToken: string; refreshToken: string };
    expect((await call(a.url, 'GET', '/api/auth/me', { from, token: next.accessToken })).status).toBe(200);
    // Signed out on B: A refuses the access token at once, not when it expires.
    const logout = await post(b.url, '/api/auth/logout', { from, json: { refreshToken: next.refreshToken } });
    expect(logout.status, logout.text()).toBe(200);
    expect((await call(a.url, 'GET', '/api/auth/me', { from, token: next.accessToken })).status).toBe(401);
  });

  it("sends each mail once although both instances' outbox workers are running", async () => {
    const emails = Array.from({ length: 8 }, () => uniqueEmail('once'));
    const answers = await Promise.all(
      emails.map((email) =>
        post(nginx.url, '/api/auth/signup', {
          from: newClient(),
          json: { firstName: 'Mo', lastName: 'Once', email, password: PASSWORD },
        }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(emails.map(() => 201));
    for (const email of emails) expect(await smtp.to(email, 1, 10_000)).toHaveLength(1);
    await sleep(1000); // five polls of each worker: no second copy follows
    expect(emails.map((email) => smtp.mails.filter((m) => m.to.includes(email)).length)).toEqual(
      emails.map(() => 1),
    );
    const rows = await admin(
      (c) => c.query('select attempts, sent_at from mail_outbox where "to" = any($1)', [emails]),
      databaseUrl,
    );
    expect(rows.rows.map((r) => [r.attempts, r.sent_at instanceof Date])).toEqual(
      emails.map(() => [1, true]),
    );
    // Both workers were at work: each instance logged sends.
    expect([a, b].map((i) => i.output().includes('"msg":"mail sent"'))).toEqual([true, true]);
  });

  it('counts a client against one limit across both instances, by its real address, not a forged header', async () => {
    const login = (base: string, from: string, headers: Record<string, string> = {}) =>
      post(base, '/api/auth/login', {
        from,
        headers,
        json: { email: uniqueEmail('nobody'), password: 'not-the-password' },
      });
    // The credential calls' 20 a minute, half on each instance.
    const direct = newClient();
    const tries = [];
    for (let i = 0; i < 20; i++) tries.push((await login(i % 2 ? b.url : a.url, direct)).status);
    expect(tries).toEqual(tries.map(() => 401));
    const over = await login(a.url, direct);
    expect(over.status).toBe(429);
    expect(over.json().message).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);

    // Through nginx: the instances see each client's own address, and a forged X-Forwarded-For is replaced.
    const client = newClient();
    for (let i = 0; i < 20; i++) expect((await login(nginx.url, client)).status).toBe(401);
    expect((await login(nginx.url, client)).status).toBe(429);
    expect((await login(nginx.url, client, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(429);
    expect((await login(nginx.url, newClient())).status).toBe(401);
  });

  it("streams a coach answer through nginx, holds the founder's caps on the other instance, and stops it from there", async () => {
    const from = newClient();
    const founder = await readyFounder(from);
    const text = Array.from({ length: 60 }, (_, i) => `word${i} `).join('');
    model.set({ text, pieces: 60, pieceDelayMs: 200 });
    const seenBefore = [a, b].map((i) => i.output().split('"url":"/api/ai/chat/completion"').length);
    const res = await open(nginx.url, 'POST', '/api/ai/chat/completion', {
      from,
      token: founder.token,
      headers: { accept: 'text/event-stream' },
      json: { input: 'How do I run customer interviews?' },
    });
    expect(res.statusCode).toBe(200);
    let body = '';
    const reads = res[Symbol.asyncIterator]();
    const readUntil = async (ok: (b: string) => boolean) => {
      while (!ok(body)) {
        const { value, done } = await reads.next();
        if (done) break;
        body += (value as Buffer).toString();
      }
      return parseSse(body);
    };
    const partial = await readUntil((s) => (s.match(/"content"/g) ?? []).length >= 3);
    // Unbuffered: pieces arrive as the model writes them, seconds before the 12 s answer is whole.
    expect(partial.done).toBe(false);
    const { conversationId, responseId } = partial.events[0]!;

    // The instance nginx chose logged the call; the other one is where the founder goes next.
    const serving = [a, b].find(
      (i, n) => i.output().split('"url":"/api/ai/chat/completion"').length > seenBefore[n]!,
    )!;
    expect(serving, 'no instance logged the call').toBeDefined();
    const other = serving === a ? b : a;
    const second = await post(other.url, '/api/ai/chat/completion', {
      from,
      token: founder.token,
      json: { input: 'And a second answer at the same time?' },
    });
    expect(second.status).toBe(429);
    expect(second.json().message).toMatch(/^You already have 1 answers being written\./);
    expect(second.headers['retry-after']).toBeDefined();

    const stop = await post(other.url, `/api/ai/chat/stop/${conversationId}`, { from, token: founder.token });
    expect([stop.status, stop.json().data]).toEqual([200, { conversationId, stopped: true }]);
    const all = await readUntil((s) => s.includes('data: [DONE]'));
    expect(all.done).toBe(true);
    expect(all.text.length).toBeLessThan(text.length);
    const history = await call(other.url, 'GET', `/api/ai/chat-history/${conversationId}`, {
      from,
      token: founder.token,
    });
    const answer = (history.json().data.items as { id: string; status: string; content: string }[]).find(
      (item) => item.id === responseId,
    );
    expect(answer).toMatchObject({ status: 'STOPPED', content: all.text });

    // The hour's budget of 3 answers is one, whichever instance answers: the stopped one counted.
    model.set({});
    const ask = (base: string) =>
      post(base, '/api/ai/chat/completion', { from, token: founder.token, json: { input: 'Next step?' } });
    expect((await ask(a.url)).status).toBe(200);
    expect((await ask(b.url)).status).toBe(200);
    const refused = await ask(a.url);
    expect(refused.status).toBe(429);
    expect(refused.json().message).toMatch(/^You have used this hour's 3 coach answers\. Try again in /);
  });

  it('keeps an upload made through nginx in the bucket, where either instance reads it back', async () => {
    const from = newClient();
    const founder = await readyFounder(from);
    const programs = await call(nginx.url, 'GET', '/api/userProgram/programs', {
      from,
      token: founder.token,
    });
    const missionId = programs.json().data[0].userMilestone[0].userMission[0].id as string;
    // Past nginx's default 1 MB body limit: the shipped configuration lets deliverables through.
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      randomBytes(3 * 1024 * 1024),
      Buffer.from('\n%%EOF\n'),
    ]);
    const form = multipartBody({ name: 'pitch deck.pdf', type: 'application/pdf', data: pdf });
    const uploaded = await post(nginx.url, `/api/userMission/${missionId}/attachments`, {
      from,
      token: founder.token,
      json: undefined,
      body: form.payload,
      headers: form.headers,
    });
    expect(uploaded.status, uploaded.text()).toBe(201);
    const { downloadUrl } = uploaded.json().data as { downloadUrl: string };
    expect([...s3.objects.values()].some((o) => o.body.equals(pdf))).toBe(true);
    for (const instance of [a, b]) {
      const download = await call(instance.url, 'GET', downloadUrl, { from, token: founder.token });
      expect(download.status).toBe(200);
      expect(download.body.equals(pdf)).toBe(true);
    }
  });

  it('restarts an instance without a failed request: nginx sends its calls to the other while it drains', async () => {
    const from = newClient();
    const founder = await readyFounder(from);
    // An answer being written on A keeps it draining for its 5 s grace, answering 503 to what reaches it.
    model.set({ text: 'slow '.repeat(80), pieces: 80, pieceDelayMs: 100 });
    const answer = await open(a.url, 'POST', '/api/ai/chat/completion', {
      from,
      token: founder.token,
      headers: { accept: 'text/event-stream' },
      json: { input: 'Write me a long plan' },
    });
    let streamed = '';
    const streamEnded = (async () => {
      for await (const chunk of answer) streamed += (chunk as Buffer).toString();
    })();
    const statuses: number[] = [];
    let sentAfterSignal = 0;
    let signalled = false;
    // Reads and writes through nginx before the signal, while A drains, and after it has gone, each from a
    // client of its own so that the per-address limit stays out of the way.
    const traffic = (async () => {
      while (!signalled || sentAfterSignal < 60 || a.child.exitCode === null) {
        if (signalled) sentAfterSignal += 1;
        // Two writes to a read, so that nginx's turns send both kinds to both instances.
        const options = { from: newClient(), token: founder.token };
        const reply =
          statuses.length % 3 === 2
            ? await call(nginx.url, 'GET', '/api/auth/me', options)
            : await post(nginx.url, '/api/ai/chat-sessions', options);
        statuses.push(reply.status);
        await sleep(10);
      }
    })();
    await sleep(500);
    a.child.kill('SIGTERM');
    signalled = true;
    expect(await a.exited).toBe(0);
    await Promise.all([traffic, streamEnded]);
    expect(parseSse(streamed)).toMatchObject({
      done: true,
      events: expect.arrayContaining([
        expect.objectContaining({ error: 'The server restarted while answering. Please try again.' }),
      ]),
    });
    expect(sentAfterSignal).toBeGreaterThanOrEqual(60);
    expect(statuses.filter((s) => s >= 300)).toEqual([]);
  });
});
