import type { FastifyInstance } from 'fastify';
import type { AccessTokens } from '../../lib/tokens.js';
import { createAuthService, type AuthServiceDeps } from './service.js';

/** Wires the accounts service to the app's database, mail and limits. */
export function createAuthFeature(
  app: FastifyInstance,
  tokens: AccessTokens,
  hooks: Pick<AuthServiceDeps, 'onProfileCompleted' | 'signUpGate' | 'onSignedUp'> = {},
) {
  const pending = new Set<Promise<void>>();
  const service = createAuthService({
    db: app.db,
    config: app.config,
    tokens,
    mailer: app.mailer,
    limiter: app.limiter,
    background(task) {
      const run = task().catch((error) => app.log.error({ err: error }, 'background task failed'));
      pending.add(run);
      void run.finally(() => pending.delete(run));
    },
    ...hooks,
  });
  // Mails queued in the background are sent before the process exits.
  app.addHook('onClose', async () => void (await Promise.allSettled([...pending])));
  return { service, loadPrincipal: service.loadPrincipal };
}
