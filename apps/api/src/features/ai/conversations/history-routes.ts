import {
  aiMessages,
  chatHistory,
  conversationParams,
  feedback,
  feedbackBody,
  historyQuery,
  searchPage,
  searchQuery,
} from '@liftoff/contracts/ai';
import { envelope } from '@liftoff/contracts/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope.js';
import { me, tags } from '../routes-shared.js';
import type { AiService } from './service.js';

/** Reading back what was said: searching it, a session's messages, and rating an answer. */
export function registerHistoryRoutes(app: FastifyInstance, { service }: { service: AiService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/ai/chat-history/search',
    {
      schema: {
        tags,
        summary: 'Search message text and session titles, ranked, with highlighted snippets',
        querystring: searchQuery,
        response: { 200: envelope(searchPage) },
      },
    },
    async (request) =>
      ok(
        aiMessages.search,
        await service.search(me(request), request.query.query, request.query.pageNo, request.query.pageSize),
      ),
  );

  r.get(
    '/api/ai/chat-history/:conversationId',
    {
      schema: {
        tags,
        summary: 'Messages of a session; page 1 is the newest, oldest first within a page',
        params: conversationParams,
        querystring: historyQuery,
        response: { 200: envelope(chatHistory) },
      },
    },
    async (request) =>
      ok(
        aiMessages.history,
        await service.history(
          me(request),
          request.params.conversationId,
          request.query.pageNo,
          request.query.pageSize,
        ),
      ),
  );

  r.post(
    '/api/ai/feedback',
    {
      schema: {
        tags,
        summary: 'Rate an answer; a second rating replaces the first',
        body: feedbackBody,
        response: { 200: envelope(feedback) },
      },
    },
    async (request) => ok(aiMessages.feedback, await service.feedback(me(request), request.body)),
  );
}
