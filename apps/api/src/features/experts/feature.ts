import type { FastifyInstance } from 'fastify';
import { busyTimes } from './calendars/busy-times.js';
import { calendarSync } from './calendars/calendar-sync.js';
import { calendarConnections } from './calendars/connections-service.js';
import { meetingCopies } from './calendars/meeting-copies.js';
import type { FounderContextProvider } from './founder-context.js';
import { meetingInvites } from './meeting-invites.js';
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
  const sync = calendarSync({ ...base, encryptionKey: app.config.ENCRYPTION_KEY });
  const busy = busyTimes({ db: app.db, sync });
  const meetings = createMeetingsService({
    ...base,
    busy,
    syncCopy: meetingCopies({ db: app.db, sync, calendarObjectOf: meetingInvites(base).calendarObjectOf }),
    people: options.people,
    publish: (event) => app.events.publish(event),
  });
  const service = createExpertsService({
    ...base,
    log: app.log,
    founder: options.founder,
    secret: app.config.JWT_SECRET,
    busy,
    meetings,
    publish: (event) => app.events.publish(event),
  });
  return Object.assign(service, {
    meetingsService: meetings,
    /** The portal's connected calendars, once the portal's "whose profile is this" is known (app.ts). */
    calendarConnections: (ownProfile: Parameters<typeof calendarConnections>[0]['ownProfile']) =>
      calendarConnections({ db: app.db, now: options.now, sync, ownProfile }),
  });
}
