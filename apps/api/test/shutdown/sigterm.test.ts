import { PGlite } from '@electric-sql/pglite';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, uniqueEmail } from '../helpers/accounts.js';
import { startApi } from '../helpers/server-process.js';
import { parseSse, startFakeOpenAI } from '../ai/support.js';

// The real server in a child process, as a deploy stops it: SIGTERM while a coach answer streams.

let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
let dataDir: string;
let database: {
  env: Record<string, string>;
  read(id: string): Promise<{ content: string; status: string }>;
  drop(): Promise<void>;
};

beforeAll(async () => {
  fake = await startFakeOpenAI();
  dataDir = mkdtempSync(join(tmpdir(), 'liftoff-sigterm-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `liftoff_test_${randomUUID().replace(/-/g, '')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = {
      env: { DATABASE_URL: url.toString() },
      async read(id) {
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        const { rows } = await client.query('select content, status from ai_messages where id = $1', [id]);
        await client.end();
        return rows[0];
      },
      async drop() {
        const client = new pg.Client({ connectionString: serverUrl });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  } else {
    database = {
      env: {},
      async read(id) {
        const db = new PGlite(join(dataDir, 'pglite'));
        const { rows } = await db.query<{ content: string; status: string }>(
          'select content, status from ai_messages where id = $1',
          [id],
        );
        await db.close();
        return rows[0]!;
      },
      async drop() {},
    };
  }
});
afterAll(async () => {
  await fake.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The server as production starts it, in a child process of its own (see startApi). */
const startServer = () =>
  startApi('the server', {
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    WEB_DIST: '/nonexistent-web-dist',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    ENCRYPTION_KEY: '0'.repeat(64),
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: fake.url,
    AI_MODEL: 'fake-model',
    MAIL_OUTBOX_POLL_MS: '100',
    ...database.env,
  });

describe('SIGTERM during a coach answer', () => {
  it('lets the answer run, then stops and saves what the client saw, ends the stream and exits 0 within 10 s', async () => {
    const { url: base, child } = await startServer();
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    try {
      const json = async (path: string, body: unknown, token?: string, method = 'POST') => {
        const res = await fetch(`${base}${path}`, {
          method,
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        return (await res.json()) as { data: Record<string, unknown> };
      };
      const email = uniqueEmail('sigterm');
      const session = (
        await json('/api/auth/signup', { firstName: 'Ada', lastName: 'Founder', email, password: PASSWORD })
      ).data;
      const token = session.token as string;
      let code = '';
      for (let i = 0; i < 100 && !code; i++) {
        const mails = (await (
          await fetch(`${base}/api/dev/mailbox?to=${encodeURIComponent(email)}`)
        ).json()) as {
          data: { text: string }[];
        };
        code = /\b(\d{6})\b/.exec(mails.data[0]?.text ?? '')?.[1] ?? '';
        if (!code) await new Promise((r) => setTimeout(r, 50));
      }
      await json('/api/auth/verify-email', { code }, token);
      const userId = (session.user as { id: string }).id;
      await json(
        `/api/user/${userId}/meta`,
        { meta: { startupName: 'Acme', stage: 'Idea', industry: 'Fintech' } },
        token,
        'PUT',
      );
      await json(`/api/user/update-user/${userId}`, { profileCompleted: true }, token, 'PATCH');

      // A slow model: 100 pieces, 100 ms apart, far longer than the 5 s an answer gets on shutdown.
      fake.set({ text: 'word '.repeat(400), pieces: 100, pieceDelayMs: 100 });
      const res = await fetch(`${base}/api/ai/chat/completion`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          authorization: `Bearer ${token}`,
        },
        body: JSON.stringify({ input: 'How do I run customer interviews?' }),
      });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let body = '';
      let signalledAt = 0;
      let bodyAtSignal = '';
      let finalEventAfterMs = 0;
      for (;;) {
        const { value, done } = await reader.read().catch((error: unknown) => {
          throw new Error(
            `stream broke ${Date.now() - signalledAt} ms after SIGTERM (${String(error)}), after:\n${body.slice(-400)}`,
          );
        });
        if (done) break;
        body += decoder.decode(value, { stream: true });
        if (!signalledAt && parseSse(body).events.length >= 5) {
          signalledAt = Date.now();
          bodyAtSignal = body;
          child.kill('SIGTERM');
        }
        if (signalledAt && body.includes('"followUpQuestions"'))
          finalEventAfterMs ||= Date.now() - signalledAt;
      }
      const code0 = await exited;
      const exitAfterMs = Date.now() - signalledAt;
      console.info(
        `SIGTERM drain: final event after ${finalEventAfterMs} ms, exit ${code0} after ${exitAfterMs} ms`,
      );

      const stream = parseSse(body);
      expect(stream.done).toBe(true);
      const last = stream.events.at(-1)!;
      expect(last.error).toBe('The server restarted while answering. Please try again.');
      // The answer kept streaming after the signal, for the grace time.
      expect(stream.text.length).toBeGreaterThan(parseSse(bodyAtSignal).text.length);
      expect(finalEventAfterMs).toBeGreaterThanOrEqual(4500);
      expect(code0).toBe(0);
      expect(exitAfterMs).toBeLessThan(10_000);
      // Saved: exactly what the client saw.
      const saved = await database.read(last.responseId);
      expect(saved).toEqual({ content: stream.text, status: 'ERROR' });
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 120_000);
});
