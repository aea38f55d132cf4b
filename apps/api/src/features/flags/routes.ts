import { envelope } from '@liftoff/contracts/common';
import { featureFlags, flagsMessage } from '@liftoff/contracts/flags';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { flagsRepository } from './repository.js';

export async function flagsRoutes(app: FastifyInstance) {
  const repository = flagsRepository(app.db);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/feature-flags',
    {
      config: { allowUnverified: true, allowPendingTwoFactor: true },
      schema: { tags: ['flags'], summary: 'Feature flags', response: { 200: envelope(featureFlags) } },
    },
    async () => ok(flagsMessage, await repository.list()),
  );
}
