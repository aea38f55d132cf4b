import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Below this a compressed answer saves less than its headers and the work cost. */
const THRESHOLD_BYTES = 1024;
const COMPRESSIBLE = /^(application\/(json|javascript|problem\+json)|text\/|image\/svg\+xml)/;

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer in for an `Accept-Encoding` header: brotli where accepted, else gzip, else none.
 * A q-value of 0 refuses an encoding; `*` accepts both.
 */
export function negotiateEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allows = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

function addVary(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : String(vary ?? '');
  if (!/\baccept-encoding\b/i.test(current))
    reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Compresses the API's answers above 1 KB on the fly (its JSON, the OpenAPI document). Synchronously: a
 * few kilobytes of JSON take tens of microseconds at these levels, less than waking a thread-pool thread.
 * Files are streams and pass untouched (the web app's are compressed at build time and served as such), and
 * the coach's answer stream is written to the socket directly, so it never comes here and each event still
 * leaves at once.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
      const size = Buffer.byteLength(payload);
      const type = String(reply.getHeader('content-type') ?? '');
      if (size < THRESHOLD_BYTES || !COMPRESSIBLE.test(type) || reply.hasHeader('content-encoding'))
        return done(null, payload);
      addVary(reply);
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      if (!encoding) return done(null, payload);
      const body =
        encoding === 'br'
          ? brotliCompressSync(payload, {
              params: {
                // Quality 4: most of brotli's gain for JSON at a small share of the default 11's time.
                [constants.BROTLI_PARAM_QUALITY]: 4,
                [constants.BROTLI_PARAM_SIZE_HINT]: size,
              },
            })
          : gzipSync(payload, { level: 6 });
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      done(null, body);
    });
  },
  { name: 'compression' },
);
