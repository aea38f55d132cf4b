import type { FastifyInstance } from 'fastify';
import type { FounderContextProvider } from './founder-context.js';
import { createMeetingsService, type MeetingsDeps } from './meetings-service.js';
import { createExpertsService } from './service.js';

/** Wires the experts services to the app; `founder`, `people` and `now` come from app.ts. */
export function createExpertsFeature(
  app: FastifyInstance,
  options: { founder: FounderContextProvider; now: () => Date; people: MeetingsDeps['people'] },
) {
  const base = {
    db: app.db,
    mailer: app.mailer,
    appUrl: app.config.APP_URL,
    mailFrom: app.config.MAIL_FROM,
    now: options.now,
  };
  const meetings = createMeetingsService({
    ...base,
    people: options.people,
    publish: (event) => app.events.publish(event),
  });
  const service = createExpertsService({
    ...base,
    log: app.log,
    founder: options.founder,
    secret: app.config.JWT_SECRET,
    meetings,
    publish: (event) => app.events.publish(event),
  });
  return Object.assign(service, { meetingsService: meetings });
}
