import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';

export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { public: true, rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Liveness with the database checked',
        security: [],
        response: {
          200: z.object({
            status: z.literal('ok'),
            message: z.string(),
            data: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
          }),
        },
      },
    },
    async () => {
      try {
        await app.checkDatabase();
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError(503, 'INTERNAL_ERROR', 'The database is not reachable.');
      }
      // `status` at the top level is what load balancers read; the envelope is for everything else.
      return {
        status: 'ok' as const,
        message: 'Service is healthy.',
        data: { status: 'ok' as const, database: 'ok' as const },
      };
    },
  );
}
