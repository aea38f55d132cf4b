import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { contentDir } from '../../lib/paths.js';
import { createAuthoringService } from './authoring-service.js';
import { createReviewService, type ReviewServiceDeps } from './review-service.js';
import { closeOverduePrograms, enrollInProgram } from './enrolment.js';
import { createProgramsService, type ExpertLookup } from './service.js';
import { startupOf } from './owner.js';
import { createSharesService } from './shares.js';

/** How often enrolments past their end date are closed (also once at start). */
const CLOSE_OVERDUE_EVERY_MS = 60 * 60 * 1000;

/** What the review reads from other rooms (the cohort scope, people's names), composed by app.ts. */
export type ReviewSources = Pick<ReviewServiceDeps, 'reach' | 'people' | 'cohortsOf' | 'foundersInCohort'>;

/**
 * Wires the programs service to the app's database and file storage. `findExperts` comes from the
 * experts feature through app.ts, the review's sources from the auth and cohorts features. Also
 * schedules the closing of overdue enrolments.
 */
export function createProgramsFeature(
  app: FastifyInstance,
  options: { findExperts: ExpertLookup; review: ReviewSources },
) {
  const service = createProgramsService({
    db: app.db,
    storage: app.storage,
    appUrl: app.config.APP_URL,
    findExperts: options.findExperts,
    publish: (event) => app.events.publish(event),
    people: options.review.people,
  });
  const shares = createSharesService({
    db: app.db,
    storage: app.storage,
    appUrl: app.config.APP_URL,
    shareKey: createHmac('sha256', app.config.ENCRYPTION_KEY).update('liftoff share links').digest('hex'),
    people: options.review.people,
    milestoneOutcome: service.milestoneOutcome,
  });
  const reviews = createReviewService({
    db: app.db,
    storage: app.storage,
    ...options.review,
    // Both are registered after this feature is made; they are looked up when a review acts.
    publish: (event) => app.events.publish(event),
    audit: (entry, tx) => app.audit.record(entry, tx),
  });
  const authoring = createAuthoringService({
    db: app.db,
    contentDir,
    findExperts: options.findExperts,
    audit: (entry, tx) => app.audit.record(entry, tx),
    people: options.review.people,
  });
  const closeOverdue = () =>
    closeOverduePrograms(app.db).catch((error) =>
      app.log.error({ err: error }, 'closing overdue programs failed'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await closeOverdue();
    timer = setInterval(() => void closeOverdue(), CLOSE_OVERDUE_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
  // Other rooms know a person; the progress is their startup's (decision 063). Their own id finds nothing.
  const ownedBy = async (userId: string) => (await startupOf(app.db, userId)) ?? userId;
  return {
    service,
    /** The person's startup's progress, for other rooms (the coach, notifications, the export). */
    person: {
      listPrograms: async (userId: string) => service.listPrograms(await ownedBy(userId)),
      getMission: async (userId: string, id: string) => service.getMission(await ownedBy(userId), id),
    },
    shares,
    reviews,
    authoring,
    /**
     * For the auth feature's onProfileCompleted hook, inside its transaction: enrols in the program of the
     * founder's cohort (`programKey`, from the cohorts room through app.ts), or the default program.
     */
    onProfileCompleted: async (tx: DbOrTx, userId: string, programKey: string | null) =>
      void (await enrollInProgram(tx, userId, programKey)),
  };
}
