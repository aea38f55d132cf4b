import {
  aiMessages,
  bulkBody,
  bulkResult,
  chatSession,
  chatSessionsPage,
  createSessionBody,
  renameSessionBody,
  sessionParams,
  sessionsQuery,
} from '@liftoff/contracts/ai';
import { envelope } from '@liftoff/contracts/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../lib/envelope.js';
import { me, tags } from '../routes-shared.js';
import type { AiService } from './service.js';

const empty = envelope(z.object({}));

/** A founder's chat sessions: creating, listing, renaming, archiving, restoring and deleting them. */
export function registerSessionRoutes(app: FastifyInstance, { service }: { service: AiService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/ai/chat-sessions',
    {
      schema: {
        tags,
        summary: 'Create a session, or move the one with this conversationId to the top',
        // Every field is optional, so no body at all is a session with defaults.
        body: createSessionBody.nullish(),
        response: { 201: envelope(chatSession) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(aiMessages.sessionCreated, await service.createSession(me(request), request.body ?? {}))),
  );

  r.get(
    '/api/ai/chat-sessions',
    {
      schema: {
        tags,
        summary: 'Active sessions, most recently active first',
        querystring: sessionsQuery,
        response: { 200: envelope(chatSessionsPage) },
      },
    },
    async (request) => ok(aiMessages.sessions, await service.listSessions(me(request), false, request.query)),
  );

  r.get(
    '/api/ai/chat-sessions/archived',
    {
      schema: {
        tags,
        summary: 'Archived sessions',
        querystring: sessionsQuery,
        response: { 200: envelope(chatSessionsPage) },
      },
    },
    async (request) => ok(aiMessages.archived, await service.listSessions(me(request), true, request.query)),
  );

  r.post(
    '/api/ai/chat-sessions/bulk',
    {
      schema: {
        tags,
        summary: 'Archive or delete several sessions',
        body: bulkBody,
        response: { 200: envelope(bulkResult) },
      },
    },
    async (request) => {
      const result = await service.bulk(me(request), request.body.action, request.body.ids);
      return ok(
        result.action === 'archive' ? aiMessages.sessionsArchived : aiMessages.sessionsDeleted,
        result,
      );
    },
  );

  r.get(
    '/api/ai/chat-sessions/:id',
    {
      schema: {
        tags,
        summary: 'One session',
        params: sessionParams,
        response: { 200: envelope(chatSession) },
      },
    },
    async (request) => ok(aiMessages.session, await service.getSession(me(request), request.params.id)),
  );

  r.put(
    '/api/ai/chat-sessions/:id',
    {
      schema: {
        tags,
        summary: 'Rename a session',
        params: sessionParams,
        body: renameSessionBody,
        response: { 200: envelope(chatSession) },
      },
    },
    async (request) =>
      ok(
        aiMessages.sessionUpdated,
        await service.renameSession(me(request), request.params.id, request.body.title),
      ),
  );

  r.delete(
    '/api/ai/chat-sessions/:id',
    {
      schema: {
        tags,
        summary: 'Delete a session and its messages',
        params: sessionParams,
        response: { 200: empty },
      },
    },
    async (request) => {
      await service.deleteSession(me(request), request.params.id);
      return ok(aiMessages.sessionDeleted, {});
    },
  );

  r.put(
    '/api/ai/chat-sessions/:id/archive',
    {
      schema: {
        tags,
        summary: 'Archive a session',
        params: sessionParams,
        response: { 200: envelope(chatSession) },
      },
    },
    async (request) =>
      ok(aiMessages.sessionArchived, await service.archiveSession(me(request), request.params.id, true)),
  );

  r.put(
    '/api/ai/chat-sessions/:id/unarchive',
    {
      schema: {
        tags,
        summary: 'Restore a session to the top of the active list',
        params: sessionParams,
        response: { 200: envelope(chatSession) },
      },
    },
    async (request) =>
      ok(aiMessages.sessionRestored, await service.archiveSession(me(request), request.params.id, false)),
  );
}
