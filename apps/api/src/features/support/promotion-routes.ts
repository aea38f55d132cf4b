import { envelope } from '@liftoff/contracts/common';
import { expertAnswerParams, promotionMessages, studioExpertAnswer } from '@liftoff/contracts/support';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { principalOf } from '../../plugins/auth-guard.js';
import type { PromotionService } from './promotion-service.js';

const tags = ['studio'];

/** Answered expert questions, and their place in a milestone's popular questions (managers, admins). */
export async function promotionStudioRoutes(app: FastifyInstance, options: { promotions: PromotionService }) {
  const { promotions } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const team = { roles: ['manager' as const, 'admin' as const] };

  r.get(
    '/api/studio/expert-answers',
    {
      config: team,
      schema: {
        tags,
        summary: 'Answered expert questions, newest first, with whether each is a popular question',
        response: { 200: envelope(z.array(studioExpertAnswer)) },
      },
    },
    async () => ok(promotionMessages.list, await promotions.list()),
  );

  r.put(
    '/api/studio/expert-answers/:id/promotion',
    {
      config: team,
      schema: {
        tags,
        summary: "Show an answered question in its milestone's popular questions (audit-logged)",
        params: expertAnswerParams,
        response: { 200: envelope(studioExpertAnswer) },
      },
    },
    async (request) =>
      ok(
        promotionMessages.promoted,
        await promotions.promote(principalOf(request).userId, request.params.id),
      ),
  );

  r.delete(
    '/api/studio/expert-answers/:id/promotion',
    {
      config: team,
      schema: {
        tags,
        summary: "Take an answered question out of its milestone's popular questions (audit-logged)",
        params: expertAnswerParams,
        response: { 200: envelope(studioExpertAnswer) },
      },
    },
    async (request) =>
      ok(promotionMessages.removed, await promotions.remove(principalOf(request).userId, request.params.id)),
  );
}
