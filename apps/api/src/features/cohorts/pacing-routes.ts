import type { Role } from '@liftoff/contracts/auth';
import { envelope } from '@liftoff/contracts/common';
import { cohortParams } from '@liftoff/contracts/cohorts';
import { cohortPacing, pacingParams, setMilestoneWindowBody } from '@liftoff/contracts/cohorts-pacing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { principalOf } from '../../plugins/auth-guard.js';
import type { PacingService } from './pacing-service.js';

const tags = ['studio: cohorts'];
const config: { roles: Role[] } = { roles: ['manager', 'admin'] };

/** A cohort's pace: its managers set when each milestone opens and is due, in the cohort's time zone. */
export async function pacingStudioRoutes(app: FastifyInstance, options: { pacing: PacingService }) {
  const { pacing } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/studio/cohorts/:cohortId/pacing',
    {
      config,
      schema: {
        tags,
        summary: "The cohort's milestones with the days each opens and is due (its managers)",
        params: cohortParams,
        response: { 200: envelope(cohortPacing) },
      },
    },
    async (request) =>
      ok('Pacing fetched successfully.', await pacing.pacing(principalOf(request), request.params.cohortId)),
  );

  r.put(
    '/api/studio/cohorts/:cohortId/pacing/:milestoneKey',
    {
      config,
      schema: {
        tags,
        summary:
          "Set the days a milestone opens and is due, in the cohort's time zone (its managers; audit-logged)",
        params: pacingParams,
        body: setMilestoneWindowBody,
        response: { 200: envelope(cohortPacing) },
      },
    },
    async (request) => {
      const { cohortId, milestoneKey } = request.params;
      const result = await pacing.setWindow(principalOf(request), cohortId, milestoneKey, request.body);
      return ok('Milestone dates saved.', result);
    },
  );

  r.delete(
    '/api/studio/cohorts/:cohortId/pacing/:milestoneKey',
    {
      config,
      schema: {
        tags,
        summary: "Remove a milestone's dates (its managers; audit-logged)",
        params: pacingParams,
        response: { 200: envelope(cohortPacing) },
      },
    },
    async (request) => {
      const { cohortId, milestoneKey } = request.params;
      return ok(
        'Milestone dates removed.',
        await pacing.clearWindow(principalOf(request), cohortId, milestoneKey),
      );
    },
  );
}
