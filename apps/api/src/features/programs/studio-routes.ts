import type { Role } from '@liftoff/contracts/auth';
import { envelope } from '@liftoff/contracts/common';
import {
  commentBody,
  deliverableParams,
  moveReviewBody,
  reviewComment,
  reviewMessages as messages,
  reviewQueueItem,
  reviewQueueQuery,
  studioDeliverable,
  versionParams,
} from '@liftoff/contracts/programs-review';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { principalOf } from '../../plugins/auth-guard.js';
import type { ReviewService } from './review-service.js';
import { contentDisposition } from './uploads.js';
import { fileAnswer } from '../../lib/answers.js';

const tags = ['studio'];
/** The program team; the guard also requires their two-factor. The expert portal adds `expert` later. */
const config: { roles: Role[] } = { roles: ['manager', 'admin'] };

/** The studio's deliverable review: the queue, one deliverable, status moves, the thread, the files. */
export async function programsStudioRoutes(app: FastifyInstance, options: { service: ReviewService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/studio/deliverables',
    {
      config,
      schema: {
        tags,
        summary: 'Deliverables of the founders the caller looks after, oldest waiting first',
        querystring: reviewQueueQuery,
        response: { 200: envelope(z.array(reviewQueueItem)) },
      },
    },
    async (request) => ok(messages.queue, await service.queue(principalOf(request), request.query)),
  );

  r.get(
    '/api/studio/deliverables/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One deliverable with every version, the thread and the status moves open now',
        params: deliverableParams,
        response: { 200: envelope(studioDeliverable) },
      },
    },
    async (request) =>
      ok(messages.deliverable, await service.deliverable(principalOf(request), request.params.id)),
  );

  r.post(
    '/api/studio/deliverables/:id/status',
    {
      // 409 for a move the review workflow does not allow.
      config: { ...config, errors: [409] },
      schema: {
        tags,
        summary: 'Move a deliverable to in_review, approved or changes_requested',
        description:
          'submitted → in_review → approved | changes_requested; reopening is approved or changes_requested → in_review. Any other move answers 409. changes_requested needs a comment.',
        params: deliverableParams,
        body: moveReviewBody,
        response: { 200: envelope(studioDeliverable) },
      },
    },
    async (request) =>
      ok(messages.moved, await service.move(principalOf(request), request.params.id, request.body)),
  );

  r.post(
    '/api/studio/deliverables/:id/comments',
    {
      config,
      schema: {
        tags,
        summary: "Write in a deliverable's thread",
        params: deliverableParams,
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
            await service.comment(principalOf(request), request.params.id, request.body.body),
          ),
        ),
  );

  r.get(
    '/api/studio/deliverables/:id/versions/:versionId/download',
    {
      config,
      schema: {
        tags,
        summary: 'Download one version of a deliverable',
        description: 'Answers the bytes with Content-Disposition: attachment.',
        params: versionParams,
        response: { 200: fileAnswer('The file, with the type it was handed in with') },
      },
    },
    async (request, reply) => {
      const { file, stream } = await service.openVersion(
        principalOf(request),
        request.params.id,
        request.params.versionId,
      );
      return reply
        .header('content-type', file.mimeType)
        .header('content-length', String(file.size))
        .header('content-disposition', contentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );
}
