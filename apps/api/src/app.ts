import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { installValidationMessages } from '@liftoff/contracts/validation-messages';
import type { Config } from './config.js';
import { aiFeature } from './features/ai/feature.js';
import { coachContextFrom } from './features/ai/model/context.js';
import { authRoutes } from './features/auth/routes.js';
import { sessionRoutes } from './features/auth/session-routes.js';
import { oidcRoutes } from './features/auth/oidc/routes.js';
import { backupCodeRoutes } from './features/auth/backup-code-routes.js';
import { accountRoutes } from './features/auth/account-routes.js';
import { emailChangeRoutes } from './features/auth/email-change-routes.js';
import { accountDeletionRoutes } from './features/auth/account-deletion-routes.js';
import { accountExportRoutes } from './features/auth/account-export-routes.js';
import type { PersonalDataSource } from './features/auth/personal-data.js';
import { programsAccountData } from './features/programs/account-data.js';
import { expertsAccountData } from './features/experts/account-data.js';
import { supportAccountData } from './features/support/account-data.js';
import { aiAccountData } from './features/ai/conversations/account-data.js';
import { notificationsAccountData } from './features/notifications/account-data.js';
import { cohortsAccountData } from './features/cohorts/account-data.js';
import { rolesRepository } from './features/auth/roles-repository.js';
import { createRolesService, type RolesService } from './features/auth/roles-service.js';
import { authStudioRoutes } from './features/auth/studio-routes.js';
import { usersRepository } from './features/auth/repository.js';
import { createAuthFeature } from './features/auth/feature.js';
import { peopleDirectory } from './features/auth/directory.js';
import { companyAnswersCopy } from './features/auth/company-answers.js';
import { cohortCoachActivity } from './features/ai/conversations/cohort-activity.js';
import { createCohortsFeature } from './features/cohorts/feature.js';
import { cohortsStudioRoutes } from './features/cohorts/studio-routes.js';
import { pacingStudioRoutes } from './features/cohorts/pacing-routes.js';
import { nudgeStudioRoutes } from './features/cohorts/nudge-routes.js';
import { cohortExpertsActivity } from './features/experts/cohort-activity.js';
import { cohortProgress } from './features/programs/cohort-progress.js';
import { expertMilestones } from './features/programs/expert-milestones.js';
import { rememberedStanding } from './features/auth/remembered-standing.js';
import type { AuthService } from './features/auth/service.js';
import { seedFlags } from './features/flags/defaults.js';
import { expertsRepository, toExpert } from './features/experts/repository.js';
import { createExpertsFeature } from './features/experts/feature.js';
import { founderContextFrom } from './features/experts/founder-context.js';
import { expertsRoutes } from './features/experts/routes.js';
import { expertPortalRoutes } from './features/experts/portal-routes.js';
import { expertAvailabilityRoutes } from './features/experts/availability-routes.js';
import { createPortalAvailability } from './features/experts/portal-availability.js';
import { createPortalProfile } from './features/experts/portal-profile.js';
import { expertProfileRoutes } from './features/experts/profile-routes.js';
import { expertMeetingsRoutes } from './features/experts/meetings-routes.js';
import { calendarConnectionsRoutes } from './features/experts/calendars/connections-routes.js';
import { createPortalService } from './features/experts/portal-service.js';
import { createSupportFeature } from './features/support/feature.js';
import { supportRoutes } from './features/support/routes.js';
import { createInboxService } from './features/support/inbox-service.js';
import { supportStudioRoutes } from './features/support/studio-routes.js';
import { createPromotionService } from './features/support/promotion-service.js';
import { promotionStudioRoutes } from './features/support/promotion-routes.js';
import { answeredQuestions } from './features/experts/answered-questions.js';
import { createProgramsFeature } from './features/programs/feature.js';
import { reviewRoutes } from './features/programs/review-routes.js';
import { programAuthoringRoutes } from './features/programs/authoring-routes.js';
import { programsRoutes } from './features/programs/routes.js';
import { shareRoutes } from './features/programs/share-routes.js';
import { programsStudioRoutes } from './features/programs/studio-routes.js';
import { cohortMembership } from './features/cohorts/membership.js';
import { createCohortScope } from './features/cohorts/scope.js';
import { createStartupsFeature } from './features/startups/feature.js';
import { startupsAccountData } from './features/startups/account-data.js';
import { startupMembership } from './features/startups/membership.js';
import { startupsRoutes } from './features/startups/routes.js';
import { startupsStudioRoutes } from './features/startups/studio-routes.js';
import { importProgramPack } from './content/program-pack.js';
import { contentDir } from './lib/paths.js';
import { cachedFlags } from './features/flags/cached-flags.js';
import { flagsRepository } from './features/flags/repository.js';
import { flagsRoutes } from './features/flags/routes.js';
import { flagsStudioRoutes } from './features/flags/studio-routes.js';
import { flagSwitch } from './features/flags/switch.js';
import { contentFilesPlugin } from './features/explore/content-files.js';
import { exploreRoutes } from './features/explore/routes.js';
import { exploreStudioRoutes } from './features/explore/studio-routes.js';
import { createStudioPostsService } from './features/explore/studio-service.js';
import { healthRoutes } from './features/health/routes.js';
import { createApiTokensService } from './features/integrations/tokens-service.js';
import { apiTokensRoutes } from './features/integrations/tokens-routes.js';
import { createWebhooksService } from './features/integrations/webhooks-service.js';
import { webhooksRoutes } from './features/integrations/webhooks-routes.js';
import { createNotificationsService } from './features/notifications/service.js';
import { notificationsRoutes } from './features/notifications/routes.js';
import { errorSerializer, redactPaths, requestSerializer } from './lib/logging.js';
import { AccessTokens } from './lib/tokens.js';
import { auditPlugin } from './plugins/audit.js';
import { authGuardPlugin } from './plugins/auth-guard.js';
import { eventsPlugin } from './plugins/events.js';
import { compressionPlugin } from './plugins/compression.js';
import { dbPlugin } from './plugins/db.js';
import { requestsInFlightPlugin } from './plugins/requests-in-flight.js';
import { acceptBodies } from './plugins/body-parsers.js';
import { admissionPlugin } from './plugins/admission.js';
import { observabilityPlugin, tracedChildLogger, traceIdOnLogLines } from './plugins/observability.js';
import { createErrorReporter } from './lib/error-reporting.js';
import { createMetrics } from './lib/metrics.js';
import { createTracing } from './lib/tracing.js';
import { clockPlugin } from './plugins/clock.js';
import { docsPlugin } from './plugins/docs.js';
import { jobsPlugin } from './plugins/jobs.js';
import { jobsStudioRoutes } from './plugins/jobs-routes.js';
import { errorsPlugin } from './plugins/errors.js';
import { mailPlugin } from './plugins/mail.js';
import { storableTextPlugin } from './plugins/storable-text.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { appSecurityHeaders, securityHeadersPlugin } from './plugins/security-headers.js';
import { answerUnknownPaths, webAppPlugin } from './plugins/web-app.js';
import { storagePlugin } from './plugins/storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export type App = FastifyInstance & { auth: AuthService; roles: RolesService };

