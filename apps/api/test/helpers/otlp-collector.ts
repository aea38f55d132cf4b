import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

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
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      let raw = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') raw = gunzipSync(raw);
      const text = raw.toString('utf8');
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
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bodies,
    spans,
    contentTypes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
