import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, PASSWORD, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { startOtlpCollector, type CollectedSpan } from '../helpers/otlp-collector.js';
import { ask, eventually } from '../ai/support.js';

let collector: Awaited<ReturnType<typeof startOtlpCollector>>;
let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  collector = await startOtlpCollector();
  t = await createTestApp(
    { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_TRACES_SAMPLER_ARG: '1', LOG_LEVEL: 'info' },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
});
afterAll(async () => {
  await t?.close();
  await collector?.close();
});

const spansOf = (traceId: string) => collector.spans.filter((span) => span.traceId === traceId);
const waitForSpans = (traceId: string, ok: (spans: CollectedSpan[]) => boolean) =>
  eventually(async () => spansOf(traceId), ok, 8000);

describe('tracing over OTLP/HTTP', () => {
  it('exports a sign-in as a server span whose children are its database queries, and no secret', async () => {
    const account = await readyUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: 'session=cookie-canary-5521' },
      payload: { email: account.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const { token, refreshToken } = res.json().data as { token: string; refreshToken: string };
    const traceId = lines
      .map((line) => JSON.parse(line) as { traceId?: string; req?: { url?: string } })
      .find((line) => line.req?.url === '/api/auth/login')?.traceId;
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);

    const spans = await waitForSpans(traceId!, (found) =>
      found.some((s) => s.name === 'POST /api/auth/login'),
    );
    const server = spans.find((span) => span.name === 'POST /api/auth/login');
    expect(server).toMatchObject({ parentSpanId: '', attributes: { 'http.route': '/api/auth/login' } });
    expect(server!.attributes['http.response.status_code']).toBe(200);
    expect(server!.resource['service.name']).toBe('liftoff-api');
    const queries = spans.filter((span) => span.attributes['db.system.name']);
    expect(queries.length).toBeGreaterThan(0);
    // Every query of the request hangs under the request's span (directly or through another span of it).
    const ids = new Set(spans.map((span) => span.spanId));
    for (const query of queries) expect(ids.has(query.parentSpanId)).toBe(true);
    expect(queries.some((query) => query.parentSpanId === server!.spanId)).toBe(true);
    expect(queries.some((query) => /from "users"/i.test(String(query.attributes['db.query.text'])))).toBe(
      true,
    );

    // A call with the token: its span is exported too, and neither the header nor the token is anywhere.
    await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    await eventually(
      async () => collector.spans.filter((span) => span.name === 'GET /api/auth/me'),
      (found) => found.length > 0,
      8000,
    );
    expect(collector.contentTypes.every((type) => type.startsWith('application/json'))).toBe(true);
    const everything = collector.bodies.join('\n');
    for (const secret of [PASSWORD, token, refreshToken, 'cookie-canary-5521', account.email])
      expect(everything).not.toContain(secret);
    expect(everything.toLowerCase()).not.toContain('authorization');
  });

  it('keeps the queries of a request under its span when the body comes after the headers', async () => {
    // Over a socket a body can arrive on a later read than the headers, on the connection's own events: what
    // follows it (the handler's queries) must still run in the request's context, under its span.
    const account = await readyUser(t.app);
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const body = JSON.stringify({ email: account.email, password: PASSWORD });
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${address}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      req.on('response', (res) => res.resume().on('end', () => resolve(res.statusCode!)));
      req.on('error', reject);
      req.flushHeaders();
      setTimeout(() => req.end(body), 100);
    });
    expect(status).toBe(200);
    const traceId = lines
      .map((line) => JSON.parse(line) as { traceId?: string; req?: { url?: string } })
      .filter((line) => line.req?.url === '/api/auth/login')
      .at(-1)?.traceId;
    const spans = await waitForSpans(traceId!, (found) =>
      found.some((s) => s.name === 'POST /api/auth/login' && s.attributes['http.response.status_code']),
    );
    const server = spans.find((span) => span.name === 'POST /api/auth/login')!;
    const reads = spans.filter((span) => /from "users"/i.test(String(span.attributes['db.query.text'])));
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((read) => read.parentSpanId === server.spanId)).toBe(true);
  });

  it('names the trace id in the error envelope and on the log line of the same request', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing?token=query-canary-77' });
    expect(res.statusCode).toBe(404);
    const body = res.json() as { code: string; traceId: string };
    expect(body.code).toBe('NOT_FOUND');
    expect(body.traceId).toMatch(/^[0-9a-f]{32}$/);
    const logged = lines.filter((line) => line.includes(body.traceId)).map((line) => JSON.parse(line));
    expect(logged.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    const spans = await waitForSpans(body.traceId, (found) => found.length > 0);
    expect(spans[0]!.attributes['url.path']).toBe('/api/no-such-thing');
    expect(collector.bodies.join('\n')).not.toContain('query-canary-77');
  });

  it('traces a coach answer: the model call under the request, the mails the worker sends', async () => {
    const user = await readyUser(t.app);
    const asked = await ask(t.app, user.token, '/api/ai/chat/completion', {
      input: 'How do I find customers?',
    });
    expect(asked.done).toBe(true);
    const traceId = lines
      .map((line) => JSON.parse(line) as { traceId?: string; req?: { url?: string } })
      .filter((line) => line.req?.url === '/api/ai/chat/completion')
      .at(-1)?.traceId;
    const spans = await waitForSpans(traceId!, (found) =>
      ['chat ', 'POST '].every((name) => found.some((s) => s.name.startsWith(name))),
    );
    const server = spans.find((span) => span.name === 'POST /api/ai/chat/completion')!;
    const model = spans.find((span) => span.name.startsWith('chat '))!;
    expect(model.parentSpanId).toBe(server.spanId);
    expect(model.attributes['gen_ai.system']).toBe('offline');
    expect(collector.bodies.join('\n')).not.toContain('How do I find customers?');
    // The sign-up's verification mail went out through the worker, in a trace of its own.
    const mails = await eventually(
      async () => collector.spans.filter((span) => span.name === 'mail send'),
      (found) => found.length > 0,
      8000,
    );
    expect(mails.every((span) => span.parentSpanId === '')).toBe(true);
  });
});

