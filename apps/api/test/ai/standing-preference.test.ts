import { describe, expect, it } from 'vitest';
import type { RetrievedPassage } from '../../src/features/ai/retrieval/knowledge.js';
import { standingPreference } from '../../src/features/ai/standing/standing-preference.js';

const passage = (missionKey: string, milestoneKey: string) =>
  ({ missionKey, milestoneKey }) as unknown as RetrievedPassage;
const founder = {
  milestone: { key: 'discovery', name: 'Discovery' },
  mission: { key: 'frame', name: 'Frame' },
};

describe("the founder's standing in the ranking", () => {
  it('lets the current milestone only break near-ties for a question about another topic', () => {
    const prefer = standingPreference('How should I price my first product?', founder);
    expect(prefer(passage('frame', 'discovery'))).toBeLessThanOrEqual(1.1);
    expect(prefer(passage('frame', 'discovery'))).toBe(prefer(passage('interviews', 'discovery')));
    expect(prefer(passage('pricing', 'business-model'))).toBe(1);
  });

  it('prefers the current mission, then its milestone, when the question is about the current work', () => {
    for (const question of [
      'How do I finish this step?',
      "I'm stuck on my current mission",
      'What now, right now?',
    ]) {
      const prefer = standingPreference(question, founder);
      expect(prefer(passage('frame', 'discovery'))).toBeGreaterThan(
        prefer(passage('interviews', 'discovery')),
      );
      expect(prefer(passage('interviews', 'discovery'))).toBeGreaterThan(
        prefer(passage('pricing', 'business-model')),
      );
    }
  });
});
