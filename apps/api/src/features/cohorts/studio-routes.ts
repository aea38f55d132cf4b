import type { Role } from '@liftoff/contracts/auth';
import { envelope } from '@liftoff/contracts/common';
import {
  cohort,
  cohortManager,
  cohortParams,
  cohortsMessages as messages,
  createCohortBody,
  dashboard,
  founderParams,
  importInvitationsBody,
  importResult,
  invitation,
  invitationParams,
  inviteBody,
  missionParams,
  moveFounderBody,
  programChoice,
  timeline,
  updateCohortBody,
} from '@liftoff/contracts/cohorts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileAnswer } from '../../lib/answers.js';
import { ok } from '../../lib/envelope.js';
import { principalOf } from '../../plugins/auth-guard.js';
import type { DashboardService } from './dashboard-service.js';
import type { InvitationsService } from './invitation-service.js';
import type { ScopedPerson } from './scope.js';
import type { CohortsService } from './service.js';

const tags = ['studio: cohorts'];
const config: { roles: Role[] } = { roles: ['manager', 'admin'] };
/** The reads a manager's API token with the `cohort:read` scope may call too. */
const readConfig = { ...config, scope: 'cohort:read' as const };
const person = (request: FastifyRequest): ScopedPerson => principalOf(request);

/** The program team's cohort calls: cohorts, invitations, founders, the dashboard and its export. */
export async function cohortsStudioRoutes(
  app: FastifyInstance,
  options: { service: CohortsService; invitations: InvitationsService; dashboard: DashboardService },
) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/studio/cohorts',
    {
      config: readConfig,
      schema: {
        tags,
        summary: 'The cohorts the caller manages (admins: all)',
        response: { 200: envelope(z.array(cohort)) },
      },
    },
    async (request) => ok(messages.cohorts, await service.list(person(request))),
  );

  r.post(
    '/api/studio/cohorts',
    {
      config,
      schema: {
        tags,
        summary: 'Create a cohort',
        body: createCohortBody,
        response: { 201: envelope(cohort) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(ok(messages.created, await service.create(person(request), request.body))),
  );

  r.get(
    '/api/studio/programs',
    {
      config,
      schema: {
        tags,
        summary: 'The programs a cohort can run (newest version of each)',
        response: { 200: envelope(z.array(programChoice)) },
      },
    },
    async () => ok(messages.programs, await service.programs()),
  );

  r.get(
    '/api/studio/managers',
    {
      config,
      schema: {
        tags,
        summary: 'The program team: the people who can be made managers of a cohort',
        response: { 200: envelope(z.array(cohortManager)) },
      },
    },
    async () => ok(messages.managers, await service.managers()),
  );

  r.get(
    '/api/studio/cohorts/:cohortId',
    {
      config: readConfig,
      schema: { tags, summary: 'One cohort', params: cohortParams, response: { 200: envelope(cohort) } },
    },
    async (request) => ok(messages.cohort, await service.get(person(request), request.params.cohortId)),
  );

  r.patch(
    '/api/studio/cohorts/:cohortId',
    {
      config,
      schema: {
        tags,
        summary: 'Change a cohort (name, program, dates, time zone, stuck threshold, managers)',
        params: cohortParams,
        body: updateCohortBody,
        response: { 200: envelope(cohort) },
      },
    },
    async (request) =>
      ok(messages.updated, await service.update(person(request), request.params.cohortId, request.body)),
  );

  r.delete(
    '/api/studio/cohorts/:cohortId',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a cohort (its founders stay, without a cohort; their progress stays)',
        params: cohortParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await service.remove(person(request), request.params.cohortId);
      return ok(messages.deleted, null);
    },
  );

  r.get(
    '/api/studio/cohorts/:cohortId/invitations',
    {
      config,
      schema: {
        tags,
        summary: "The cohort's invitations with their status",
        params: cohortParams,
        response: { 200: envelope(z.array(invitation)) },
      },
    },
    async (request) =>
      ok(
        messages.invitations,
        await options.invitations.invitations(person(request), request.params.cohortId),
      ),
  );

  r.post(
    '/api/studio/cohorts/:cohortId/invitations',
    {
      // An address already invited to the cohort answers 409.
      config: { ...config, errors: [409] },
      schema: {
        tags,
        summary: 'Invite one founder by e-mail (an existing account joins at once)',
        params: cohortParams,
        body: inviteBody,
        response: { 201: envelope(z.object({ invitation, joined: z.boolean() })) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(
            messages.invited,
            await options.invitations.invite(person(request), request.params.cohortId, request.body),
          ),
        ),
  );

  r.post(
    '/api/studio/cohorts/:cohortId/invitations/import',
    {
      config,
      schema: {
        tags,
        summary:
          'Invite founders from CSV text (name, e-mail, startup); bad rows come back with line and reason',
        params: cohortParams,
        body: importInvitationsBody,
        response: { 200: envelope(importResult) },
      },
    },
    async (request) =>
      ok(
        messages.invited,
        await options.invitations.importCsv(person(request), request.params.cohortId, request.body.csv),
      ),
  );

  r.post(
    '/api/studio/cohorts/:cohortId/invitations/:invitationId/resend',
    {
      config: { ...config, errors: [409] },
      schema: {
        tags,
        summary: 'Send an invitation again (renews its 14 days)',
        params: invitationParams,
        response: { 200: envelope(invitation) },
      },
    },
    async (request) =>
      ok(
        messages.resent,
        await options.invitations.resend(
          person(request),
          request.params.cohortId,
          request.params.invitationId,
        ),
      ),
  );

  r.post(
    '/api/studio/cohorts/:cohortId/invitations/:invitationId/revoke',
    {
      config: { ...config, errors: [409] },
      schema: {
        tags,
        summary: 'Revoke an invitation',
        params: invitationParams,
        response: { 200: envelope(invitation) },
      },
    },
    async (request) =>
      ok(
        messages.revoked,
        await options.invitations.revoke(
          person(request),
          request.params.cohortId,
          request.params.invitationId,
        ),
      ),
  );

  r.post(
    '/api/studio/cohorts/:cohortId/founders/:founderId/move',
    {
      config,
      schema: {
        tags,
        summary: 'Move a founder to another cohort; their progress stays',
        params: founderParams,
        body: moveFounderBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const { cohortId, founderId } = request.params;
      await service.moveFounder(person(request), cohortId, founderId, request.body.toCohortId);
      return ok(messages.moved, null);
    },
  );

  r.post(
    '/api/studio/cohorts/:cohortId/founders/:founderId/missions/:missionId/reopen',
    {
      config: { ...config, errors: [409] },
      schema: {
        tags,
        summary: 'Reopen a mission the end date closed',
        params: missionParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const { cohortId, founderId, missionId } = request.params;
      await service.reopenMission(person(request), cohortId, founderId, missionId);
      return ok(messages.reopened, null);
    },
  );

  r.get(
    '/api/studio/cohorts/:cohortId/dashboard',
    {
      config: readConfig,
      schema: {
        tags,
        summary: "The manager's dashboard: founders × milestones, who is stuck, what waits",
        params: cohortParams,
        response: { 200: envelope(dashboard) },
      },
    },
    async (request) =>
      ok(messages.dashboard, await options.dashboard.dashboard(person(request), request.params.cohortId)),
  );

  r.get(
    '/api/studio/cohorts/:cohortId/founders/:founderId/timeline',
    {
      config: readConfig,
      schema: {
        tags,
        summary: 'What one founder did (never the text of their coach conversations)',
        params: founderParams,
        response: { 200: envelope(timeline) },
      },
    },
    async (request) => {
      const { cohortId, founderId } = request.params;
      return ok(messages.timeline, await options.dashboard.timeline(person(request), cohortId, founderId));
    },
  );

  r.get(
    '/api/studio/cohorts/:cohortId/export.csv',
    {
      config: readConfig,
      schema: {
        tags,
        summary: "The cohort's progress as CSV, one row per founder",
        params: cohortParams,
        produces: ['text/csv'],
        response: { 200: fileAnswer('The founders, one a row', ['text/csv']) },
      },
    },
    async (request, reply) => {
      const file = await options.dashboard.exportCsv(person(request), request.params.cohortId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.csv);
    },
  );
}