export interface BuildOptions {
  /** Where log lines go instead of stdout; tests capture them to prove no secret is ever logged. */
  logStream?: DestinationStream;
  /** The clock of time rules (due dates and their notices, expert slots); tests fix it or move it. */
  now?: () => Date;
  /** Sees every route as it is added, with its config; the route × role walk derives its expectations so. */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the whole API (and the web app it serves) from a parsed configuration; tests call this too. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  // Field messages in error details a founder can act on ("At most 200 characters"), for every schema.
  installValidationMessages();
  // Each is off until configured, and then costs nothing but a comparison (docs/decisions/032-observability.md).
  const tracing = config.OTEL_EXPORTER_OTLP_ENDPOINT
    ? createTracing({
        endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
        ratio: config.OTEL_TRACES_SAMPLER_ARG ?? (config.isProduction ? 0.1 : 1),
        serviceName: config.OTEL_SERVICE_NAME,
        environment: config.NODE_ENV,
      })
    : null;
  const metrics = config.METRICS_PORT !== undefined ? createMetrics() : null;
  const errorReporter = config.SENTRY_DSN
    ? await createErrorReporter({
        dsn: config.SENTRY_DSN,
        environment: config.NODE_ENV,
        tracesSampleRate: config.isProduction ? 0.1 : 1,
      })
    : null;
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: { paths: redactPaths, censor: '[redacted]' },
      serializers: { req: requestSerializer, err: errorSerializer },
      ...(tracing ? { mixin: traceIdOnLogLines } : {}),
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    // Opening the embedded database compiles PGlite and runs the migrations: on a busy 2-core machine that has
    // taken longer than Fastify's default 10 s, and the server refused to start. A plugin that truly hangs still
    // fails the start, after a minute.
    pluginTimeout: 60_000,
    ...(tracing ? { childLoggerFactory: tracedChildLogger(tracing) } : {}),
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  await app.register(clockPlugin, { now: options.now });
  await app.register(observabilityPlugin, { tracing, metrics });
  await app.register(admissionPlugin, {
    maxInFlight: config.MAX_CALLS_IN_FLIGHT,
    queueMs: config.CALL_QUEUE_MS,
  });
  app.decorate('errorReporter', errorReporter);
  if (errorReporter) app.addHook('onClose', async () => errorReporter.close());

