import { sql } from 'drizzle-orm';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { ConfigError, parseConfig } from '../src/config.js';
import {
  bearer,
  codeFrom,
  login,
  mailbox,
  readyUser,
  refresh,
  resetLinkFrom,
  signup,
} from './helpers/accounts.js';
import { createTestApp, testConfig, type TestApp } from './helpers/app.js';

const GENERIC_500 = {
  statusCode: 500,
  code: 'INTERNAL_ERROR',
  message: 'Something went wrong on our side. Please try again.',
};

describe('API foundation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('answers health with the database checked', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', data: { database: 'ok' } });
  });

  it('answers unknown /api paths with the error envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: expect.stringContaining('/api/does-not-exist'),
      statusCode: 404,
      code: 'NOT_FOUND',
    });
  });

  it('without a built web app, page paths answer 404 too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/overview' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('lists every bad field and refuses unknown ones', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'nope', password: 'short', admin: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(/^Please check: /),
    });
    const paths = res
      .json()
      .details.map((d: { path: string }) => d.path)
      .sort();
    expect(paths).toEqual(['admin', 'email', 'firstName', 'lastName', 'password']);
    expect(res.json().details.find((d: { path: string }) => d.path === 'firstName').message).toBe('Required');
  });

  it('words each field problem so a person can act on it', async () => {
    const { token } = await readyUser(t.app);
    const auth = bearer(token);
    const detailsOf = async (url: string, payload: unknown, method: 'POST' | 'PUT' = 'POST') => {
      const res = await t.app.inject({ method, url, headers: auth, payload: payload as object });
      expect(res.statusCode, res.body).toBe(400);
      return Object.fromEntries(
        (res.json().details as { path: string; message: string }[]).map((d) => [d.path, d.message]),
      );
    };
    expect(
      await detailsOf('/api/feedback', { kind: 'PRAISE', subject: 'x'.repeat(201), message: 42 }),
    ).toEqual({
      kind: 'Must be one of: CONTACT_US, TUTORIAL',
      subject: 'At most 200 characters',
      message: 'Must be text',
    });
    expect(
      await detailsOf('/api/ai/feedback', { messageId: 'abc', feedbackType: 'LIKE', comment: '' }),
    ).toMatchObject({ messageId: 'Must be a valid id' });
    expect(await detailsOf('/api/ai/chat-sessions/bulk', { action: 'archive', ids: [] })).toEqual({
      ids: 'At least 1 item',
    });
    expect(
      await detailsOf('/api/userStep/00000000-0000-4000-8000-000000000000/rating', { rating: 9 }, 'PUT'),
    ).toEqual({ rating: 'Must be at most 5' });
  });

  it('refuses a body over BODY_LIMIT_BYTES with 413 PAYLOAD_TOO_LARGE', async () => {
    const payload = JSON.stringify({
      email: 'a@example.com',
      password: 'x'.repeat(t.config.BODY_LIMIT_BYTES),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is too large.',
    });
  });

  it('refuses text/plain with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'whatever-it-is' }),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('refuses invalid JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@example.com",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'The request body is not valid JSON.',
    });
  });

  it('refuses text PostgreSQL cannot store (NUL, lone surrogates) with 400 naming the field, and saves nothing', async () => {
    const { token, user } = await readyUser(t.app);
    const auth = bearer(token);
    const title = await t.app.inject({
      method: 'POST',
      url: '/api/ai/chat-sessions',
      headers: auth,
      payload: { conversationId: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b', title: 'Pricing\u0000plan' },
    });
    expect(title.statusCode).toBe(400);
    expect(title.json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Please check: title',
      details: [{ path: 'title', message: 'Must not contain the NUL character (U+0000)' }],
    });
    const sessions = await t.app.inject({ url: '/api/ai/chat-sessions', headers: auth });
    expect(sessions.json().data.total).toBe(0);

    const search = await t.app.inject({ url: '/api/explore/posts?search=pitch%00deck', headers: auth });
    expect(search.statusCode).toBe(400);
    expect(search.json().details).toEqual([
      { path: 'search', message: 'Must not contain the NUL character (U+0000)' },
    ]);
    const slug = await t.app.inject({ url: '/api/explore/posts/pitch%00deck', headers: auth });
    expect(slug.statusCode).toBe(400);
    expect(slug.json().details[0].path).toBe('slug');

    // JSON may carry half of a surrogate pair as an escape; jsonb refuses it.
    const meta = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${user.id}/meta`,
      headers: { ...auth, 'content-type': 'application/json' },
      payload: `{"meta":{"startupName":"Acme \\ud800","stage":"Idea","industry":"Fintech"}}`,
    });
    expect(meta.statusCode).toBe(400);
    expect(meta.json().details).toEqual([
      { path: 'meta.startupName', message: 'Must be valid Unicode text (it holds half of a surrogate pair)' },
    ]);
    const me = await t.app.inject({ url: '/api/auth/me', headers: auth });
    expect(me.json().data.meta.startupName).toBe('Acme');

    // Checking every string must not overflow the stack on JSON nested very deep.
    const deep = await t.app.inject({
      method: 'POST',
      url: '/api/ai/chat-sessions',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: `{"title":${'{"a":'.repeat(100_000)}"x\\u0000"${'}'.repeat(100_000)}}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().details[0].path).toMatch(/^title\.a\.a\./);
  });

  it('sends security headers, and no-store on API answers', async () => {
    for (const url of ['/api/health', '/api/does-not-exist']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
      expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('serves the OpenAPI document listing every auth path, and a viewer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const expected: [string, string][] = [
      ['/api/auth/signup', 'post'],
      ['/api/auth/login', 'post'],
      ['/api/auth/me', 'get'],
      ['/api/auth/verify-email', 'post'],
      ['/api/auth/resend-email-verification', 'post'],
      ['/api/auth/send-reset-password-link', 'post'],
      ['/api/auth/reset-password', 'post'],
      ['/api/auth/change-password', 'post'],
      ['/api/auth/check-user-email-exists', 'post'],
      ['/api/auth/refresh', 'post'],
      ['/api/auth/logout', 'post'],
      ['/api/user/update-user/{id}', 'patch'],
      ['/api/user/{id}/meta', 'put'],
      ['/api/feature-flags', 'get'],
      ['/api/health', 'get'],
    ];
    for (const [p, method] of expected) expect(doc.paths[p]?.[method], `${method} ${p}`).toBeDefined();
    // The signup body is documented field by field.
    const signupSchema = doc.paths['/api/auth/signup'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(signupSchema.properties).sort()).toEqual([
      'email',
      'firstName',
      'lastName',
      'password',
    ]);

    const viewer = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(viewer.statusCode).toBe(200);
    expect(viewer.headers['content-type']).toMatch(/text\/html/);
    expect(viewer.body).toMatch(/swagger/i);
  });

  it('answers 5xx without a stack or SQL, for thrown errors and real database errors', async () => {
    const app = await buildApp(t.config);
    app.get('/api/test/boom', { config: { public: true } }, async () => {
      throw new Error("select * from users where email = 'ada@example.com'");
    });
    app.get('/api/test/db-boom', { config: { public: true } }, async () => {
      await app.db.execute(sql`select password_hash from no_such_table`);
      return {};
    });
    app.get('/api/test/status-boom', { config: { public: true } }, async () => {
      throw Object.assign(new Error('upstream said: insert into users values (...)'), { statusCode: 502 });
    });
    await app.ready();
    try {
      for (const url of ['/api/test/boom', '/api/test/db-boom', '/api/test/status-boom']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(500);
        expect(res.json()).toEqual(GENERIC_500);
        expect(res.body).not.toMatch(/select|insert|no_such_table|users|\.ts:\d+|at /i);
      }
    } finally {
      await app.close();
    }
  });
});

