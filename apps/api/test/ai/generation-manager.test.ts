import type { LanguageModelV3 } from '@ai-sdk/provider';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { GenerationManager, type GenerationRequest } from '../../src/features/ai/model/generation.js';
import type { AiRepository } from '../../src/features/ai/repository.js';

/** What the manager writes, kept in memory: this test is about the model call, not the database. */
function memoryRepository() {
  const saved: Record<string, unknown>[] = [];
  const repository = {
    saveAnswer: async (_id: string, answer: Record<string, unknown>) => void saved.push(answer),
    touchConversation: async () => {},
    setGeneratedTitle: async () => {},
    stopRequested: async () => [],
    heartbeat: async () => {},
    sweepAbandoned: async () => 0,
  } as unknown as AiRepository;
  return { repository, saved };
}

const request = (): GenerationRequest => ({
  ids: { conversationId: 'c', userMessageId: 'u', responseId: 'r' },
  userId: 'someone',
  question: 'How do I price my product?',
  history: [],
  context: {
    user: { firstName: 'Ada', startupName: 'Lumen', stage: null, industry: null },
    passages: [],
    sources: [],
  },
  suggestions: ['What should I charge first?'],
  titleFallback: null,
  persist: async () => {},
});

describe('a model call that fails before it streams', () => {
  it('ends the answer with an error event instead of an unhandled rejection', async () => {
    // Fails at once, before the manager reaches the stream (a bad request the provider refuses locally).
    const failing = {
      specificationVersion: 'v3',
      provider: 'test',
      modelId: 'failing',
      supportedUrls: {},
      doGenerate: () => Promise.reject(new Error('refused locally')),
      doStream: () => Promise.reject(new Error('refused locally')),
    } as unknown as LanguageModelV3;
    const { repository, saved } = memoryRepository();
    const manager = new GenerationManager({
      chat: { model: failing, provider: 'test', modelId: 'failing', offline: false },
      repository,
      timeoutMs: 5_000,
      maxOutputTokens: 100,
      stopPollMs: 1_000,
      abandonedAfterMs: 90_000,
      log: pino({ level: 'silent' }),
    });
    // Node ends a process on an unhandled rejection by default; the server must never leave one.
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const events: unknown[] = [];
    const generation = manager.start(request());
    generation.subscribe((event) => events.push(event));

    const outcome = await generation.finished;
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled).toEqual([]);
    expect(outcome.status).toBe('ERROR');
    expect(outcome.error).toBe('The AI model failed to answer. Please try again.');
    expect(saved.at(-1)).toMatchObject({ status: 'ERROR' });
    expect(events.at(-2)).toMatchObject({ error: outcome.error, followUpQuestions: [] });
    expect(events.at(-1)).toBe('done');
  });
});
