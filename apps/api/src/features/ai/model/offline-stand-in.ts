import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { FastifyBaseLogger } from 'fastify';
import type { Generation } from './generation-state.js';
import { modelPrompt } from './model-prompt.js';
import { COACH_OPTIONS, type CoachCallOptions } from './models.js';
import type { AiRepository } from '../repository.js';

/**
 * The model failed (an HTTP error, a time-out, a broken stream): the founder gets the offline coach's answer
 * from the same context instead, labelled with why (docs/decisions/017). What the model streamed is dropped —
 * the first event that names the fallback tells the client to drop it too — so the saved answer is whole.
 */
export async function answerOffline(
  generation: Generation,
  fallback: LanguageModelV3,
  { repository, log }: { repository: AiRepository; log: FastifyBaseLogger },
) {
  const { request } = generation;
  const reason = generation.error!;
  const coach: CoachCallOptions = { task: 'answer', context: request.context };
  try {
    const { stream } = await fallback.doStream({
      prompt: modelPrompt('', request.history, request.question),
      providerOptions: { [COACH_OPTIONS]: coach as never },
    });
    const text: string[] = [];
    for await (const part of stream) if (part.type === 'text-delta') text.push(part.delta);
    generation.pieces.length = 0;
    generation.fallback = reason;
    generation.error = null;
    generation.status = 'COMPLETE';
    generation.followUpQuestions = request.suggestions.slice(0, 4);
    for (const [index, content] of text.entries()) {
      generation.pieces.push(content);
      generation.emit({ ...request.ids, content, ...(index === 0 ? { fallback: reason } : {}) });
    }
    if (request.titleFallback !== null) {
      await generation.saved;
      if (generation.persisted)
        await repository.setGeneratedTitle(request.ids.conversationId, request.titleFallback).catch(() => {});
    }
  } catch (error) {
    log.warn({ err: error }, 'the offline coach could not stand in for the model');
  }
}
