import multipart from '@fastify/multipart';
import {
  aiMessages,
  bulkBody,
  bulkResult,
  capabilities,
  chatHistory,
  chatSession,
  chatSessionsPage,
  completionBody,
  completionResult,
  continueBody,
  conversationParams,
  createSessionBody,
  feedback,
  feedbackBody,
  historyQuery,
  renameSessionBody,
  retryParams,
  searchPage,
  searchQuery,
  sessionParams,
  sessionsQuery,
  stopResult,
  STT_MAX_BYTES,
  sttResult,
  TTS_MAX_CHARACTERS,
  ttsBody,
  type Capabilities,
  type ChatStreamEvent,
} from '@liftoff/contracts/ai';
import { envelope } from '@liftoff/contracts/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { readUploadedFile } from '../../lib/uploads.js';
import { authorized, claimedUserId, principalOf } from '../../plugins/auth-guard.js';
import { leaveAdmission } from '../../plugins/admission.js';
import type { UsageCaps } from './usage-caps.js';
import type { Generation } from './generation.js';
import type { AiService, ChatRequest } from './service.js';
import type { Speech } from './speech.js';

const tags = ['ai'];
const empty = envelope(z.object({}));

/** Streams the answer as server-sent events; the generation itself goes on if the client leaves. */
async function streamAnswer(request: FastifyRequest, reply: FastifyReply, generation: Generation) {
  reply.hijack();
  // From here the call waits on the model, not on this process: its place goes to the next call.
  leaveAdmission(request);
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  const write = (event: ChatStreamEvent | 'done') => {
    if (raw.destroyed || raw.writableEnded) return;
    if (event === 'done') raw.end('data: [DONE]\n\n');
    else raw.write(`data: ${JSON.stringify(event)}\n\n`);
  };
  // The headers leave with the first event rather than at once: flushing them here is a write on the socket
  // in the same turn as the model request, ahead of it. The first event carries the ids as soon as the
  // question is saved (the model already works meanwhile), so the client can stop, retry or read the
  // conversation's history before any text arrives. Text generated while waiting is replayed by subscribe; a
  // failed save ends the stream with its error event.
  await generation.saved;
  write({ ...generation.ids });
  const unsubscribe = generation.subscribe(write);
  request.raw.once('close', () => {
    if (!raw.writableEnded) unsubscribe();
  });
  raw.once('close', unsubscribe);
}

async function answer(request: FastifyRequest, reply: FastifyReply, generation: Generation) {
  if ((request.headers.accept ?? '').includes('text/event-stream'))
    return streamAnswer(request, reply, generation);
  const outcome = await generation.finished;
  if (outcome.status === 'ERROR')
    throw new AppError(
      502,
      'UPSTREAM_FAILED',
      outcome.error ?? 'The AI model failed to answer. Please try again.',
    );
  const { conversationId, userMessageId, responseId, content, followUpQuestions } = outcome;
  return reply.send(
    ok(outcome.status === 'STOPPED' ? aiMessages.stop : aiMessages.completion, {
      conversationId,
      userMessageId,
      responseId,
      content,
      followUpQuestions,
    }),
  );
}

export interface AiRoutesOptions {
  service: AiService;
  speech: Speech;
  caps: UsageCaps;
  chatModel: Capabilities['chatModel'];
  /** Answers false when the workspace_ai flag is off: then every AI call is a 404. */
  isEnabled: () => Promise<boolean>;
}

