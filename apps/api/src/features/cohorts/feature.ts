import type { FastifyInstance } from 'fastify';
import { createDashboardService } from './dashboard-service.js';
import { createInvitationsService } from './invitation-service.js';
import { createNudgeService, type NextStepOf } from './nudge-service.js';
import { createPacingService } from './pacing-service.js';
import { createCohortScope } from './scope.js';
import { createCohortsService, type CohortEvent } from './service.js';
import type { AuditEntry, CohortsSources } from './sources.js';

/** How often cohorts past their end date are closed (also once at start, and when a cohort is opened). */
const CLOSE_ENDED_EVERY_MS = 60 * 60 * 1000;

/**
 * Wires the cohorts services to the app's database and mail; what it reads from other rooms (people,
 * progress, experts, coach use) and where it writes its audit entries and events come from app.ts.
 */
export function createCohortsFeature(
  app: FastifyInstance,
  options: {
    sources: CohortsSources;
    now: () => Date;
    audit: (entry: AuditEntry) => Promise<void>;
    publish: (event: CohortEvent) => void;
    nextStep: NextStepOf;
  },
) {
  const deps = {
    db: app.db,
    mailer: app.mailer,
    appUrl: app.config.APP_URL,
    now: options.now,
    sources: options.sources,
    audit: options.audit,
    publish: options.publish,
  };
  const service = createCohortsService(deps);
  const invitations = createInvitationsService(deps, service);
  const pacing = createPacingService({
    db: app.db,
    now: options.now,
    sources: options.sources,
    cohorts: service,
    audit: options.audit,
    publish: options.publish,
  });
  const dashboard = createDashboardService({
    db: app.db,
    now: options.now,
    sources: options.sources,
    cohorts: service,
    pacing,
  });
  const nudges = createNudgeService({
    db: app.db,
    now: options.now,
    nextStep: options.nextStep,
    dashboard,
    audit: options.audit,
    publish: options.publish,
  });
  // Every quarter of an hour one instance looks for milestones due soon or overdue; each notice goes once.
  app.jobs.define({
    name: 'pacing.notices',
    every: '*/15 * * * *',
    run: async () => void (await pacing.sendNotices()),
  });
  const closeEnded = () =>
    service.closeEnded().catch((error) => app.log.error({ err: error }, 'closing ended cohorts failed'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await closeEnded();
    timer = setInterval(() => void closeEnded(), CLOSE_ENDED_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
  return { service, invitations, dashboard, pacing, nudges, scope: createCohortScope(app.db) };
}
