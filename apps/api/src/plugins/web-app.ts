import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import path from 'node:path';

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
