import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { ask, eventually } from '../ai/support.js';
import { startOtlpCollector } from '../helpers/otlp-collector.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ METRICS_PORT: '0' });
});
afterAll(async () => t?.close());

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The Prometheus text format, read as a scraper reads it: `name{label="value",…} number` per sample. */
function parseExposition(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) types.set(type[1]!, type[2]!);
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return { samples, types };
}

const scrape = async (on: TestApp = t) => {
  const address = on.app.metricsAddress!;
  const res = await fetch(`http://127.0.0.1:${address.port}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return parseExposition(await res.text());
};

describe('metrics on their own port', () => {
  it('counts requests by route pattern, answers, first tokens and the outbox', async () => {
    const user = await readyUser(t.app);
    const asked = await ask(t.app, user.token, '/api/ai/chat/completion', { input: 'How do I price?' });
    expect(asked.done).toBe(true);
    await t.app.inject({ method: 'GET', url: `/api/user/${user.user.id}` });

    const { samples, types } = await scrape();
    expect(types.get('liftoff_http_request_duration_seconds')).toBe('histogram');
    const count = (route: string, status: string) =>
      samples.find(
        (s) =>
          s.name === 'liftoff_http_request_duration_seconds_count' &&
          s.labels.route === route &&
          s.labels.status_code === status,
      )?.value;
    expect(count('/api/auth/signup', '201')).toBe(1);
    expect(count('/api/ai/chat/completion', '200')).toBe(1);
    // A path with an id is counted under its pattern, never under the id.
    expect(samples.some((s) => s.labels.route?.includes(user.user.id))).toBe(false);
    expect(samples.some((s) => s.labels.route === '/api/user/:id' || s.labels.route === 'unmatched')).toBe(
      true,
    );

    const firstToken = samples.find(
      (s) => s.name === 'liftoff_answer_first_token_seconds_count' && s.labels.provider === 'offline',
    );
    expect(firstToken?.value).toBe(1);
    expect(samples.find((s) => s.name === 'liftoff_answers_streaming')?.value).toBe(0);
    const depth = samples.find((s) => s.name === 'liftoff_mail_outbox_depth');
    expect(depth?.value).toBeGreaterThanOrEqual(0);
    if (t.app.dbKind === 'postgres') {
      const total = samples.find(
        (s) => s.name === 'liftoff_db_pool_connections' && s.labels.state === 'total',
      );
      expect(total?.value).toBeGreaterThan(0);
    }
  });

  it('serves nothing else there, and nothing of it on the public port', async () => {
    const address = t.app.metricsAddress!;
    expect((await fetch(`http://127.0.0.1:${address.port}/api/health`)).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });
});

describe('metrics with every request traced', () => {
  it("counts a request once, though both its response and its socket's close finish it", async () => {
    const collector = await startOtlpCollector();
    const traced = await createTestApp({
      METRICS_PORT: '0',
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_TRACES_SAMPLER_ARG: '1',
    });
    try {
      const address = await traced.app.listen({ host: '127.0.0.1', port: 0 });
      for (let i = 0; i < 3; i += 1) expect((await fetch(`${address}/api/health`)).status).toBe(200);
      // A span is ended by the socket's close, the last of the two: once all three are exported, both came.
      await eventually(
        async () => collector.spans.filter((span) => span.name === 'GET /api/health'),
        (spans) => spans.length === 3,
        8000,
      );
      const { samples } = await scrape(traced);
      const counted = samples.find(
        (s) => s.name === 'liftoff_http_request_duration_seconds_count' && s.labels.route === '/api/health',
      );
      expect(counted?.value).toBe(3);
    } finally {
      await traced.close();
      await collector.close();
    }
  });
});
