import { envelope } from '@liftoff/contracts/common';
import {
  feedback,
  feedbackBody,
  popularQuestion,
  popularQuestionsQuery,
  setting,
  settingTypeParams,
  supportMessages,
} from '@liftoff/contracts/support';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { principalOf } from '../../plugins/auth-guard.js';
import type { SupportService } from './service.js';

/** Per-IP limit of the support form (the service adds a per-account one). */
export const FEEDBACK_PER_IP_PER_MINUTE = 10;

export async function supportRoutes(app: FastifyInstance, options: { service: SupportService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/popularQuestion/user-popular-questions',
    {
      schema: {
        tags: ['support'],
        summary:
          "Most asked questions of the founder's current milestone (most asked overall when none), with answers",
        querystring: popularQuestionsQuery,
        response: { 200: envelope(z.array(popularQuestion)) },
      },
    },
    async (request) =>
      ok(
        supportMessages.popularQuestions,
        await service.popularQuestions(principalOf(request).userId, request.query.question),
      ),
  );

  r.get(
    '/api/setting/type/:type',
    {
      schema: {
        tags: ['support'],
        summary:
          'A setting by type: CONTACT_US (contact details, hours, channels) or TUTORIAL (tutorial items)',
        params: settingTypeParams,
        response: { 200: envelope(setting) },
      },
    },
    async (request) => ok(supportMessages.settings, await service.setting(request.params.type)),
  );

  r.post(
    '/api/feedback',
    {
      config: { rateLimit: { max: FEEDBACK_PER_IP_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags: ['support'],
        summary: 'Send a message from the support modal; stored and e-mailed to the support team',
        body: feedbackBody,
        response: { 201: envelope(feedback) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const created = await service.sendFeedback(
        { userId: principal.userId, email: principal.email },
        request.body,
      );
      return reply.status(201).send(ok(supportMessages.feedback, created));
    },
  );
}
