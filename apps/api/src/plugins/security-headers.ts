import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The headers helmet sets for these options, worked out once. Every directive Liftoff gives is a fixed
 * string (none is a function of the request, such as a nonce), so each response gets the same headers.
 * Running the middleware per request instead rebuilt the CSP string and called a dozen small functions each
 * time: about 2 % of the server's CPU on a call like `/api/auth/me`.
 */
export function helmetHeaders(options: HelmetOptions): ReadonlyArray<readonly [string, string]> {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader: (name: string, value: string | number) => headers.push([name, String(value)]),
    // Helmet removes X-Powered-By, which Node's own server never sets.
    removeHeader: () => {},
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => (finished = true));
  if (!finished || headers.length === 0) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

/**
 * Helmet's security headers (CSP, HSTS, nosniff, frame and referrer rules…) on every response. They go in the
 * reply's own headers, which Fastify writes in one `writeHead` with the rest. Set on the raw response instead,
 * each was checked and stored one by one, and Node then merged every other header of the reply the same slow
 * way: 2–3 % of the server's CPU on a call like `/api/auth/me`. A reply that takes over the socket (the
 * answer stream) writes `reply.getHeaders()` itself, so it has them too.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: HelmetOptions) => {
    const headers = Object.fromEntries(
      helmetHeaders(options).map(([name, value]) => [name.toLowerCase(), value]),
    );
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);

/** Liftoff's own policy: its scripts, styles and media from itself only; images from anywhere over https. */
export const appSecurityHeaders: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      mediaSrc: ["'self'", 'blob:', 'data:'],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};
