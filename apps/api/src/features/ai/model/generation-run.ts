/**
 * Runs one answer from the model call to the saved row: streams the model's parts to the listeners while
 * flushing the text now and then, decides how the answer ended (complete, stopped, timed out, failed), lets the
 * offline coach stand in or asks for follow-ups, and saves the outcome. The manager (generation.ts) only starts
 * runs and stops them; this is everything that happens in between.
 */

import type { LanguageModelV3, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import type { MessageSource } from '@liftoff/contracts/ai';
import type { FastifyBaseLogger } from 'fastify';
import { systemPrompt } from './context.js';
import { askForFollowUps } from './follow-up-call.js';
import type { Generation } from './generation-state.js';
import { describeModelError } from './model-error-message.js';
import { modelPrompt } from './model-prompt.js';
import { COACH_OPTIONS, pieces, type ChatModel, type CoachCallOptions } from './models.js';
import { answerOffline } from './offline-stand-in.js';
import type { AiRepository } from '../repository.js';

/** What running one answer needs: the models, where it is saved, its limits and where it logs. */
export interface GenerationRunOptions {
  chat: ChatModel;
  /** Answers when the model server fails (AI_FALLBACK=offline): the offline coach; null shows the error only. */
  fallback?: LanguageModelV3 | null;
  repository: AiRepository;
  timeoutMs: number;
  maxOutputTokens: number;
  log: FastifyBaseLogger;
}

const FLUSH_EVERY_MS = 1000;

/** A fixed answer as a model's stream of parts, so it is streamed, saved and replayed like any other. */
function replyStream(text: string): ReadableStream<LanguageModelV3StreamPart> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue({ type: 'stream-start', warnings: [] });
      controller.enqueue({ type: 'text-start', id: 'text-0' });
      for (const delta of pieces(text, 6)) controller.enqueue({ type: 'text-delta', id: 'text-0', delta });
      controller.enqueue({ type: 'text-end', id: 'text-0' });
      controller.enqueue({
        type: 'finish',
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 0, text: 0, reasoning: 0 },
        },
      });
      controller.close();
    },
  });
}

export async function runGeneration(generation: Generation, options: GenerationRunOptions) {
  const { chat, repository, timeoutMs, maxOutputTokens, log } = options;
  const { request } = generation;
  const { ids } = request;
  let persistFailed = false;
  let persisted: Promise<void> | null = null;
  const startPersisting = () => {
    if (persisted) return;
    persisted = request.persist().then(
      () => generation.markSaved(true),
      (error) => {
        persistFailed = true;
        generation.markSaved(false);
        log.error({ err: error }, 'saving the chat message failed');
        generation.stop('shutdown');
      },
    );
  };
  // An idle timer: the first token and every next one must come within AI_TIMEOUT_MS.
  let idle: NodeJS.Timeout | undefined;
  const armIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(() => generation.stop('timeout'), timeoutMs);
  };
  let lastFlush = Date.now();
  let flushing: Promise<void> = Promise.resolve();
  let streamError: unknown = null;
  let finished = false;
  armIdle();
  try {
    const coach: CoachCallOptions = { task: 'answer', context: request.context };
    // The model's own stream (LanguageModelV3), not streamText: streamText builds a dozen Web Streams per call,
    // which on Node 20 costs more than a millisecond before the request leaves and again on the first token.
    // This call needs none of what it adds (tools, retries, telemetry); see docs/decisions/007.
    const call = Promise.resolve(
      request.reply
        ? { stream: replyStream(request.reply.text) }
        : chat.model.doStream({
            prompt: modelPrompt(systemPrompt(request.context), request.history, request.question),
            maxOutputTokens,
            abortSignal: generation.controller.signal,
            providerOptions: { [COACH_OPTIONS]: coach as never },
          }),
    );
    // Awaited below, after a turn of the event loop: a call that fails at once must not count as unhandled
    // meanwhile (Node ends the process on an unhandled rejection).
    call.catch(() => {});
    // The model request goes out within this turn of the event loop; the database write follows it. On the
    // embedded database a write holds the event loop, and would otherwise delay the request itself.
    await new Promise<void>((resolve) =>
      setImmediate(() => {
        startPersisting();
        resolve();
      }),
    );
    const { stream } = await call;
    for await (const part of stream) {
      armIdle();
      if (part.type === 'text-delta') {
        if (!part.delta) continue;
        generation.pieces.push(part.delta);
        generation.emit({ ...ids, content: part.delta });
        if (Date.now() - lastFlush >= FLUSH_EVERY_MS && generation.persisted) {
          lastFlush = Date.now();
          const content = generation.content;
          flushing = flushing.then(() => repository.saveAnswer(ids.responseId, { content }).catch(() => {}));
        }
      } else if (part.type === 'error') {
        streamError = part.error;
      } else if (part.type === 'finish') {
        const reason = part.finishReason.unified;
        finished = reason !== 'error' && reason !== 'other';
      }
    }
  } catch (error) {
    streamError = error;
  } finally {
    clearTimeout(idle);
    startPersisting();
  }
  // A response's writes reach its socket only once the current run of promise callbacks ends (Node corks
  // it until then). A model that sends its answer in one burst ends the stream in that same run, and the
  // follow-up call's setup below would hold the pieces just written back by milliseconds.
  await new Promise((resolve) => setImmediate(resolve));

  if (generation.stopReason === 'stop') {
    generation.status = 'STOPPED';
  } else if (generation.stopReason === 'timeout') {
    generation.status = 'ERROR';
    generation.error = `The AI model server did not answer within ${Math.round(timeoutMs / 100) / 10} seconds. Please try again.`;
  } else if (generation.stopReason === 'shutdown') {
    generation.status = 'ERROR';
    generation.error = persistFailed
      ? 'The message could not be saved. Please try again.'
      : 'The server restarted while answering. Please try again.';
  } else if (streamError || !finished) {
    generation.status = 'ERROR';
    generation.error = streamError
      ? describeModelError(streamError)
      : 'The connection to the AI model server broke off before the answer was complete. Please try again.';
    if (streamError)
      log.warn({ err: streamError, conversationId: ids.conversationId }, 'AI model call failed');
  }
  if (generation.status === 'ERROR' && generation.stopReason !== 'shutdown' && options.fallback) {
    await answerOffline(generation, options.fallback, options);
  } else if (generation.status !== 'ERROR' && generation.status !== 'STOPPED') {
    // The pre-check's own replies suggest nothing: a founder in distress gets no chips to click past it.
    const extras = request.reply
      ? { followUpQuestions: request.suggestions, title: null }
      : await askForFollowUps(generation, options);
    generation.followUpQuestions = extras.followUpQuestions;
    generation.status = 'COMPLETE';
    if (request.titleFallback !== null) {
      await persisted;
      if (!persistFailed)
        await repository
          .setGeneratedTitle(ids.conversationId, extras.title ?? request.titleFallback)
          .catch(() => {});
    }
  }

  await persisted;
  await flushing;
  if (!persistFailed) {
    const sources: MessageSource[] =
      generation.status === 'ERROR' && !generation.content ? [] : request.context.sources;
    generation.sources = sources;
    try {
      await repository.saveAnswer(ids.responseId, {
        content: generation.content,
        status: generation.status,
        error: generation.error,
        fallback: generation.fallback,
        followUpQuestions: generation.followUpQuestions,
        sources,
      });
      await repository.touchConversation(ids.conversationId);
    } catch (error) {
      log.error({ err: error }, 'saving the answer failed');
    }
  }
  generation.finish();
}
