import { generateText } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { followUpPrompt, parseFollowUps } from './context.js';
import type { Generation } from './generation-state.js';
import { COACH_OPTIONS, type ChatModel, type CoachCallOptions } from './models.js';

/** A second short call asks the model for follow-up questions (and a title); the knowledge base fills any gap. */
export async function askForFollowUps(
  generation: Generation,
  { chat, timeoutMs, log }: { chat: ChatModel; timeoutMs: number; log: FastifyBaseLogger },
): Promise<{ followUpQuestions: string[]; title: string | null }> {
  const { request } = generation;
  const wantTitle = request.titleFallback !== null;
  let parsed: { followUpQuestions: string[]; title: string | null } = {
    followUpQuestions: [],
    title: null,
  };
  try {
    const coach: CoachCallOptions = {
      task: 'followups',
      context: request.context,
      suggestions: request.suggestions,
      title: wantTitle ? request.titleFallback : null,
    };
    const result = await generateText({
      model: chat.model,
      prompt: followUpPrompt(request.question, generation.content, wantTitle),
      maxOutputTokens: 200,
      maxRetries: 0,
      abortSignal: AbortSignal.any([generation.controller.signal, AbortSignal.timeout(timeoutMs)]),
      providerOptions: { [COACH_OPTIONS]: coach as never },
    });
    parsed = parseFollowUps(result.text);
  } catch (error) {
    log.warn({ err: error }, 'follow-up questions call failed; using the knowledge base');
  }
  const questions = [...parsed.followUpQuestions];
  for (const suggestion of request.suggestions) {
    if (questions.length >= 3) break;
    if (!questions.includes(suggestion)) questions.push(suggestion);
  }
  return { followUpQuestions: questions.slice(0, 4), title: parsed.title };
}
