import { envelope } from '@liftoff/contracts/common';
import {
  myMessagesMessage,
  mySupportMessage,
  supportInboxPage,
  supportInboxQuery,
  supportReplyBody,
  supportStatusBody,
  supportTicket,
  supportTicketParams,
} from '@liftoff/contracts/support';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { principalOf } from '../../plugins/auth-guard.js';
import type { InboxService } from './inbox-service.js';

const tags = ['studio'];

/** The studio's support inbox: managers and admins (the guard enforces it). */
export async function supportStudioRoutes(app: FastifyInstance, options: { inbox: InboxService }) {
  const { inbox } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const team = { roles: ['manager' as const, 'admin' as const] };

  // The founder's side of the same conversations: their own messages and the team's replies.
  r.get(
    '/api/feedback/mine',
    {
      schema: {
        tags: ['support'],
        summary: "The caller's support messages, newest first, with the team's replies",
        response: { 200: envelope(z.array(mySupportMessage)) },
      },
    },
    async (request) => ok(myMessagesMessage, await inbox.mine(principalOf(request).userId)),
  );

  r.get(
    '/api/studio/support',
    {
      config: team,
      schema: {
        tags,
        summary: 'Support messages, newest first, filtered by status, kind and text (managers, admins)',
        querystring: supportInboxQuery,
        response: { 200: envelope(supportInboxPage) },
      },
    },
    async (request) => ok('Support messages fetched successfully.', await inbox.list(request.query)),
  );

  r.get(
    '/api/studio/support/:id',
    {
      config: team,
      schema: {
        tags,
        summary: 'One support message with its replies (managers, admins)',
        params: supportTicketParams,
        response: { 200: envelope(supportTicket) },
      },
    },
    async (request) => ok('Support message fetched successfully.', await inbox.ticket(request.params.id)),
  );

  r.put(
    '/api/studio/support/:id/status',
    {
      config: team,
      schema: {
        tags,
        summary: 'Set the status of a support message: new, answered or closed (audit-logged)',
        params: supportTicketParams,
        body: supportStatusBody,
        response: { 200: envelope(supportTicket) },
      },
    },
    async (request) =>
      ok(
        'Status updated.',
        await inbox.setStatus(principalOf(request).userId, request.params.id, request.body.status),
      ),
  );

  r.post(
    '/api/studio/support/:id/replies',
    {
      config: team,
      schema: {
        tags,
        summary: 'Answer a support message by e-mail; the founder also sees it in the app (audit-logged)',
        params: supportTicketParams,
        body: supportReplyBody,
        response: { 201: envelope(supportTicket) },
      },
    },
    async (request, reply) => {
      const ticket = await inbox.reply(principalOf(request).userId, request.params.id, request.body.message);
      return reply.status(201).send(ok('Reply sent.', ticket));
    },
  );
}
