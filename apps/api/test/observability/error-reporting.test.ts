import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrubEvent } from '@liftoff/contracts/error-report-scrub';
import { bearer, PASSWORD, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { startOtlpCollector } from '../helpers/otlp-collector.js';
import { startSentryIngest } from '../helpers/sentry-ingest.js';
import { eventually } from '../ai/support.js';

let ingest: Awaited<ReturnType<typeof startSentryIngest>>;
let collector: Awaited<ReturnType<typeof startOtlpCollector>>;
let t: TestApp;

beforeAll(async () => {
  ingest = await startSentryIngest();
  // Tracing on too: the trace id that the error envelope names is the tag that finds the report.
  collector = await startOtlpCollector();
  t = await createTestApp(
    { SENTRY_DSN: ingest.dsn, OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_TRACES_SAMPLER_ARG: '1' },
    {
      // A route that fails as a bug would: nothing in the app answers 500 on purpose.
      setup: (app) => {
        app.post('/api/test-only/explode', async () => {
          throw new Error('the ledger is inconsistent');
        });
      },
    },
  );
});
afterAll(async () => {
  await t?.close();
  await collector?.close();
  await ingest?.close();
});

describe('error reporting through Sentry', () => {
  it('reports a 5xx with its trace id and without headers, cookies, body, query or e-mail', async () => {
    const account = await readyUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-only/explode?token=query-canary-31',
      headers: { ...bearer(account.token), cookie: 'session=cookie-canary-88' },
      payload: { email: account.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(500);
    const { traceId, code } = res.json() as { traceId: string; code: string };
    expect(code).toBe('INTERNAL_ERROR');
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);

    const events = await eventually(
      async () => ingest.events(),
      (found) => found.length > 0,
      8000,
    );
    expect(events).toHaveLength(1);
    const event = events[0] as {
      tags: Record<string, string>;
      exception: { values: { type: string; value: string }[] };
    };
    expect(event.tags).toMatchObject({
      trace_id: traceId,
      'http.route': '/api/test-only/explode',
      'http.method': 'POST',
    });
    expect(event.exception.values[0]).toMatchObject({ type: 'Error', value: 'the ledger is inconsistent' });

    const everything = ingest.bodies.join('\n');
    for (const secret of [account.token, PASSWORD, account.email, 'cookie-canary-88', 'query-canary-31'])
      expect(everything).not.toContain(secret);
    expect(everything.toLowerCase()).not.toContain('authorization');
  });

  it('reports nothing for a caller’s mistake (4xx)', async () => {
    const before = ingest.items.length;
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ingest.items.length).toBe(before);
  });

  it('strips what an event might carry: headers, cookies, body, query string, e-mail', () => {
    const event = scrubEvent({
      request: {
        method: 'POST',
        url: 'https://liftoff.example/api/auth/login?token=abc',
        headers: { authorization: 'Bearer abc', cookie: 'session=1' },
        cookies: { session: '1' },
        data: { password: PASSWORD },
        query_string: 'token=abc',
      },
      user: { id: 'u1', email: 'founder@example.com', ip_address: '203.0.113.9' },
    });
    expect(event.request).toEqual({ method: 'POST', url: 'https://liftoff.example/api/auth/login' });
    expect(event.user).toEqual({ id: 'u1' });
  });
});

describe('without SENTRY_DSN', () => {
  it('makes no reporter at all', async () => {
    const plain = await createTestApp();
    try {
      expect(plain.app.errorReporter).toBeNull();
    } finally {
      await plain.close();
    }
  });
});
