import { envelope } from '@liftoff/contracts/common';
import { flagKeyParams, setFlagBody, studioFlag, studioFlags } from '@liftoff/contracts/flags';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { principalOf } from '../../plugins/auth-guard.js';
import { flagsRepository } from './repository.js';
import type { FlagSwitch } from './switch.js';

const tags = ['studio'];

/** The studio's flag screen: admins only. */
export async function flagsStudioRoutes(
  app: FastifyInstance,
  options: {
    switchFlag: FlagSwitch;
    /** Drops this instance's cached value so the switch applies here at once (others within FLAG_CACHE_MS). */
    forget: (key: string) => void;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admins = { roles: ['admin' as const] };

  r.get(
    '/api/studio/flags',
    {
      config: admins,
      schema: {
        tags,
        summary: 'Every feature flag with its state and what it guards (admins)',
        response: { 200: envelope(studioFlags) },
      },
    },
    async () => ok('Feature flags fetched successfully.', await flagsRepository(app.db).listWithDetails()),
  );

  r.put(
    '/api/studio/flags/:key',
    {
      config: admins,
      schema: {
        tags,
        summary: 'Switch a feature flag on or off (admins; audit-logged)',
        params: flagKeyParams,
        body: setFlagBody,
        response: { 200: envelope(studioFlag) },
      },
    },
    async (request) => {
      const flag = await options.switchFlag(
        principalOf(request).userId,
        request.params.key,
        request.body.isEnabled,
      );
      options.forget(flag.key);
      return ok(`${flag.key} is now ${flag.isEnabled ? 'on' : 'off'}.`, flag);
    },
  );
}
