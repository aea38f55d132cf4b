import type { RetrievedPassage } from '../retrieval/knowledge.js';
import type { CoachUserContext } from '../model/context.js';

/**
 * Words by which a question points at what the founder is working on now ("this step", "my current mission",
 * "where I am"), rather than at a topic of the program.
 */
const ABOUT_CURRENT_WORK =
  /\b(?:this|current|my|our)\s+(?:current\s+)?(?:step|mission|milestone|worksheet|deliverable)s?\b|\b(?:right now|at the moment|where i am|i'?m (?:on|at|stuck on))\b/i;

/**
 * How much the founder's standing weighs in the ranking: it informs, never overrides (the coach's evaluation on
 * founders' own words, docs/decisions/062). A question about their current work prefers their current mission,
 * then its milestone; for any other question the current milestone only breaks near-ties (1.1, where it
 * weighed 1.2 whatever was asked), so the founder's first mission does not lead an answer about pricing.
 */
export function standingPreference(
  question: string,
  user: Pick<CoachUserContext, 'milestone' | 'mission'>,
): (passage: RetrievedPassage) => number {
  const inMilestone = (p: RetrievedPassage) =>
    Boolean(p.milestoneKey && p.milestoneKey === user.milestone?.key);
  // Otherwise the current milestone only breaks near-ties, as a founder's context would.
  if (!ABOUT_CURRENT_WORK.test(question)) return (p) => (inMilestone(p) ? 1.1 : 1);
  return (p) => (p.missionKey && p.missionKey === user.mission?.key ? 1.3 : inMilestone(p) ? 1.2 : 1);
}
