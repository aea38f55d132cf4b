import type { AppEvent } from '@liftoff/contracts/events';
import type { FastifyInstance } from 'fastify';
import { createStartupsService, type StartupsDeps } from './service.js';

/**
 * Wires the startups service to the app's database and mail; who people are and which founders the program
 * team reaches come from the auth and cohorts rooms through app.ts.
 */
export function createStartupsFeature(
  app: FastifyInstance,
  options: Pick<StartupsDeps, 'people' | 'teamReach' | 'now' | 'copyAnswers'>,
) {
  return createStartupsService({
    db: app.db,
    mailer: app.mailer,
    appUrl: app.config.APP_URL,
    ...options,
    // The bus is registered before this feature is made; looked up when an event is published.
    publish: (event: AppEvent) => app.events.publish(event),
  });
}