  acceptBodies(app);

  await app.register(securityHeadersPlugin, appSecurityHeaders);
  // The API's answers are not stored unless their route says otherwise (it sets its own, which wins). Set as the
  // call comes in, in a plain hook: an async `onSend` cost every answer a promise on the way out.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api')) reply.header('cache-control', 'no-store');
    done();
  });

  await app.register(compressionPlugin);
  await app.register(errorsPlugin);
  await app.register(storableTextPlugin);
  await app.register(dbPlugin, { database: config.database, tracer: tracing?.tracer ?? null });
  // Within server.ts's 10 s shutdown grace, with the AI feature's 5 s for running answers.
  await app.register(requestsInFlightPlugin, { graceMs: 4_000 });
  await seedFlags(app.db);
  if (config.CONTENT_IMPORT) await importProgramPack(app.db, contentDir);
  await app.register(storagePlugin);
  await app.register(rateLimitPlugin);
  await app.register(mailPlugin);
  await app.register(eventsPlugin);
  await app.register(jobsPlugin);
  await app.register(docsPlugin);

  const tokens = new AccessTokens(config.JWT_SECRET, config.ACCESS_TOKEN_TTL_SECONDS);
  const cohortScope = createCohortScope(app.db);
  const programs = createProgramsFeature(app, {
    findExperts: async (keys) =>
      new Map((await expertsRepository(app.db).findByKeys(keys)).map((row) => [row.key, toExpert(row)])),
    review: {
      // Managers review the founders of their cohorts (admins all); the expert portal adds expert keys.
      reach: async (reviewer) => ({
        founderIds: await cohortScope.managedFounderIds(reviewer),
        expertKeys: [],
      }),
      people: async (ids) =>
        new Map(
          (await peopleDirectory(app.db).byIds(ids)).map((p) => [
            p.id,
            { name: p.name, email: p.email, startupName: p.startup || null },
          ]),
        ),
      cohortsOf: (ids) => cohortMembership(app.db).cohortsOf(ids),
      foundersInCohort: (id) => cohortMembership(app.db).founders(id),
    },
  });
  const startups = createStartupsFeature(app, {
    now: options.now ?? (() => new Date()),
    people: peopleDirectory(app.db),
    teamReach: (caller) => cohortScope.managedFounderIds(caller),
    copyAnswers: (tx, userIds, answers) => companyAnswersCopy(tx).write(userIds, answers),
  });
  const cohorts = createCohortsFeature(app, {
    now: app.clock.now,
    sources: {
      people: peopleDirectory(app.db),
      progress: cohortProgress(app.db),
      experts: cohortExpertsActivity(app.db),
      coach: cohortCoachActivity(app.db),
    },
    audit: (entry) => app.audit.record(entry),
    publish: (event) => app.events.publish(event),
    // The founder's mission to do now, from the programs room (read when a nudge is written).
    nextStep: async (userId) => {
      const { mission } = await founder.position(userId);
      return mission
        ? { title: mission.name, link: `/mission-details/${encodeURIComponent(mission.id)}` }
        : null;
    },
  });
  const portal = createPortalService({
    db: app.db,
    mailer: app.mailer,
    log: app.log,
    appUrl: config.APP_URL,
    audit: { record: (entry, tx) => app.audit.record(entry, tx), list: (query) => app.audit.list(query) },
    publish: (event) => app.events.publish(event),
    // Built at sign-up time: the roles service writes to the audit log, whose plugin is registered below.
    grantExpertRole: async (userId) =>
      void (await createRolesService({ db: app.db, audit: app.audit }).grant(null, userId, 'expert')),
  });
  const auth = createAuthFeature(app, tokens, {
    // Read in the profile's transaction: a founder who came through a cohort's invitation starts its program.
    onProfileCompleted: async (tx, userId) => {
      // One who joined no startup by invitation owns one made from onboarding's company answers.
      const meta = (await usersRepository(tx).findById(userId))?.meta ?? {};
      const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
      await startups.ensureFor(tx, userId, {
        name: text(meta.startupName) ?? 'My startup',
        stage: text(meta.stage),
        industry: text(meta.industry),
      });
      await programs.onProfileCompleted(tx, userId, await cohortMembership(tx).programOf(userId));
    },
    onCompanyAnswers: (tx, userId, answers) => startups.fromAnswers(tx, userId, answers),
    // Read at each sign-up (SIGNUP_MODE, decision 023): only invited addresses in invite mode.
    signUpGate: async (email) => {
      if (app.config.SIGNUP_MODE !== 'invite' || (await portal.isInvited(email))) return;
      await cohorts.invitations.checkSignUpAllowed(email);
    },
    onSignedUp: async (userId, email) => {
      // An invited expert becomes an expert account; anyone else may be joining a cohort.
      const linked = await portal
        .linkOnSignUp(userId, email)
        .catch((error) => (app.log.error({ err: error }, 'linking the expert profile failed'), false));
      if (linked) return;
      await startups
        .acceptOnSignUp(userId, email)
        .catch((error) => app.log.error({ err: error }, 'joining the invited startup failed'));
      await cohorts.invitations
        .acceptOnSignUp(userId, email)
        .catch((error) => app.log.error({ err: error }, 'joining the invited cohort failed'));
    },
  });
  const founder = founderContextFrom({
    findUser: (id) => usersRepository(app.db).findById(id),
    listPrograms: (id) => programs.person.listPrograms(id),
    getMission: (userId, id) => programs.person.getMission(userId, id),
  });
  const experts = createExpertsFeature(app, {
    founder,
    now: app.clock.now,
    people: async (ids) =>
      new Map(
        (await peopleDirectory(app.db).byIds(ids)).map((p) => [p.id, { name: p.name, email: p.email }]),
      ),
  });
  const support = createSupportFeature(app, {
    currentMilestoneKey: async (id) => (await founder.position(id)).milestone?.key ?? null,
  });
  const flags = cachedFlags((key) => flagsRepository(app.db).isEnabled(key), config.FLAG_CACHE_MS);
  // On the embedded database the guard's reads come from memory kept exact by the database (decision 015).
  const loadPrincipal = app.dbListen
    ? await rememberedStanding(app.db, app.dbListen, auth.loadPrincipal)
    : auth.loadPrincipal;
  const apiTokens = createApiTokensService({ db: app.db, now: options.now ?? (() => new Date()) });
  await app.register(authGuardPlugin, {
    tokens,
    loadPrincipal,
    apiTokens: {
      perMinute: config.API_TOKEN_RATE_LIMIT_PER_MINUTE,
      resolve: async (token) => {
        const resolved = await apiTokens.resolve(token);
        if (resolved.status !== 'valid') return resolved;
        const record = await auth.service.loadStanding(resolved.userId);
        return record ? { ...resolved, record } : { status: 'unknown' };
      },
    },
  });
  await app.register(auditPlugin, { actorEmails: (ids) => rolesRepository(app.db).emails(ids) });
  const roles = createRolesService({ db: app.db, audit: app.audit });

  await app.register(healthRoutes);
  await app.register(authRoutes, { service: auth.service });
  await app.register(sessionRoutes);
  await app.register(oidcRoutes, { oidc: auth.service.oidc });
  await app.register(backupCodeRoutes, { twoFactor: auth.service.twoFactor });
  await app.register(accountRoutes);
  await app.register(emailChangeRoutes);
  // What each domain holds of a founder: their export, their files, and what deleting the account removes.
  const personalData: PersonalDataSource[] = [
    {
      sections: async (userId) => ({ programs: await programs.person.listPrograms(userId) }),
    },
    programsAccountData(app.db),
    cohortsAccountData(app.db),
    startupsAccountData(startups),
    expertsAccountData(app.db),
    supportAccountData(app.db),
    aiAccountData(app.db),
    notificationsAccountData(app.db),
  ];
  await app.register(accountDeletionRoutes, { twoFactor: auth.service.twoFactor, sources: personalData });
  await app.register(accountExportRoutes, { sources: personalData });
  await app.register(authStudioRoutes, { roles });
  const notifications = createNotificationsService({
    db: app.db,
    mailer: app.mailer,
    appUrl: config.APP_URL,
    findPerson: async (id) => (await usersRepository(app.db).findById(id)) ?? null,
    teamOf: (founderId) => cohortMembership(app.db).managersOf(founderId),
    membersOf: (whose) => startupMembership(app.db).membersOf(whose),
  });
  notifications.subscribe(app.events);
  await app.register(notificationsRoutes, { service: notifications });
  await app.register(jobsStudioRoutes);
  await app.register(apiTokensRoutes, { tokens: apiTokens });
  const webhooks = createWebhooksService({
    db: app.db,
    encryptionKey: config.ENCRYPTION_KEY,
    // Read at each check, so the allowance follows the configuration in place.
    policy: () => ({
      allowPrivate: app.config.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES,
      allowHttp: app.config.WEBHOOKS_ALLOW_HTTP,
    }),
    now: options.now ?? (() => new Date()),
    log: app.log,
  });
  webhooks.subscribe(app.events);
  await app.register(webhooksRoutes, { webhooks });
  await app.register(flagsRoutes);
  await app.register(flagsStudioRoutes, {
    switchFlag: flagSwitch({ db: app.db, audit: app.audit }),
    forget: (key) => flags.forget(key),
  });
  await app.register(programsRoutes, {
    service: programs.service,
    // The cohorts room's pace for the founder's program, read when the overview or a mission is asked for.
    dueDates: (userId) => cohorts.pacing.founderDates(userId),
  });
  await app.register(shareRoutes, { service: programs.shares });
  await app.register(startupsRoutes, { service: startups });
  await app.register(startupsStudioRoutes, { service: startups });
  await app.register(cohortsStudioRoutes, cohorts);
  await app.register(pacingStudioRoutes, { pacing: cohorts.pacing });
  await app.register(nudgeStudioRoutes, { nudges: cohorts.nudges });
  await app.register(reviewRoutes, { service: programs.reviews });
  await app.register(programsStudioRoutes, { service: programs.reviews });
  await app.register(programAuthoringRoutes, { service: programs.authoring });
  await app.register(expertsRoutes, { service: experts });
  await app.register(expertPortalRoutes, { portal });
  await app.register(expertAvailabilityRoutes, {
    availability: createPortalAvailability({
      db: app.db,
      now: app.clock.now,
      ownProfile: (userId) => portal.ownProfile(userId),
      slots: (expertId, query) => experts.availability(expertId, query),
    }),
  });
  await app.register(expertProfileRoutes, {
    profile: createPortalProfile({
      db: app.db,
      ownProfile: (userId) => portal.ownProfile(userId),
      assignedMilestones: expertMilestones(app.db),
    }),
  });
  await app.register(expertMeetingsRoutes, { meetings: experts.meetingsService });
  await app.register(calendarConnectionsRoutes, {
    connections: experts.calendarConnections((userId) => portal.ownProfile(userId)),
  });
  await app.register(supportRoutes, { service: support });
  await app.register(supportStudioRoutes, {
    inbox: createInboxService({
      db: app.db,
      mailer: app.mailer,
      audit: app.audit,
      publish: (event) => app.events.publish(event),
      emails: (ids) => rolesRepository(app.db).emails(ids),
    }),
  });
  await app.register(promotionStudioRoutes, {
    promotions: createPromotionService({
      db: app.db,
      audit: app.audit,
      answered: (ids) => answeredQuestions(app.db, ids),
      // The milestone of the founder's program that holds the mission the question was asked from.
      milestoneOf: async (userId, missionId) => {
        const milestones = (await programs.person.listPrograms(userId)).flatMap((p) => p.userMilestone);
        const found = milestones.find((m) => m.userMission.some((mission) => mission.id === missionId));
        return found ? { key: found.key, name: found.name } : null;
      },
    }),
  });
  await app.register(exploreRoutes);
  await app.register(exploreStudioRoutes, {
    wix: Boolean(config.WIX_CLIENT_ID),
    posts: createStudioPostsService({ db: app.db, audit: app.audit, wix: Boolean(config.WIX_CLIENT_ID) }),
  });
  await app.register(contentFilesPlugin);
  await app.register(aiFeature, {
    contentDir,
    isFlagEnabled: (key) => flags.isEnabled(key),
    contextProvider: coachContextFrom({
      findUser: (id) => usersRepository(app.db).findById(id),
      listPrograms: (id) => programs.person.listPrograms(id),
      expertReplies: async (id) =>
        (await experts.meetings(id))
          .filter((m) => m.status === 'ACCEPTED' || m.status === 'DECLINED')
          .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
          .map((m) => ({
            expert: `${m.expert.firstName} ${m.expert.lastName}`.trim(),
            about: m.serviceName,
            reply: `${m.status === 'ACCEPTED' ? 'accepted' : 'declined'} the meeting on ${m.start.slice(0, 10)}`,
            at: m.updatedAt,
          })),
    }),
  });
  await app.register(webAppPlugin);

  answerUnknownPaths(app);

  return Object.assign(app as unknown as FastifyInstance, { auth: auth.service, roles });
}
