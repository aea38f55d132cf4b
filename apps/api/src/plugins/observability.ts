import type { AddressInfo } from 'node:net';
import type { Span, Tracer } from '@opentelemetry/api';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { serveMetrics, type Metrics } from '../lib/metrics.js';
import {
  context,
  PooledIdGenerator,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Tracing,
} from '../lib/tracing.js';

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

/**
 * What a request's logger knows of its trace. Kept on the request's own child logger (Fastify makes one per
 * request before any hook), so log lines, hooks and the error envelope find it without a lookup table; loggers
 * a handler derives from it inherit it through pino's prototype chain.
 */
interface RequestTrace {
  /** The server span, for a request chosen to be traced; null for the rest. */
  span: Span | null;
  /** Drawn when first asked for (a log line, an error answer): most requests left out never need one. */
  traceId: string | null;
  /**
   * Set once the request's duration is counted and its span ended: with metrics on, a kept request comes to
   * `finish` twice (its response, then its socket's close). A flag here, not a WeakSet of requests: a weak
   * set's entries are ephemerons, which every garbage collection has to walk.
   */
  finished: boolean;
}
const requestTraceKey = Symbol('liftoff.requestTrace');
type TracedLogger = FastifyBaseLogger & { [requestTraceKey]?: RequestTrace };
const idsOfUntracedRequests = new PooledIdGenerator();

function traceIdOfRequest(trace: RequestTrace) {
  trace.traceId ??= idsOfUntracedRequests.generateTraceId();
  return trace.traceId;
}

const requestTraceOf = (request: FastifyRequest) => (request.log as TracedLogger)[requestTraceKey];
const requestSpanOf = (request: FastifyRequest) => requestTraceOf(request)?.span ?? null;

/** The trace id of the request being answered, for the error envelope; undefined when tracing is off. */
export const requestTraceId = (request: FastifyRequest) => {
  const trace = requestTraceOf(request);
  return trace ? traceIdOfRequest(trace) : undefined;
};

/**
 * Adds the request's trace id to every line its logger writes ("incoming request" included), so a founder's
 * report can be matched with it. A pino mixin rather than a binding of the child logger: a binding is
 * serialised (and redacted) when the child is made, for every request, whether it logs or not.
 */
export function traceIdOnLogLines(_line: object, _level: number, logger: TracedLogger) {
  const trace = logger[requestTraceKey];
  return trace ? { traceId: traceIdOfRequest(trace) } : {};
}

/**
 * Makes each request's logger as Fastify would, and decides there, before anything else of the request runs,
 * whether it is traced; a request chosen gets its server span at once, so the whole request is inside it.
 */
export function tracedChildLogger(tracing: Tracing): NonNullable<FastifyServerOptions['childLoggerFactory']> {
  return function (logger, bindings, options, raw) {
    const child = logger.child(bindings, options) as TracedLogger;
    const span = tracing.keepRequest()
      ? tracing.tracer.startSpan(
          `${raw.method} request`,
          {
            kind: SpanKind.SERVER,
            attributes: {
              'http.request.method': raw.method ?? '',
              // The path without its query: reset links and share tokens travel in queries.
              'url.path': (raw.url ?? '').split('?')[0],
            },
          },
          ROOT_CONTEXT,
        )
      : null;
    child[requestTraceKey] = { span, traceId: span ? span.spanContext().traceId : null, finished: false };
    return child;
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
      // Without tracing there is no request trace, and only the response hook comes here.
      const requestTrace = requestTraceOf(request);
      if (requestTrace) {
        if (requestTrace.finished) return;
        requestTrace.finished = true;
      }
      const status = reply.raw.statusCode;
      metrics?.requestDuration.observe(
        { method: request.method, route: routeOf(request), status_code: String(status) },
        reply.elapsedTime / 1000,
      );
      const span = requestTrace?.span;
      if (!span) return;
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }

    if (tracing) {
      // The request's span is made the active context at the start of the hook chain, so the guard's reads,
      // the handler's queries and model calls are children of it. A body that arrives on a later read than the
      // headers comes back into that context too: Fastify runs what follows its body parser in the request's
      // async scope (test/observability/tracing.test.ts holds it), so no later hook has to enter it again.
      // A request left out has no span and is not made active: carrying a context through every await costs
      // all requests, and only kept ones need it.
      app.addHook('onRequest', (request, reply, done) => {
        const span = requestSpanOf(request);
        if (!span) return done();
        const route = routeOf(request);
        span.updateName(`${request.method} ${route}`);
        span.setAttribute('http.route', route);
        reply.raw.once('close', () => finish(request, reply));
        context.with(trace.setSpan(ROOT_CONTEXT, span), done);
      });
      app.addHook('onClose', async () => tracing.shutdown());
    }
    // A traced request's span is ended by its socket's close (above); the hook is for the metrics.
    if (metrics) app.addHook('onResponse', async (request, reply) => finish(request, reply));
    if (!metrics || app.config.METRICS_PORT === undefined) app.decorate('metricsAddress', null);
    else {
      const server = await serveMetrics(metrics, app.config.METRICS_HOST, app.config.METRICS_PORT);
      app.decorate('metricsAddress', server.address() as AddressInfo);
      app.addHook('onClose', async () => new Promise<void>((resolve) => server.close(() => resolve())));
    }
  },
  { name: 'observability' },
);
