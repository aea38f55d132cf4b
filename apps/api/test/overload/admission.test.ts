import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

// Past its capacity a process answers fast with 503 and Retry-After instead of letting calls wait without
// limit. Two places and a 300 ms wait here; a call the test holds open keeps its place until released.
let t: TestApp;
let base = '';
let releaseHeld: () => void = () => undefined;
let held = new Promise<void>((resolve) => (releaseHeld = resolve));

beforeAll(async () => {
  t = await createTestApp(
    { MAX_CALLS_IN_FLIGHT: '2', CALL_QUEUE_MS: '300' },
    {
      setup: (app) => {
        app.get('/api/test/held', { config: { public: true } }, async () => {
          await held;
          return { data: 'done' };
        });
      },
    },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  releaseHeld();
  await t.close();
});

// One connection per call, as separate clients would come: none is left open for the server's close to wait on.
const call = (path: string, init: RequestInit = {}) =>
  fetch(`${base}${path}`, { ...init, headers: { connection: 'close' } });

describe('a process over its capacity', () => {
  it('answers the call that waited its longest with 503 and Retry-After, fast, and still answers its health check', async () => {
    const first = call('/api/test/held');
    const second = call('/api/test/held');
    // Let both take their places.
    await new Promise((resolve) => setTimeout(resolve, 100));

    const started = performance.now();
    const refused = await call('/api/auth/me');
    const waited = performance.now() - started;
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const body = await refused.json();
    expect(body).toMatchObject({ statusCode: 503, code: 'SERVER_BUSY' });
    expect(body.message).toMatch(/busy/i);
    expect(waited).toBeGreaterThanOrEqual(250);
    expect(waited).toBeLessThan(2_000);

    // The health check takes no place: a load balancer still sees the process alive.
    expect((await call('/api/health')).status).toBe(200);

    // A call that arrives now waits in line and gets the first place freed.
    const queued = call('/api/auth/me');
    await new Promise((resolve) => setTimeout(resolve, 50));
    releaseHeld();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    // Its own answer (401: no token) shows it was worked on, not refused.
    expect((await queued).status).toBe(401);
  });

  it('gives every place back once the calls are answered, refused or abandoned', async () => {
    held = new Promise<void>((resolve) => (releaseHeld = resolve));
    const abandoned = new AbortController();
    const gone = call('/api/test/held', { signal: abandoned.signal }).catch(() => null);
    const kept = call('/api/test/held');
    await new Promise((resolve) => setTimeout(resolve, 100));
    abandoned.abort();
    await gone;
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The abandoned call's place is free again: this one is worked on at once.
    expect((await call('/api/auth/me')).status).toBe(401);
    releaseHeld();
    expect((await kept).status).toBe(200);
    const answers = await Promise.all([call('/api/auth/me'), call('/api/auth/me')]);
    expect(answers.map((answer) => answer.status)).toEqual([401, 401]);
  });

  it('documents 503 with Retry-After on the API calls, and not on the health check', async () => {
    const doc = (await (await call('/api/docs/json')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(doc.paths['/api/auth/me']?.get?.responses['503']).toBeTruthy();
    expect(doc.paths['/api/health']?.get?.responses['503']).toBeUndefined();
  });
});