export async function aiRoutes(app: FastifyInstance, options: AiRoutesOptions) {
  const { service, speech } = options;
  // Multipart lives in this scope only, so it never clashes with another feature's registration.
  await app.register(multipart, { limits: { fileSize: STT_MAX_BYTES, files: 1, fields: 5 } });
  app.addHook('onRequest', async (request) => {
    if (!(await options.isEnabled())) {
      throw new AppError(
        404,
        'NOT_FOUND',
        `No such endpoint: ${request.method} ${request.url.split('?')[0]}`,
      );
    }
  });
  // So every call here documents that 404, whatever its own parameters (the OpenAPI document reads `errors`).
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, errors: [...(route.config?.errors ?? []), 404] };
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const me = (request: FastifyRequest) => principalOf(request).userId;
  /**
   * Answers a chat call. These routes authorize in their handler: the founder's standing loads while the answer
   * is prepared, so it does not delay the first token, and the service waits for it before anything is written.
   */
  const askCoach = async (request: FastifyRequest, reply: FastifyReply, chatRequest: ChatRequest) =>
    answer(request, reply, await service.chat(claimedUserId(request), chatRequest, authorized(request)));

  r.get(
    '/api/ai/capabilities',
    {
      schema: {
        tags,
        summary: 'Which chat model and speech engines are on',
        response: { 200: envelope(capabilities) },
      },
    },
    async () => ok(aiMessages.capabilities, { chatModel: options.chatModel, ...speech.capabilities() }),
  );

  const streamDoc =
    'With `Accept: text/event-stream`: `data: {conversationId, userMessageId, responseId, content?, followUpQuestions?, error?, sources?}` events, then `data: [DONE]`. The first event (ids only) comes once the question is saved; the last carries `followUpQuestions` and, unless the answer failed, `sources`. Otherwise JSON.';
  r.post(
    '/api/ai/chat/completion',
    {
      config: { authorizeInHandler: true },
      schema: {
        tags,
        summary: 'Ask the coach (creates the session when new)',
        description: streamDoc,
        body: completionBody,
        response: { 200: envelope(completionResult) },
      },
    },
    async (request, reply) => askCoach(request, reply, { kind: 'completion', ...request.body }),
  );

  r.post(
    '/api/ai/chat/continue/:conversationId',
    {
      config: { authorizeInHandler: true },
      schema: {
        tags,
        summary: 'Ask the next question in a session',
        description: streamDoc,
        params: conversationParams,
        body: continueBody,
        response: { 200: envelope(completionResult) },
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
      config: { authorizeInHandler: true },
      schema: {
        tags,
        summary: 'A new answer to a user message; earlier answers stay as versions',
        description: streamDoc,
        params: retryParams,
        response: { 200: envelope(completionResult) },
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

  r.post(
    '/api/ai/tts',
    {
      schema: {
        tags,
        summary: 'Read text aloud (Markdown is stripped); answers audio, audio/wav with eSpeak NG',
        description:
          "A founder's read-alouds are prepared one at a time, and at most three may be waiting: a fourth answers 429 until one is ready. The same text is served from a cache.",
        body: ttsBody.extend({
          text: z
            .string()
            .min(1, 'Required')
            .max(TTS_MAX_CHARACTERS, `At most ${TTS_MAX_CHARACTERS} characters`),
        }),
      },
    },
    async (request, reply) => {
      await options.caps.spend('speech', me(request));
      const { audio, contentType, cached } = await speech.tts(me(request), request.body.text);
      return reply
        .header('content-type', contentType)
        .header('x-tts-cache', cached ? 'hit' : 'miss')
        .header('cache-control', 'private, max-age=86400')
        .send(audio);
    },
  );

  r.post(
    '/api/ai/stt',
    {
      schema: {
        tags,
        summary: 'Transcribe a recording (multipart field `file`: WAV, WebM, Ogg, MP4/M4A, at most 25 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(sttResult) },
      },
    },
    async (request) => {
      await options.caps.spend('transcription', me(request));
      const { fileName, data: audio } = await readUploadedFile(
        request,
        'file',
        `The recording is larger than ${STT_MAX_BYTES / 1024 / 1024} MB. Record a shorter one.`,
      );
      if (!audio.length)
        throw badRequest('Please check: file', [{ path: 'file', message: 'The recording is empty' }]);
      return ok(aiMessages.transcribed, await speech.stt(audio, fileName));
    },
  );
}
