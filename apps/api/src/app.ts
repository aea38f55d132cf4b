import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { authRoutes } from './features/auth/routes.js';
import { createAuthFeature } from './features/auth/feature.js';
import type { AuthService } from './features/auth/service.js';
import { seedFlags } from './features/flags/defaults.js';
import { flagsRoutes } from './features/flags/routes.js';
import { healthRoutes } from './features/health/routes.js';
import { AppError } from './lib/errors.js';
import { redactPaths, requestSerializer } from './lib/logging.js';
import { AccessTokens } from './lib/tokens.js';
import { authGuardPlugin } from './plugins/auth-guard.js';
import { dbPlugin } from './plugins/db.js';
import { docsPlugin } from './plugins/docs.js';
import { errorsPlugin, sendError } from './plugins/errors.js';
import { mailPlugin } from './plugins/mail.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { webAppPlugin } from './plugins/web-app.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export type App = FastifyInstance & { auth: AuthService };

/** Builds the whole API (and the web app it serves) from a parsed configuration; tests call this too. */
export async function buildApp(config: Config): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: { paths: redactPaths, censor: '[redacted]' },
      serializers: { req: requestSerializer },
    },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  // JSON is the API's language; plain text is refused with 415 rather than half-parsed.
  app.removeContentTypeParser('text/plain');
  // Plain HTML forms post url-encoded bodies; JSON stays the default everywhere else.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  await app.register(helmet, {
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
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  await app.register(errorsPlugin);
  await app.register(dbPlugin, { database: config.database });
  await seedFlags(app.db);
  await app.register(rateLimitPlugin);
  await app.register(mailPlugin);
  await app.register(docsPlugin);

  const tokens = new AccessTokens(config.JWT_SECRET, config.ACCESS_TOKEN_TTL_SECONDS);
  const auth = createAuthFeature(app, tokens);
  await app.register(authGuardPlugin, { tokens, loadPrincipal: auth.loadPrincipal });

  await app.register(healthRoutes);
  await app.register(authRoutes, { service: auth.service });
  await app.register(flagsRoutes);
  await app.register(webAppPlugin);

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api');
    if (wantsPage && app.webAppAvailable) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return sendError(reply, new AppError(404, 'NOT_FOUND', `No such endpoint: ${request.method} ${path}`));
  });

  return Object.assign(app as unknown as FastifyInstance, { auth: auth.service });
}
