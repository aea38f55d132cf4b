import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { describe, expect, it } from 'vitest';
import { context, inLeafSpan, SpanStatusCode, trace } from '../../src/lib/tracing.js';

// A database statement's span: a child of the request's, ended as the statement settles. The app's context
// manager, as createTracing installs it.
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());

function tracerWithMemory() {
  const exporter = new InMemorySpanExporter();
  const processor = new SimpleSpanProcessor({ exporter });
  const provider = new TracerProvider({ spanProcessors: [processor] });
  // The processor hands a span over once its resource is settled: flushed before looking.
  const finished = async () => {
    await processor.forceFlush();
    return exporter.getFinishedSpans();
  };
  return { tracer: provider.getTracer('test'), finished };
}

describe('inLeafSpan', () => {
  it('makes a child of the active span that ends when the work settles, and passes its value on', async () => {
    const { tracer, finished } = tracerWithMemory();
    const parent = tracer.startSpan('GET /api/auth/me');
    let release: (value: string) => void = () => undefined;
    const pending = context.with(trace.setSpan(context.active(), parent), () =>
      inLeafSpan(
        tracer,
        'SELECT',
        { 'db.operation.name': 'SELECT' },
        () => new Promise<string>((r) => (release = r)),
      ),
    );
    expect(await finished()).toHaveLength(0);
    release('row');
    expect(await pending).toBe('row');
    const [statement] = await finished();
    expect(statement?.name).toBe('SELECT');
    expect(statement?.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
    expect(statement?.spanContext().traceId).toBe(parent.spanContext().traceId);
    expect(statement?.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('marks the span failed and throws on: a rejection as a rejection, a throw at once as a throw', async () => {
    const { tracer, finished } = tracerWithMemory();
    const duplicate = Object.assign(new Error('duplicate key'), { code: '23505' });
    await expect(inLeafSpan(tracer, 'INSERT', {}, () => Promise.reject(duplicate))).rejects.toBe(duplicate);
    const broken = new TypeError('bad statement');
    // As the driver's query would without a span around it.
    expect(() =>
      inLeafSpan(tracer, 'UPDATE', {}, () => {
        throw broken;
      }),
    ).toThrow(broken);
    const spans = await finished();
    expect(spans.map((span) => [span.name, span.status.code, span.status.message])).toEqual([
      ['INSERT', SpanStatusCode.ERROR, 'Error'],
      ['UPDATE', SpanStatusCode.ERROR, 'TypeError'],
    ]);
  });
});
