import type { FastifyInstance } from 'fastify';
import { createSupportService } from './service.js';

/** Wires the support service to the app; `currentMilestoneKey` comes from app.ts (programs feature). */
export function createSupportFeature(
  app: FastifyInstance,
  options: { currentMilestoneKey: (userId: string) => Promise<string | null> },
) {
  return createSupportService({
    db: app.db,
    mailer: app.mailer,
    limiter: app.limiter,
    log: app.log,
    supportEmail: app.config.SUPPORT_EMAIL,
    currentMilestoneKey: options.currentMilestoneKey,
  });
}
