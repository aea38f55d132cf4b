import { envelope } from '@liftoff/contracts/common';
import {
  createdWebhook,
  createWebhookBody,
  webhookDelivery,
  webhookEndpoint,
  webhookParams,
  webhooksMessages as messages,
} from '@liftoff/contracts/integrations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { principalOf } from '../../plugins/auth-guard.js';
import type { WebhooksService } from './webhooks-service.js';

const tags = ['studio: webhooks'];
/** Webhooks carry every cohort's events, so only admins (who see every cohort) manage them. */
const config = { roles: ['admin' as const] };

export async function webhooksRoutes(app: FastifyInstance, options: { webhooks: WebhooksService }) {
  const { webhooks } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/studio/webhooks',
    {
      config,
      schema: {
        tags,
        summary: 'The webhooks, newest first',
        response: { 200: envelope(z.array(webhookEndpoint)) },
      },
    },
    async () => ok(messages.endpoints, await webhooks.list()),
  );

  r.post(
    '/api/studio/webhooks',
    {
      config,
      schema: {
        tags,
        summary: 'Subscribe an HTTPS address to event types; the signing secret is in this answer only',
        description:
          'Deliveries are signed per the Standard Webhooks specification. 400 naming `url` when the address is not HTTPS or is, or resolves to, a private, loopback or link-local address.',
        body: createWebhookBody,
        response: { 201: envelope(createdWebhook) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(ok(messages.created, await webhooks.create(principalOf(request).userId, request.body))),
  );

  r.delete(
    '/api/studio/webhooks/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a webhook and its delivery log',
        params: webhookParams,
        response: { 200: envelope(webhookEndpoint) },
      },
    },
    async (request) => ok(messages.deleted, await webhooks.remove(request.params.id)),
  );

  r.get(
    '/api/studio/webhooks/:id/deliveries',
    {
      config,
      schema: {
        tags,
        summary: "A webhook's latest deliveries with what its receiver answered",
        params: webhookParams,
        response: { 200: envelope(z.array(webhookDelivery)) },
      },
    },
    async (request) => ok(messages.deliveries, await webhooks.deliveries(request.params.id)),
  );
}
