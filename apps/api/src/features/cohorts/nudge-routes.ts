import type { Role } from '@liftoff/contracts/auth';
import { envelope } from '@liftoff/contracts/common';
import { cohortParams } from '@liftoff/contracts/cohorts';
import { nudgeBody, nudgePreview, nudgesSent } from '@liftoff/contracts/cohorts-nudges';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { principalOf } from '../../plugins/auth-guard.js';
import type { NudgeService } from './nudge-service.js';

const tags = ['studio: cohorts'];
const config: { roles: Role[] } = { roles: ['manager', 'admin'] };

/** Nudges from the dashboard: previewed first, then sent; each lands on the founder's timeline. */
export async function nudgeStudioRoutes(app: FastifyInstance, options: { nudges: NudgeService }) {
  const { nudges } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/studio/cohorts/:cohortId/nudges/preview',
    {
      config,
      schema: {
        tags,
        summary: "Each recipient's nudge as it would be sent, naming their own next step (its managers)",
        params: cohortParams,
        body: nudgeBody,
        response: { 200: envelope(nudgePreview) },
      },
    },
    async (request) => {
      const messages = await nudges.preview(principalOf(request), request.params.cohortId, request.body);
      return ok('Nudges previewed.', { messages });
    },
  );

  r.post(
    '/api/studio/cohorts/:cohortId/nudges',
    {
      config,
      schema: {
        tags,
        summary:
          "Nudge founders of the cohort towards their next step (its managers; on each founder's timeline)",
        params: cohortParams,
        body: nudgeBody,
        response: { 201: envelope(nudgesSent) },
      },
    },
    async (request, reply) => {
      const result = await nudges.send(principalOf(request), request.params.cohortId, request.body);
      return reply
        .code(201)
        .send(ok(`${result.sent} ${result.sent === 1 ? 'nudge' : 'nudges'} sent.`, result));
    },
  );
}
