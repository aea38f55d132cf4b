import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../lib/errors.js';
import { sendError } from './errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the built web app is there to serve. */
    webAppAvailable: boolean;
  }
}

/**
 * Serves the built web app, precompressed, outside the API's rate limit; the not-found handler answers
 * index.html for client-side routes.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance) => {
    const root = path.resolve(app.config.WEB_DIST);
    const available = existsSync(path.join(root, 'index.html'));
    app.decorate('webAppAvailable', available);
    if (!available) {
      app.log.warn(`No built web app in ${root}; run "npm run build" to serve it.`);
      return;
    }
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz beside every text file (apps/web/build/precompress.ts): the one the browser
      // accepts is sent as it is, with no compression work per request.
      preCompressed: true,
      // Hashed assets never change; index.html must always be fresh so new versions are picked up.
      // On the reply, not reply.raw: the reply's own cache-control (send's default) would win over a raw header.
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  },
  { name: 'web-app' },
);

/**
 * Answers every path no route claims: a page of the web app gets its shell (client-side routing takes it from
 * there), anything else a 404 in the API's error shape. Call it after the web app plugin and the rate limiter.
 */
export function answerUnknownPaths(app: FastifyInstance): void {
  // Unknown paths are rate limited like known ones, so probing them costs the prober too.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    // A script or style the build does not have (one a page loaded before a deploy still asks for) is missing,
    // not a page: the shell in its place would reach the browser as a script of the wrong type.
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !urlPath.startsWith('/api') &&
      !urlPath.startsWith('/assets/');
    if (wantsPage && app.webAppAvailable) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return sendError(reply, new AppError(404, 'NOT_FOUND', `No such endpoint: ${request.method} ${urlPath}`));
  });
}
