import type { FastifyInstance } from 'fastify';
import type { AccessTokens } from '../../lib/tokens.js';
import { createAuthService, type AuthServiceDeps } from './service.js';

/** Wires the accounts service to the app's database, mail and limits. */
export function createAuthFeature(
  app: FastifyInstance,
  tokens: AccessTokens,
  hooks: Pick<AuthServiceDeps, 'onProfileCompleted' | 'onCompanyAnswers' | 'signUpGate' | 'onSignedUp'> = {},
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
