import {
  context,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { randomFillSync } from 'node:crypto';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  SamplingDecision,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type IdGenerator,
  type Sampler,
  type SamplingResult,
} from '@opentelemetry/sdk-trace';

export interface TracingSettings {
  /** OTLP/HTTP base address (`http://collector:4318`); spans go to `<it>/v1/traces` as JSON. */
  endpoint: string;
  /** Share of traces kept, 0–1. */
  ratio: number;
  serviceName: string;
  environment: string;
}

export interface Tracing {
  tracer: Tracer;
  ratio: number;
  /**
   * Whether the request arriving now is traced. Decided before any span exists, so a request left out costs
   * one random draw: no span object, no sampler call, no context (see plugins/observability.ts).
   */
  keepRequest(): boolean;
  /** Sends what is still buffered and stops the exporter. */
  shutdown(): Promise<void>;
}

let contextManagerInstalled = false;
const ALL_ZERO = '0'.repeat(32);

/**
 * Trace and span ids cut from a pool of random hex refilled a few kilobytes at a time. Every request gets a
 * trace id (kept or not: log lines and error answers carry it), so its cost is paid on every call; the
 * default generator draws each id from Math.random four bytes at a time. The pool is hex already, so an id is
 * a slice of it: about 0.04 µs for a trace and a span id, against 0.2 µs hex-encoding each from bytes.
 */
export class PooledIdGenerator implements IdGenerator {
  private readonly bytes = Buffer.allocUnsafe(8192);
  private hex = '';
  private at = 0;

  private next(bytes: number): string {
    const length = bytes * 2;
    if (this.at + length > this.hex.length) {
      randomFillSync(this.bytes);
      this.hex = this.bytes.toString('hex');
      this.at = 0;
    }
    const id = this.hex.slice(this.at, (this.at += length));
    // An all-zero id is invalid; 2^-64 at worst, but cheap to rule out.
    return id === ALL_ZERO.slice(0, length) ? `1${id.slice(1)}` : id;
  }

  generateTraceId() {
    return this.next(16);
  }

  generateSpanId() {
    return this.next(8);
  }
}

/**
 * Roots of kind SERVER are requests, and a request's span is only made once `keepRequest` chose it: kept as
 * they come. Every other root (a mail sent by the worker) is decided here by its trace id at the ratio.
 */
class RequestsChosenAheadSampler implements Sampler {
  private readonly byTraceId: TraceIdRatioBasedSampler;

  constructor(private readonly ratio: number) {
    this.byTraceId = new TraceIdRatioBasedSampler(ratio);
  }

  shouldSample(...[parent, traceId, , kind]: Parameters<Sampler['shouldSample']>): SamplingResult {
    if (kind === SpanKind.SERVER) return { decision: SamplingDecision.RECORD_AND_SAMPLED };
    return this.byTraceId.shouldSample(parent, traceId);
  }

  toString() {
    return `RequestsChosenAhead{${this.ratio}}`;
  }
}

/**
 * A tracer provider of this app's own (not the global one: tests build several apps in one process), exporting
 * in batches so a request never waits on the collector. The context manager is process-wide by nature; it is
 * installed once, and only when tracing is on, so an app without tracing pays nothing for it.
 */
export function createTracing(settings: TracingSettings): Tracing {
  if (!contextManagerInstalled) {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    contextManagerInstalled = true;
  }
  const exporter = new OTLPTraceExporter({ url: `${settings.endpoint.replace(/\/$/, '')}/v1/traces` });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      'service.name': settings.serviceName,
      'deployment.environment.name': settings.environment,
    }),
    // A request that arrives sampled or not from a caller is not trusted to decide: only our own roots decide.
    sampler: new ParentBasedSampler({ root: new RequestsChosenAheadSampler(settings.ratio) }),
    idGenerator: new PooledIdGenerator(),
    spanProcessors: [new BatchSpanProcessor({ exporter, scheduledDelayMillis: 1000 })],
  });
  return {
    tracer: provider.getTracer('liftoff-api'),
    ratio: settings.ratio,
    keepRequest: () => settings.ratio >= 1 || Math.random() < settings.ratio,
    shutdown: () => provider.shutdown(),
  };
}

/** The trace id of a span, or undefined for no span. */
export const traceIdOf = (span: Span | undefined) => span?.spanContext().traceId;

/**
 * Whether work started now belongs to a trace being kept. A request the sampler left out has no active span
 * (see plugins/observability.ts), so its statements and calls make no spans: nothing to export, no context
 * to carry, and no orphan traces of their own.
 */
export const inRecordedTrace = () => trace.getActiveSpan()?.isRecording() === true;

/** Marks a span failed with the error's name only: a message can carry what a founder typed. */
export function markFailed(span: Span, error: unknown) {
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
}

/**
 * Runs `work` in a child span of the active one when that trace is kept (`root`: in a new trace, for work no
 * request caused). Errors mark the span and are thrown on; `tracer` null (tracing off) runs `work` as it is,
 * at the cost of one comparison.
 */
export async function inSpan<T>(
  tracer: Tracer | null,
  name: string,
  attributes: Attributes,
  work: (span: Span | null) => Promise<T>,
  kind: SpanKind = SpanKind.CLIENT,
  { root = false }: { root?: boolean } = {},
): Promise<T> {
  if (!tracer || (!root && !inRecordedTrace())) return work(null);
  return tracer.startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      markFailed(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * `work` in a child span of the active one, for work that starts no spans of its own (a database statement):
 * the span is not made active, so no context is entered for it, and it ends as the work settles. Cheaper than
 * `inSpan` on a path every kept request takes several times (bench/tracing-cost.mjs, every request traced:
 * +32.6 % → +23.8 % CPU on GET /api/auth/me). Work that throws at once throws at once, as it would untraced.
 */
export function inLeafSpan<T>(
  tracer: Tracer,
  name: string,
  attributes: Attributes,
  work: () => Promise<T>,
): Promise<T> {
  const span = startChild(tracer, name, attributes);
  const failed = (error: unknown) => {
    markFailed(span, error);
    span.end();
    throw error;
  };
  let pending: Promise<T>;
  try {
    pending = work();
  } catch (error) {
    return failed(error);
  }
  return pending.then((value) => {
    span.end();
    return value;
  }, failed);
}

/** A child span of the active one, started now and not made active, for code that ends it elsewhere (streams). */
export function startChild(tracer: Tracer, name: string, attributes: Attributes, kind = SpanKind.CLIENT) {
  return tracer.startSpan(name, { kind, attributes }, context.active());
}

export { context, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace };
