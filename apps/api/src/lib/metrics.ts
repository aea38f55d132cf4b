import { createServer, type Server } from 'node:http';
import { Gauge, Histogram, Registry } from 'prom-client';

/** What the metrics read when scraped: kept as callbacks so the parts that own the numbers stay unaware. */
export interface MetricSources {
  answersStreaming?: () => number;
  outboxDepth?: () => Promise<number>;
  pool?: () => { total: number; idle: number; waiting: number };
}

/**
 * The API's Prometheus metrics, in a registry of this app's own (tests build several apps in one process).
 * Route labels are route patterns (`/api/ai/chat-sessions/:id`), never raw paths, so ids cannot blow up the
 * series count.
 */
export function createMetrics() {
  const registry = new Registry();
  const sources: MetricSources = {};
  const requestDuration = new Histogram({
    name: 'liftoff_http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const firstToken = new Histogram({
    name: 'liftoff_answer_first_token_seconds',
    help: "Time from a coach answer's start to the model's first token.",
    labelNames: ['provider'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 30],
    registers: [registry],
  });
  new Gauge({
    name: 'liftoff_answers_streaming',
    help: 'Coach answers streaming on this instance now.',
    registers: [registry],
    collect() {
      this.set(sources.answersStreaming?.() ?? 0);
    },
  });
  new Gauge({
    name: 'liftoff_mail_outbox_depth',
    help: 'Mails waiting in the outbox (neither sent nor given up), all instances.',
    registers: [registry],
    async collect() {
      if (sources.outboxDepth) this.set(await sources.outboxDepth());
    },
  });
  const pool = new Gauge({
    name: 'liftoff_db_pool_connections',
    help: 'Database pool connections by state (PostgreSQL; the embedded database has one, always busy or idle).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const now = sources.pool?.();
      if (!now) return;
      pool.set({ state: 'total' }, now.total);
      pool.set({ state: 'idle' }, now.idle);
      pool.set({ state: 'waiting' }, now.waiting);
    },
  });
  return { registry, sources, requestDuration, firstToken };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Serves `/metrics` on its own port, away from the public API: nothing there needs a token. */
export async function serveMetrics(metrics: Metrics, host: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
