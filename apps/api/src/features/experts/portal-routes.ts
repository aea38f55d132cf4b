import { envelope } from '@liftoff/contracts/common';
import {
  expert,
  expertInvitation,
  inboxQuery,
  inviteExpertBody,
  portalMessages,
  questionIdParams,
  questionMessageBody,
  questionThread,
} from '@liftoff/contracts/experts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { principalOf } from '../../plugins/auth-guard.js';
import type { PortalService } from './portal-service.js';

/**
 * The expert portal's routes (experts only), the founder's side of question threads, and the studio's
 * invitation of an expert. Scope is checked in the service: another's question answers 404.
 */
export async function expertPortalRoutes(app: FastifyInstance, options: { portal: PortalService }) {
  const { portal } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const experts = { roles: ['expert' as const] };
  const team = { roles: ['manager' as const, 'admin' as const] };
  const tags = ['expert portal'];

  r.get(
    '/api/expert-portal/me',
    {
      config: { ...experts, errors: [404] },
      schema: {
        tags,
        summary: 'The expert profile linked to my account',
        response: { 200: envelope(expert) },
      },
    },
    async (request) => ok(portalMessages.me, await portal.me(principalOf(request).userId)),
  );

  r.get(
    '/api/expert-portal/questions',
    {
      config: { ...experts, errors: [404] },
      schema: {
        tags,
        summary: "Questions addressed to me with the founder's context, newest first; filter by status",
        querystring: inboxQuery,
        response: { 200: envelope(z.array(questionThread)) },
      },
    },
    async (request) =>
      ok(portalMessages.inbox, await portal.inbox(principalOf(request).userId, request.query)),
  );

  r.get(
    '/api/expert-portal/questions/:id',
    {
      config: { ...experts, errors: [404] },
      schema: {
        tags,
        summary: 'One question addressed to me, with its thread',
        params: questionIdParams,
        response: { 200: envelope(questionThread) },
      },
    },
    async (request) =>
      ok(portalMessages.thread, await portal.expertThread(principalOf(request).userId, request.params.id)),
  );

  r.post(
    '/api/expert-portal/questions/:id/messages',
    {
      config: { ...experts, errors: [404, 409] },
      schema: {
        tags,
        summary: 'Answer (Markdown) or write again; the founder is notified in the app and by e-mail',
        params: questionIdParams,
        body: questionMessageBody,
        response: { 201: envelope(questionThread) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            portalMessages.reply,
            await portal.expertReply(principalOf(request).userId, request.params.id, request.body.body),
          ),
        ),
  );

  r.post(
    '/api/expert-portal/questions/:id/close',
    {
      config: { ...experts, errors: [404] },
      schema: {
        tags,
        summary: 'Close a question addressed to me',
        params: questionIdParams,
        response: { 200: envelope(questionThread) },
      },
    },
    async (request) =>
      ok(portalMessages.close, await portal.close('expert', principalOf(request).userId, request.params.id)),
  );

  // The founder's side of the same threads ("My questions").
  const founderTags = ['experts'];
  r.get(
    '/api/expert/questions/threads',
    {
      schema: {
        tags: founderTags,
        summary: 'My questions to experts with their answers and threads, newest first',
        response: { 200: envelope(z.array(questionThread)) },
      },
    },
    async (request) => ok(portalMessages.inbox, await portal.founderThreads(principalOf(request).userId)),
  );

  r.get(
    '/api/expert/questions/:id',
    {
      config: { errors: [404] },
      schema: {
        tags: founderTags,
        summary: 'One of my questions with its thread',
        params: questionIdParams,
        response: { 200: envelope(questionThread) },
      },
    },
    async (request) =>
      ok(portalMessages.thread, await portal.founderThread(principalOf(request).userId, request.params.id)),
  );

  r.post(
    '/api/expert/questions/:id/messages',
    {
      config: { errors: [404, 409] },
      schema: {
        tags: founderTags,
        summary: 'Write again under one of my questions; the expert is notified',
        params: questionIdParams,
        body: questionMessageBody,
        response: { 201: envelope(questionThread) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            portalMessages.reply,
            await portal.founderReply(principalOf(request).userId, request.params.id, request.body.body),
          ),
        ),
  );

  r.post(
    '/api/expert/questions/:id/close',
    {
      config: { errors: [404] },
      schema: {
        tags: founderTags,
        summary: 'Close one of my questions',
        params: questionIdParams,
        response: { 200: envelope(questionThread) },
      },
    },
    async (request) =>
      ok(portalMessages.close, await portal.close('founder', principalOf(request).userId, request.params.id)),
  );

  r.post(
    '/api/studio/experts/invite',
    {
      config: { ...team, errors: [404], rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        tags: ['studio'],
        summary: 'Invite the expert with this e-mail to make an account (audit-logged; mails a sign-up link)',
        body: inviteExpertBody,
        response: { 200: envelope(expertInvitation) },
      },
    },
    async (request) =>
      ok(portalMessages.invite, await portal.invite(principalOf(request).userId, request.body.email)),
  );
}