describe('configuration', () => {
  it('a bad or missing variable stops the start, naming it', () => {
    const attempt = (env: Record<string, string>) => {
      try {
        parseConfig(env);
      } catch (error) {
        return error;
      }
      return null;
    };
    const bad = attempt({ PORT: 'eighty', DATABASE_URL: 'not a url', DATA_DIR: tmpdir() });
    expect(bad).toBeInstanceOf(ConfigError);
    expect((bad as ConfigError).problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'DATABASE_URL',
      'PORT',
    ]);

    const production = attempt({ NODE_ENV: 'production', DATA_DIR: tmpdir() });
    expect(production).toBeInstanceOf(ConfigError);
    expect((production as ConfigError).message).toMatch(/JWT_SECRET: required in production/);
    expect((production as ConfigError).message).toMatch(/APP_URL: required in production/);
    // Without SMTP the outbox would log codes and links: production refuses to start that way.
    expect((production as ConfigError).message).toMatch(/SMTP_URL: required in production/);
  });
});

describe('rate limits, in production mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      NODE_ENV: 'production',
      APP_URL: 'https://app.liftoff.test',
      // Never contacted: these tests send no mail.
      SMTP_URL: 'smtp://127.0.0.1:2525',
      CREDENTIAL_RATE_LIMIT_PER_MINUTE: '3',
      RATE_LIMIT_PER_MINUTE: '8',
    });
  });

  it('has no development outbox in production', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox?to=someone@example.com' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
  afterAll(() => t?.close());

  it('limits credential calls per IP with 429 RATE_LIMITED', async () => {
    const attempt = (remoteAddress = '127.0.0.1') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        payload: { email: 'nobody@example.com', password: 'wrong-password' },
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/Too many requests/),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // A forged X-Forwarded-For does not get around it (TRUST_PROXY is off by default).
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-for': '203.0.113.77' },
      payload: { email: 'nobody@example.com', password: 'wrong-password' },
    });
    expect(forged.statusCode).toBe(429);
    // Another client is not affected.
    expect((await attempt('198.51.100.7')).statusCode).toBe(401);
  });

  it('limits every other call per IP at the global rate; health is exempt', async () => {
    const remoteAddress = '192.0.2.44';
    const account = await signup(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      statuses.push(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/auth/me',
            remoteAddress,
            headers: bearer(account.token),
          })
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(200));
    expect(statuses[8]).toBe(429);
    expect((await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress })).statusCode).toBe(200);
  });

  it('counts calls without a valid token and calls to unknown paths too', async () => {
    const probe = async (remoteAddress: string, url: string, headers = {}) => {
      const statuses: number[] = [];
      for (let i = 0; i < 9; i++)
        statuses.push((await t.app.inject({ method: 'GET', url, remoteAddress, headers })).statusCode);
      return statuses;
    };
    const badToken = await probe('192.0.2.45', '/api/auth/me', bearer('not-a-token'));
    expect(badToken.slice(0, 8)).toEqual(Array(8).fill(401));
    expect(badToken[8]).toBe(429);
    const unknown = await probe('192.0.2.46', '/api/no-such-thing');
    expect(unknown.slice(0, 8)).toEqual(Array(8).fill(404));
    expect(unknown[8]).toBe(429);
  });
});

