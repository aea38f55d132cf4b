import type { FastifyInstance } from 'fastify';
import type { FounderContextProvider } from './founder-context.js';
import { createExpertsService } from './service.js';

/** Wires the experts service to the app; `founder` and `now` come from app.ts. */
export function createExpertsFeature(
  app: FastifyInstance,
  options: { founder: FounderContextProvider; now: () => Date },
) {
  return createExpertsService({
    db: app.db,
    mailer: app.mailer,
    log: app.log,
    appUrl: app.config.APP_URL,
    mailFrom: app.config.MAIL_FROM,
    now: options.now,
    founder: options.founder,
    secret: app.config.JWT_SECRET,
  });
}
