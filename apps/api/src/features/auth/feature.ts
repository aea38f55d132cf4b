import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import type { AccessTokens } from '../../lib/tokens.js';
import { createAuthService } from './service.js';

/** Wires the accounts service to the app's database, mail and limits. */
export function createAuthFeature(
  app: FastifyInstance,
  tokens: AccessTokens,
  hooks: { onProfileCompleted?: (tx: DbOrTx, userId: string) => Promise<void> } = {},
) {
  const service = createAuthService({
    db: app.db,
    config: app.config,
    tokens,
    mailer: app.mailer,
    limiter: app.limiter,
    ...hooks,
  });
  return { service, loadPrincipal: service.loadPrincipal };
}
