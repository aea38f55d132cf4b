import { envelope } from '@liftoff/contracts/common';
import { idParams } from '@liftoff/contracts/programs';
import {
  commentBody,
  deliverableReview,
  reviewComment,
  reviewMessages as messages,
} from '@liftoff/contracts/programs-review';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { principalOf } from '../../plugins/auth-guard.js';
import { ownerOf } from './owner.js';
import type { ReviewService } from './review-service.js';

const tags = ['programs'];

/** The founder's side of a deliverable's review: its status, versions and thread, and their replies. */
export async function reviewRoutes(app: FastifyInstance, options: { service: ReviewService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/userMission/:id/review',
    {
      schema: {
        tags,
        summary: "The review of the mission's deliverable: status, every version and the thread",
        description: 'null until a file is handed in for the deliverable.',
        params: idParams,
        response: { 200: envelope(deliverableReview.nullable()) },
      },
    },
    async (request) =>
      ok(
        messages.review,
        await service.founderReview(ownerOf(principalOf(request)).startupId, request.params.id),
      ),
  );

  r.post(
    '/api/userMission/:id/review/comments',
    {
      config: { errors: [409] },
      schema: {
        tags,
        summary: "Reply in the thread of the mission's deliverable",
        description: '409 until a file is handed in for the deliverable.',
        params: idParams,
        body: commentBody,
        response: { 201: envelope(reviewComment) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            messages.commented,
            await service.founderComment(ownerOf(principalOf(request)), request.params.id, request.body.body),
          ),
        ),
  );
}