describe('serving the web app, logs', () => {
  let t: TestApp;
  let webDist: string;
  const lines: string[] = [];
  const logs = () => lines.join('');
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'liftoff-web-'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><body><div id="root">liftoff-spa-shell</div></body></html>',
    );
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js'), 'console.log("app");');
    t = await createTestApp(
      { WEB_DIST: webDist, LOG_LEVEL: 'info', APP_URL: 'https://app.liftoff.test' },
      {
        logStream: { write: (line: string) => void lines.push(line) },
        setup(app) {
          app.get('/api/test/boom', { config: { public: true } }, async () => {
            throw new Error('select * from users -- internal detail');
          });
          // Failed queries whose parameters and row hold data that must stay out of the logs.
          app.get('/api/test/query-boom', { config: { public: true } }, async () => {
            await app.db.execute(
              sql`select password_hash from no_such_table where password_hash = ${'param-canary-5521'}`,
            );
            return {};
          });
          app.get('/api/test/row-boom', { config: { public: true } }, async () => {
            await app.db.transaction(async (tx) => {
              await tx.execute(sql`create temporary table canary_rows (id int not null, secret text)`);
              await tx.execute(sql`insert into canary_rows (id, secret) values (null, ${'row-canary-7730'})`);
            });
            return {};
          });
        },
      },
    );
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('answers index.html for any non-/api page path, and JSON 404 under /api', async () => {
    for (const url of ['/', '/overview', '/programs/123/missions', '/reset-password?token=abc']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('liftoff-spa-shell');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toBeDefined();
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toMatch(/immutable/);
    // A chunk of an earlier build is missing, not a page.
    const gone = await t.app.inject({ method: 'GET', url: '/assets/app-0ld0ld.js' });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain('liftoff-spa-shell');

    const api = await t.app.inject({ method: 'GET', url: '/api/x' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/application\/json/);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it("logs a failed query's SQL and cause, never its parameters or row", async () => {
    for (const url of ['/api/test/query-boom', '/api/test/row-boom']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(500);
    }
    const failures = lines.filter((line) => line.includes('request failed'));
    expect(failures).toHaveLength(2);
    // What finding the fault needs is there: the statement and the database's own complaint.
    expect(failures[0]).toMatch(/Failed query: select password_hash from no_such_table/);
    expect(failures[0]).toMatch(/no_such_table.*does not exist/);
    expect(failures[1]).toMatch(/Failed query: insert into canary_rows/);
    expect(failures[1]).toMatch(/not-null constraint/);
    expect(logs()).not.toContain('param-canary-5521');
    expect(logs()).not.toContain('row-canary-7730');
  });

  it('never logs a password, token or code', async () => {
    const password = 'log-canary-password-31';
    const newPassword = 'log-canary-password-new-47';
    const account = await signup(t.app, { password });
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        firstName: 'Form',
        lastName: 'Filler',
        email: `form-${account.email}`,
        password,
      }).toString(),
    });
    expect(form.statusCode).toBe(201);
    const [mail] = await mailbox(t.app, account.email);
    const code = codeFrom(mail!);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      headers: bearer(account.token),
      payload: { code: wrongCode },
    });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/verify-email',
          headers: bearer(account.token),
          payload: { code },
        })
      ).statusCode,
    ).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: 'log-canary-wrong-password' },
    });
    const session = await login(t.app, account.email, password);
    const rotated = (await refresh(t.app, session.refreshToken)).json().data;
    await refresh(t.app, session.refreshToken); // reuse: revokes the family, logged as a refusal at most

    await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-reset-password-link',
      payload: { email: account.email },
    });
    const resetMail = (await mailbox(t.app, account.email, { atLeast: 2 })).find((m) =>
      m.subject.startsWith('Reset'),
    );
    const { token: resetToken } = resetLinkFrom(resetMail!);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { token: resetToken, password: newPassword },
        })
      ).statusCode,
    ).toBe(200);
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${resetToken}` });
    const again = await login(t.app, account.email, newPassword);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(again.token),
      payload: { currentPassword: newPassword, newPassword: `${newPassword}-2` },
    });
    const boom = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(boom.json()).toEqual(GENERIC_500);
    await mailbox(t.app, account.email, { atLeast: 4 }); // the background "password changed" mails

    const output = logs();
    // Requests are logged (with their ids), and the 5xx with its cause for the operator.
    expect(output).toContain('"url":"/api/auth/login"');
    expect(output).toContain('"url":"/reset-password"');
    expect(output).toMatch(/"level":50.*"reqId":"[^"]+".*select \* from users/);

    // The development outbox prints each mail by design (api-contract.md); nothing else may carry a secret.
    const outsideOutbox = lines.filter((line) => !line.includes('"msg":"development outbox:')).join('');
    expect(lines.some((line) => line.includes('"msg":"development outbox:'))).toBe(true);
    const secrets = {
      password,
      newPassword,
      wrongPassword: 'log-canary-wrong-password',
      accessToken: account.token,
      sessionToken: session.token,
      refreshToken: account.refreshToken,
      sessionRefresh: session.refreshToken,
      rotatedRefresh: rotated.refreshToken,
      rotatedAccess: rotated.accessToken,
      resetToken,
      code,
      wrongCode,
    };
    for (const [name, secret] of Object.entries(secrets))
      expect(outsideOutbox.includes(secret), name).toBe(false);
  });
});

describe('restarts', () => {
  it('a second start on the same PGlite data directory keeps the data', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'liftoff-restart-'));
    try {
      const config = testConfig({ DATA_DIR: dataDir });
      expect(config.database).toEqual({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
      const first = await buildApp(config);
      await first.ready();
      const account = await signup(first);
      await first.close();

      const second = await buildApp(config);
      await second.ready();
      try {
        const session = await login(second, account.email, account.password);
        expect(session.user.id).toBe(account.user.id);
        expect(
          (await second.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(account.token) }))
            .statusCode,
        ).toBe(200);
        const flags = await second.inject({
          method: 'GET',
          url: '/api/feature-flags',
          headers: bearer(session.token),
        });
        expect(flags.json().data).toEqual([{ key: 'workspace_ai', isEnabled: true }]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('shutdown', () => {
  it('lets a handler whose client has left finish its database work before the database closes', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    let outcome: 'saved' | 'failed' | null = null;
    const t2 = await createTestApp(
      {},
      {
        setup: (app) => {
          app.post('/api/test/slow-save', { config: { public: true } }, async () => {
            started();
            await released;
            try {
              await app.db.execute(sql`select 1`);
              outcome = 'saved';
            } catch (error) {
              outcome = 'failed';
              throw error;
            }
            return {};
          });
        },
      },
    );
    await t2.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t2.app.server.address() as AddressInfo;
    // A client that sends its request and goes away (a closed tab), just as the server is told to stop.
    const socket = connect(port, '127.0.0.1');
    socket.write(
      'POST /api/test/slow-save HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
    );
    await handlerStarted;
    socket.destroy();
    const closing = t2.close();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(outcome).toBeNull();
    release();
    await closing;
    expect(outcome).toBe('saved');
  });
});