describe('sampling', () => {
  it('keeps about the configured share of traces, whole', async () => {
    const sampled = await startOtlpCollector();
    const app = await createTestApp({
      OTEL_EXPORTER_OTLP_ENDPOINT: sampled.url,
      OTEL_TRACES_SAMPLER_ARG: '0.1',
    });
    try {
      const traceIds = new Set<string>();
      for (let i = 0; i < 300; i += 1) {
        const res = await app.app.inject({ method: 'GET', url: '/api/no-such-thing' });
        traceIds.add((res.json() as { traceId: string }).traceId);
        // A call that reads the database: its statement spans go with its request's trace or not at all.
        await app.app.inject({ method: 'GET', url: '/api/health' });
      }
      // Every request has its trace id, kept or not; the exporter sees about a tenth of them.
      expect(traceIds.size).toBe(300);
      await app.close();
      const kept = new Set(sampled.spans.filter((span) => span.parentSpanId === '').map((s) => s.traceId));
      const keptMisses = [...kept].filter((id) => traceIds.has(id));
      // 300 draws at 0.1: 30 expected, and 10–60 holds with overwhelming probability.
      expect(keptMisses.length).toBeGreaterThanOrEqual(10);
      expect(keptMisses.length).toBeLessThanOrEqual(60);
      // No span of a left-out request is exported on its own: every exported span is of a kept trace.
      expect(sampled.spans.filter((span) => !kept.has(span.traceId))).toEqual([]);
      expect(sampled.spans.some((span) => span.name === 'SELECT')).toBe(true);
    } finally {
      await sampled.close();
    }
  });
});
