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
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
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
  /** Sends what is still buffered and stops the exporter. */
  shutdown(): Promise<void>;
}

let contextManagerInstalled = false;

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
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(settings.ratio) }),
    spanProcessors: [new BatchSpanProcessor({ exporter, scheduledDelayMillis: 1000 })],
  });
  return {
    tracer: provider.getTracer('liftoff-api'),
    ratio: settings.ratio,
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
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A span started now and made the active one for `work`, for code that ends it elsewhere (streams). */
export function startChild(tracer: Tracer, name: string, attributes: Attributes, kind = SpanKind.CLIENT) {
  return tracer.startSpan(name, { kind, attributes }, context.active());
}

export { context, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace };
