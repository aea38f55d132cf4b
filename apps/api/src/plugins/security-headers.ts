import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (CSP, HSTS, nosniff, frame and referrer rules…) on every response, set on the raw
 * response so a hijacked one (the answer stream) has them too.
 *
 * The middleware is built once. `@fastify/helmet` builds it again on every request — parsing and validating
 * the CSP directives each time — which cost about a quarter of a millisecond per request.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: HelmetOptions) => {
    const setHeaders = helmet(options);
    app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, () => done()));
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
