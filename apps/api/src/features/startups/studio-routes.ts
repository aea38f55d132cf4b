import type { Role } from '@liftoff/contracts/auth';
import { envelope } from '@liftoff/contracts/common';
import {
  inviteCofounderBody,
  inviteResult,
  startup,
  startupIdParams,
  startupsMessages as messages,
} from '@liftoff/contracts/startups';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { principalOf } from '../../plugins/auth-guard.js';
import type { StartupsService } from './service.js';

const tags = ['studio: startups'];
const config: { roles: Role[] } = { roles: ['manager', 'admin'] };

/** The program team's startup calls, scoped to the startups with a member in the caller's cohorts. */
export async function startupsStudioRoutes(app: FastifyInstance, options: { service: StartupsService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/studio/startups/:id',
    {
      config,
      schema: {
        tags,
        summary: 'A startup of the caller’s cohorts with its members and open invitations',
        params: startupIdParams,
        response: { 200: envelope(startup) },
      },
    },
    async (request) => ok(messages.startup, await service.forTeam(principalOf(request), request.params.id)),
  );

  r.post(
    '/api/studio/startups/:id/invitations',
    {
      config: { ...config, errors: [409] },
      schema: {
        tags,
        summary: 'Invite a co-founder to a startup of the caller’s cohorts',
        body: inviteCofounderBody,
        params: startupIdParams,
        response: { 201: envelope(inviteResult) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(
            messages.invited,
            await service.inviteForTeam(principalOf(request), request.params.id, request.body.email),
          ),
        ),
  );
}
