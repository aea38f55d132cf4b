import { describe, expect, it } from 'vitest';
import { standingIntent } from '../../src/features/ai/standing/standing-answers.js';

// Which questions the coach answers from the founder's standing rather than from the program's text.
describe('standingIntent', () => {
  it.each([
    ['What should I do now?', 'next'],
    ['What should I focus on in my current milestone?', 'next'],
    ["What's next?", 'next'],
    ['Was soll ich jetzt tun?', 'next'],
    ['Que dois-je faire maintenant ?', 'next'],
    ['¿Qué debo hacer ahora?', 'next'],
    ["I'm stuck on this step", 'stuck'],
    ["I'm stuck.", 'stuck'],
    ['Ich komme nicht weiter', 'stuck'],
    ['How far am I?', 'progress'],
    ["What's due?", 'progress'],
    ['What is my next deliverable?', 'progress'],
    ['Wie weit bin ich?', 'progress'],
    ['Review my problem statement', 'review'],
  ])('%s → %s', (question, intent) => {
    expect(standingIntent(question)).toBe(intent);
  });

  it('leaves questions about the program to retrieval', () => {
    for (const question of [
      'How do I run customer interviews?',
      "I'm stuck with pricing tiers for B2B, what do other startups do?",
      'What is a good burn rate?',
      'How do I write a problem statement?',
      'What do I do with the interview notes afterwards?',
    ])
      expect([question, standingIntent(question)]).toEqual([question, null]);
  });

  it('reads any question from inside a step as about that step', () => {
    expect(standingIntent('What do you think?', true)).toBe('review');
    expect(standingIntent('How far am I?', true)).toBe('progress');
  });
});
