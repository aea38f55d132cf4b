import type { Tracer } from '@opentelemetry/api';
import type { LanguageModelV3, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import type { Metrics } from '../../../lib/metrics.js';
import {
  context,
  inRecordedTrace,
  inSpan,
  markFailed,
  SpanStatusCode,
  startChild,
  trace,
} from '../../../lib/tracing.js';

/**
 * The model behind a span per call (the prompt and answer stay out of it: they are the founder's words) and,
 * for streamed answers, the first-token latency. With tracing and metrics both off it is the model itself.
 */
export function tracedModel(
  model: LanguageModelV3,
  tracer: Tracer | null,
  metrics: Metrics | null,
): LanguageModelV3 {
  if (!tracer && !metrics) return model;
  const attributes = {
    'gen_ai.system': model.provider,
    'gen_ai.request.model': model.modelId,
  };
  return {
    specificationVersion: model.specificationVersion,
    provider: model.provider,
    modelId: model.modelId,
    supportedUrls: model.supportedUrls,
    doGenerate: (options) =>
      inSpan(
        tracer,
        `generate ${model.modelId}`,
        { ...attributes, 'gen_ai.operation.name': 'generate' },
        async () => model.doGenerate(options),
      ),
    async doStream(options) {
      const started = performance.now();
      const span =
        tracer && inRecordedTrace()
          ? startChild(tracer, `chat ${model.modelId}`, { ...attributes, 'gen_ai.operation.name': 'chat' })
          : null;
      let result;
      try {
        result = await (span
          ? context.with(trace.setSpan(context.active(), span), () => model.doStream(options))
          : model.doStream(options));
      } catch (error) {
        if (span) {
          markFailed(span, error);
          span.end();
        }
        throw error;
      }
      let first = true;
      let ended = false;
      const end = (failed: boolean) => {
        if (ended) return;
        ended = true;
        if (failed) span?.setStatus({ code: SpanStatusCode.ERROR });
        span?.end();
      };
      const watched = result.stream.pipeThrough(
        new TransformStream<LanguageModelV3StreamPart, LanguageModelV3StreamPart>({
          transform(part, controller) {
            if (first && part.type === 'text-delta' && part.delta) {
              first = false;
              const seconds = (performance.now() - started) / 1000;
              metrics?.firstToken.observe({ provider: model.provider }, seconds);
              span?.addEvent('first token');
            }
            if (part.type === 'error') end(true);
            controller.enqueue(part);
          },
          flush: () => end(false),
        }),
      );
      // A stopped answer cancels the stream: its span ends there too.
      const reader = watched.getReader();
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) controller.close();
          else controller.enqueue(value);
        },
        async cancel(reason) {
          end(false);
          await reader.cancel(reason);
        },
      });
      return { ...result, stream };
    },
  };
}
