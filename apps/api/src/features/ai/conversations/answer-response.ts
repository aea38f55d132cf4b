import { aiMessages, type ChatStreamEvent } from '@liftoff/contracts/ai';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';
import { ok } from '../../../lib/envelope.js';
import { AppError } from '../../../lib/errors.js';
import { leaveAdmission } from '../../../plugins/admission.js';
import type { Generation } from '../model/generation-state.js';

/** Streams the answer as server-sent events; the generation itself goes on if the client leaves. */
async function streamAnswer(request: FastifyRequest, reply: FastifyReply, generation: Generation) {
  reply.hijack();
  // From here the call waits on the model, not on this process: its place goes to the next call.
  leaveAdmission(request);
  const raw = reply.raw;
  // The headers the reply holds so far (the security headers among them) go out with the stream's own.
  raw.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
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

/** Answers with the generation: streamed when the client accepts server-sent events, else as one JSON reply. */
export async function sendAnswer(request: FastifyRequest, reply: FastifyReply, generation: Generation) {
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
