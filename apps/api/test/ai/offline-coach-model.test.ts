import { getEventListeners } from 'node:events';
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { COACH_OPTIONS, OfflineCoachModel, type CoachCallOptions } from '../../src/features/ai/models.js';

// The offline coach as a model: it streams its answer piece by piece, with a pause between pieces.
const coach: CoachCallOptions = {
  task: 'answer',
  context: {
    user: { firstName: null, startupName: null, stage: null, industry: null },
    passages: [],
    sources: [],
  },
};
const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'What is a moat?' }] }];

/** The coach's answer stream, pausing `pauseMs` between pieces, for a caller holding `signal`. */
async function answerStream(pauseMs: number, signal: AbortSignal) {
  const { stream } = await new OfflineCoachModel(pauseMs).doStream({
    prompt,
    abortSignal: signal,
    providerOptions: { [COACH_OPTIONS]: coach as never },
  });
  return stream.getReader();
}

describe('the offline coach model', () => {
  it('streams a long answer without leaving a listener on the caller’s signal for every pause', async () => {
    const controller = new AbortController();
    const reader = await answerStream(1, controller.signal);
    let deltas = 0;
    let mostListeners = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      if ((value as LanguageModelV3StreamPart).type === 'text-delta') deltas++;
      mostListeners = Math.max(mostListeners, getEventListeners(controller.signal, 'abort').length);
    }
    expect(deltas).toBeGreaterThan(12);
    expect(mostListeners).toBeLessThanOrEqual(1);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('ends the stream with the signal’s reason when the caller aborts during a pause', async () => {
    const controller = new AbortController();
    const reader = await answerStream(60_000, controller.signal);
    // stream-start, text-start, then the first piece comes at once; the second waits for the pause.
    for (let i = 0; i < 3; i++) await reader.read();
    const next = reader.read();
    controller.abort(new Error('stopped by the founder'));
    await expect(next).rejects.toThrow('stopped by the founder');
  });
});
