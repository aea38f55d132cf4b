import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import { contentDir } from '../../lib/paths.js';

const IMAGE = /\.(svg|png|jpe?g|webp)$/i;

/**
 * The content pack's public files at /api/content/...: images anywhere (hero images, icons, avatars,
 * tutorial media) and the downloadable templates. Never the pack's sources (.md/.yaml elsewhere).
 * Public (an <img> cannot send a bearer token) and cached for a day.
 */
export async function contentFilesPlugin(app: FastifyInstance, options: { root?: string } = {}) {
  const root = path.resolve(options.root ?? contentDir);
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), public: true };
  });
  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode === 200) {
      reply.header('cache-control', 'public, max-age=86400');
      // Served SVGs are documents of their own: nothing in them may run or load.
      reply.header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; sandbox",
      );
    }
  });
  await app.register(fastifyStatic, {
    root,
    prefix: '/api/content/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    cacheControl: false,
    allowedPath: (pathname) => {
      const relative = decodeURIComponent(pathname).replace(/^\/+/, '');
      if (relative.split('/').some((part) => part.startsWith('.') || part === '')) return false;
      return IMAGE.test(relative) || (relative.startsWith('templates/') && /\.(md|csv)$/i.test(relative));
    },
  });
}
