import { getEventListeners } from 'node:events';
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import {
  bestExcerpt,
  COACH_OPTIONS,
  OfflineCoachModel,
  type CoachCallOptions,
} from '../../src/features/ai/model/models.js';

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

describe('the offline coach’s excerpts', () => {
  // As the program's content is written: paragraphs and list items hard-wrapped at about 110 columns.
  const step = [
    "Investors spend about three minutes on a deck sent ahead of a meeting. Your deck's job is to make the",
    "story obvious and earn the meeting; the meeting's job is to build conviction.",
    '',
    '1. **Title** — name, one-line description of what you do, contact.',
    '2. **Traction** — the strongest evidence you have: revenue, growth rate, retention. Move',
    "   this to slide 2 if it's your best card.",
    '   - a nested point about the deck',
    '',
    '```',
    'deck/',
    '  slides.key',
    '```',
  ].join('\n');

  it('quotes a wrapped paragraph as one paragraph, since the chat breaks the line at every newline', () => {
    const excerpt = bestExcerpt(step, 'What is the job of my deck?');
    expect(excerpt).toContain("Your deck's job is to make the story obvious and earn the meeting");
  });

  it('keeps list items, nested items and code on their own lines', () => {
    const excerpt = bestExcerpt(step, 'How do I show traction on a slide in the deck?', 2000);
    expect(excerpt).toContain(
      "contact.\n2. **Traction** — the strongest evidence you have: revenue, growth rate, retention. Move this to slide 2 if it's your best card.\n   - a nested point",
    );
    expect(excerpt).toContain('```\ndeck/\n  slides.key\n```');
  });
});
