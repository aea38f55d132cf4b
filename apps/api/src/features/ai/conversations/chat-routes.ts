import {
  aiMessages,
  completionBody,
  completionResult,
  continueBody,
  conversationParams,
  retryParams,
  stopResult,
} from '@liftoff/contracts/ai';
import { envelope } from '@liftoff/contracts/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jsonOrEventStream } from '../../../lib/answers.js';
import { ok } from '../../../lib/envelope.js';
import { authorized, claimedUserId } from '../../../plugins/auth-guard.js';
import { sendAnswer } from './answer-response.js';
import { me, tags } from '../routes-shared.js';
import type { AiService, ChatRequest } from './service.js';

/** Asking the coach: a first question, the next one, another answer to one, and stopping an answer. */
export function registerChatRoutes(app: FastifyInstance, { service }: { service: AiService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /**
   * Answers a chat call. These routes authorize in their handler: the founder's standing loads while the answer
   * is prepared, so it does not delay the first token, and the service waits for it before anything is written.
   */
  const askCoach = async (request: FastifyRequest, reply: FastifyReply, chatRequest: ChatRequest) =>
    sendAnswer(request, reply, await service.chat(claimedUserId(request), chatRequest, authorized(request)));

  const streamEvents =
    '`data: <JSON event>` lines, each followed by a blank line, ending with `data: [DONE]`.';
  const streamDoc =
    'With `Accept: text/event-stream`: `data: {conversationId, userMessageId, responseId, content?, followUpQuestions?, error?, sources?}` events, then `data: [DONE]`. The first event (ids only) comes once the question is saved; the last carries `followUpQuestions` and, unless the answer failed, `sources`. Otherwise JSON.';
  r.post(
    '/api/ai/chat/completion',
    {
      // 502 in JSON mode when the model fails (a stream ends with an error event instead).
      config: { authorizeInHandler: true, errors: [502] },
      schema: {
        tags,
        summary: 'Ask the coach (creates the session when new)',
        description: streamDoc,
        body: completionBody,
        response: { 200: jsonOrEventStream(envelope(completionResult), streamEvents) },
      },
    },
    async (request, reply) => askCoach(request, reply, { kind: 'completion', ...request.body }),
  );

  r.post(
    '/api/ai/chat/continue/:conversationId',
    {
      // 502 in JSON mode when the model fails (a stream ends with an error event instead).
      config: { authorizeInHandler: true, errors: [502] },
      schema: {
        tags,
        summary: 'Ask the next question in a session',
        description: streamDoc,
        params: conversationParams,
        body: continueBody,
        response: { 200: jsonOrEventStream(envelope(completionResult), streamEvents) },
      },
    },
    async (request, reply) =>
      askCoach(request, reply, {
        kind: 'continue',
        input: request.body.input,
        ...(request.body.stepId ? { stepId: request.body.stepId } : {}),
        conversationId: request.params.conversationId,
      }),
  );

  r.post(
    '/api/ai/chat/retry/:conversationId/:messageId/:responseId',
    {
      // 502 in JSON mode when the model fails (a stream ends with an error event instead).
      config: { authorizeInHandler: true, errors: [502] },
      schema: {
        tags,
        summary: 'A new answer to a user message; earlier answers stay as versions',
        description: streamDoc,
        params: retryParams,
        response: { 200: jsonOrEventStream(envelope(completionResult), streamEvents) },
      },
    },
    async (request, reply) => askCoach(request, reply, { kind: 'retry', ...request.params }),
  );

  r.post(
    '/api/ai/chat/stop/:conversationId',
    {
      schema: {
        tags,
        summary: 'Stop the answer being generated (on any instance); what was generated is kept',
        params: conversationParams,
        response: { 200: envelope(stopResult) },
      },
    },
    async (request) => ok(aiMessages.stop, await service.stop(me(request), request.params.conversationId)),
  );
}
