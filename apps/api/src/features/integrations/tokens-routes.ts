import { envelope } from '@liftoff/contracts/common';
import {
  apiToken,
  apiTokenParams,
  createApiTokenBody,
  createdApiToken,
  integrationsMessages as messages,
} from '@liftoff/contracts/integrations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { principalOf } from '../../plugins/auth-guard.js';
import type { ApiTokensService } from './tokens-service.js';

const tags = ['integrations'];

/**
 * A person's own API tokens. These routes declare no scope, so a token can never mint, list or revoke tokens:
 * only a signed-in session can.
 */
export async function apiTokensRoutes(app: FastifyInstance, options: { tokens: ApiTokensService }) {
  const { tokens } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/integrations/tokens',
    {
      schema: {
        tags,
        summary: "The caller's API tokens, newest first (never their secrets)",
        response: { 200: envelope(z.array(apiToken)) },
      },
    },
    async (request) => ok(messages.tokens, await tokens.list(principalOf(request).userId)),
  );

  r.post(
    '/api/integrations/tokens',
    {
      config: { errors: [409] },
      schema: {
        tags,
        summary: 'Create an API token; its secret is in this answer only',
        description:
          'Send it as `Authorization: Bearer <token>`. 403 when a founder asks for `cohort:read`; 409 when the caller already holds the most working tokens allowed.',
        body: createApiTokenBody,
        response: { 201: envelope(createdApiToken) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const created = await tokens.create(principal, request.body);
      return reply.code(201).send(ok(messages.tokenCreated, created));
    },
  );

  r.delete(
    '/api/integrations/tokens/:id',
    {
      schema: {
        tags,
        summary: 'Revoke an API token: it stops working at once',
        params: apiTokenParams,
        response: { 200: envelope(apiToken) },
      },
    },
    async (request) =>
      ok(messages.tokenRevoked, await tokens.revoke(principalOf(request).userId, request.params.id)),
  );
}
