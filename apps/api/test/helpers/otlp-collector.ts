import { startPostReceiver } from './post-receiver.js';

type OtlpValue = {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
};

export interface CollectedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  resource: Record<string, unknown>;
}

const flatten = (attributes: { key: string; value: OtlpValue }[] = []) =>
  Object.fromEntries(
    attributes.map(({ key, value }) => [
      key,
      value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue,
    ]),
  );

/**
 * An OTLP/HTTP collector stand-in: a real HTTP server taking `POST /v1/traces` in the protocol's JSON encoding
 * (what the exporter sends), keeping every raw body (to search for what must never arrive) and the decoded spans.
 */
export async function startOtlpCollector() {
  const bodies: string[] = [];
  const spans: CollectedSpan[] = [];
  const contentTypes: string[] = [];
  const receiver = await startPostReceiver(
    (url) => url === '/v1/traces',
    (text, request) => {
      bodies.push(text);
      contentTypes.push(String(request.headers['content-type']));
      const payload = JSON.parse(text) as {
        resourceSpans: {
          resource?: { attributes?: { key: string; value: OtlpValue }[] };
          scopeSpans: {
            spans: (Omit<CollectedSpan, 'attributes' | 'resource'> & { attributes?: never })[];
          }[];
        }[];
      };
      for (const resourceSpans of payload.resourceSpans) {
        const resource = flatten(resourceSpans.resource?.attributes);
        for (const scope of resourceSpans.scopeSpans)
          for (const span of scope.spans)
            spans.push({
              ...span,
              parentSpanId: span.parentSpanId ?? '',
              attributes: flatten(span.attributes),
              resource,
            });
      }
    },
  );
  return {
    url: `http://127.0.0.1:${receiver.port}`,
    bodies,
    spans,
    contentTypes,
    close: receiver.close,
  };
}
