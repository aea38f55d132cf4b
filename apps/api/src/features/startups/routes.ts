import { envelope } from '@liftoff/contracts/common';
import {
  createStartupBody,
  handOverBody,
  invitationIdParams,
  inviteCofounderBody,
  inviteResult,
  memberParams,
  startup,
  startupInvitation,
  startupsMessages as messages,
  updateStartupBody,
} from '@liftoff/contracts/startups';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { principalOf } from '../../plugins/auth-guard.js';
import type { StartupsService } from './service.js';

const tags = ['startups'];
const me = (request: FastifyRequest) => principalOf(request).userId;

/** A founder's own startup: its data, its members, invitations to and from it. */
export async function startupsRoutes(app: FastifyInstance, options: { service: StartupsService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/startup',
    {
      config: { errors: [404] },
      schema: {
        tags,
        summary: "The caller's startup with its members and open invitations (404 when in none)",
        response: { 200: envelope(startup) },
      },
    },
    async (request) => ok(messages.startup, await service.mine(me(request))),
  );

  r.post(
    '/api/startup',
    {
      config: { errors: [409] },
      schema: {
        tags,
        summary: 'Start a startup, as its owner (only for a person in none)',
        body: createStartupBody,
        response: { 201: envelope(startup) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(ok(messages.created, await service.create(me(request), request.body))),
  );

  r.patch(
    '/api/startup',
    {
      config: { errors: [404] },
      schema: {
        tags,
        summary: "Change the startup's data (any member); a null empties a field",
        body: updateStartupBody,
        response: { 200: envelope(startup) },
      },
    },
    async (request) => ok(messages.updated, await service.update(me(request), request.body)),
  );

  r.post(
    '/api/startup/invitations',
    {
      config: { errors: [404, 409] },
      schema: {
        tags,
        summary: 'Invite a co-founder by e-mail (owner only)',
        description:
          'An account in no startup joins at once (joined: true); an account in another startup is asked to accept; any other address gets a mail, and signing up with it joins the startup.',
        body: inviteCofounderBody,
        response: { 201: envelope(inviteResult) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(ok(messages.invited, await service.invite(me(request), request.body.email))),
  );

  r.delete(
    '/api/startup/invitations/:invitationId',
    {
      config: { errors: [409] },
      schema: {
        tags,
        summary: 'Revoke an open invitation of the startup (owner only)',
        params: invitationIdParams,
        response: { 200: envelope(startupInvitation) },
      },
    },
    async (request) =>
      ok(messages.revoked, await service.revokeInvitation(me(request), request.params.invitationId)),
  );

  r.get(
    '/api/startup/invitations/received',
    {
      schema: {
        tags,
        summary: "Open invitations to the caller's e-mail address",
        response: { 200: envelope(z.array(startupInvitation)) },
      },
    },
    async (request) => ok(messages.invitations, await service.received(principalOf(request).email)),
  );

  r.post(
    '/api/startup/invitations/:invitationId/accept',
    {
      config: { errors: [409] },
      schema: {
        tags,
        summary: "Accept an invitation to the caller's address, leaving their current startup",
        description:
          'Leaving passes ownership to the longest-standing member; a startup whose last member leaves is deleted.',
        params: invitationIdParams,
        response: { 200: envelope(startup) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      return ok(
        messages.joined,
        await service.accept(principal.userId, principal.email, request.params.invitationId),
      );
    },
  );

  r.post(
    '/api/startup/invitations/:invitationId/decline',
    {
      schema: {
        tags,
        summary: "Decline an invitation to the caller's address; they stay in their current startup",
        params: invitationIdParams,
        response: { 200: envelope(startupInvitation) },
      },
    },
    async (request) =>
      ok(messages.declined, await service.decline(principalOf(request).email, request.params.invitationId)),
  );

  r.post(
    '/api/startup/leave',
    {
      config: { errors: [404] },
      schema: {
        tags,
        summary:
          'Leave the startup (ownership passes to the longest-standing member; the last one deletes it)',
        response: { 200: envelope(z.object({})) },
      },
    },
    async (request) => {
      await service.leave(me(request));
      return ok(messages.left, {});
    },
  );

  r.delete(
    '/api/startup/members/:userId',
    {
      config: { errors: [409] },
      schema: {
        tags,
        summary: 'Take a member off the startup (owner only)',
        params: memberParams,
        response: { 200: envelope(startup) },
      },
    },
    async (request) => ok(messages.removed, await service.removeMember(me(request), request.params.userId)),
  );

  r.put(
    '/api/startup/owner',
    {
      config: { errors: [409] },
      schema: {
        tags,
        summary: 'Hand ownership on to another member (owner only)',
        body: handOverBody,
        response: { 200: envelope(startup) },
      },
    },
    async (request) => ok(messages.ownerChanged, await service.handOver(me(request), request.body.userId)),
  );
}
