import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Span, Tracer } from '@opentelemetry/api';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { serveMetrics, type Metrics } from '../lib/metrics.js';
import { context, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Tracing } from '../lib/tracing.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Null when tracing is off: callers skip their spans at the cost of one comparison. */
    tracer: Tracer | null;
    /** Null when METRICS_PORT is not set. */
    metrics: Metrics | null;
    /** Where the metrics server listens, when it does. */
    metricsAddress: AddressInfo | null;
  }
}

/** Each request's server span, keyed by the raw request (which exists before Fastify's request does). */
const requestSpans = new WeakMap<IncomingMessage | object, Span>();
const finished = new WeakSet<object>();

/** The trace id of the request being answered, for the error envelope; undefined when tracing is off. */
export const requestTraceId = (request: FastifyRequest) =>
  requestSpans.get(request.raw)?.spanContext().traceId;

/**
 * Starts each request's span where Fastify makes the request's logger, so every line that logger writes
 * ("incoming request" included) carries the trace id a founder's report can be matched with.
 */
export function tracedChildLogger(tracer: Tracer): NonNullable<FastifyServerOptions['childLoggerFactory']> {
  return function (logger, bindings, options, raw) {
    const span = tracer.startSpan(`${raw.method} request`, { kind: SpanKind.SERVER }, ROOT_CONTEXT);
    // Attributes only on kept spans: the sampler decides by trace id alone, and the rest are dropped unread.
    if (span.isRecording())
      span.setAttributes({
        'http.request.method': raw.method ?? '',
        // The path without its query: reset links and share tokens travel in queries.
        'url.path': (raw.url ?? '').split('?')[0],
      });
    requestSpans.set(raw, span);
    return logger.child({ ...bindings, traceId: span.spanContext().traceId }, options);
  };
}

/** The route pattern, never the raw path: ids in paths would make a series (and a span name) per record. */
const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? 'unmatched';

export const observabilityPlugin = fp(
  async (app: FastifyInstance, options: { tracing: Tracing | null; metrics: Metrics | null }) => {
    const { tracing, metrics } = options;
    app.decorate('tracer', tracing?.tracer ?? null);
    app.decorate('metrics', metrics);

    function finish(request: FastifyRequest, reply: FastifyReply) {
      if (finished.has(request)) return;
      finished.add(request);
      const status = reply.raw.statusCode;
      metrics?.requestDuration.observe(
        { method: request.method, route: routeOf(request), status_code: String(status) },
        reply.elapsedTime / 1000,
      );
      const span = requestSpans.get(request.raw);
      if (!span) return;
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }

    if (tracing) {
      // The request's span is made the active context at the start of the hook chain and again once the body
      // is read (a body arrives on stream events, outside the request's context), so the guard's reads, the
      // handler's queries and model calls are children of it.
      // A request the sampler left out keeps its trace id (log lines, error answers) but is not made active:
      // carrying a context through every await costs all requests, and only kept ones need it.
      app.addHook('onRequest', (request, reply, done) => {
        const span = requestSpans.get(request.raw);
        if (!span?.isRecording()) return done();
        const route = routeOf(request);
        span.updateName(`${request.method} ${route}`);
        span.setAttribute('http.route', route);
        reply.raw.once('close', () => finish(request, reply));
        context.with(trace.setSpan(ROOT_CONTEXT, span), done);
      });
      app.addHook('preValidation', (request, _reply, done) => {
        const span = requestSpans.get(request.raw);
        if (!span?.isRecording()) return done();
        context.with(trace.setSpan(ROOT_CONTEXT, span), done);
      });
      app.addHook('onClose', async () => tracing.shutdown());
    }
    if (tracing || metrics) {
      app.addHook('onResponse', async (request, reply) => finish(request, reply));
    }
    if (!metrics || app.config.METRICS_PORT === undefined) app.decorate('metricsAddress', null);
    else {
      const server = await serveMetrics(metrics, app.config.METRICS_HOST, app.config.METRICS_PORT);
      app.decorate('metricsAddress', server.address() as AddressInfo);
      app.addHook('onClose', async () => new Promise<void>((resolve) => server.close(() => resolve())));
    }
  },
  { name: 'observability' },
);
