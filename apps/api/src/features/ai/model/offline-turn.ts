import { pickPassages, type CoachContext } from './context.js';
import { followUpCandidates } from '../conversations/follow-ups.js';
import type { Passage, RetrievedPassage } from '../retrieval/knowledge.js';
import { sourcesOfAnswer } from './offline-answer.js';
import type { PassageRetriever } from '../retrieval/retrieval.js';
import { standingPreference } from '../standing/standing-preference.js';

/** What the offline coach needs to search on its own: the retriever, the pack's passages and the earlier answers. */
export interface OfflineCoachTools {
  retrieve: PassageRetriever;
  passages: Passage[];
  /** The answers already given to a question (a retry's earlier versions), oldest first. */
  answersTo: (userId: string, questionId: string) => Promise<string[]>;
}

/** A passage's document: the sections of one step or post count once. */
const docOf = (p: Passage) => `${p.kind}:${p.stepKey ?? p.url}:${p.title}`;

/**
 * Searches again for the turn being answered, with the conversation so far, and puts what it finds in the
 * context the pipeline handed over (its passages and the sources the answer is saved with):
 * - the earlier questions count, at a discount, so a follow-up is read in their light;
 * - what the previous answer led with steps back, so a follow-up does not repeat it;
 * - a retry leads with the best document that no earlier version of this answer led with ("the next best").
 * A turn the pipeline found nothing for, without a conversation around it, stays as it is (nothing on topic),
 * and so does a question about the founder's own standing, which is answered from that.
 */
export async function refineForTurn(context: CoachContext, tools: OfflineCoachTools): Promise<void> {
  const turn = context.turn;
  if (!turn || context.intent || (!context.passages.length && !turn.history.length)) return;
  const history = turn.history.map((t) => ({
    role: t.role === 'assistant' ? ('assistant' as const) : ('user' as const),
    content: t.content,
  }));
  const [retrieved, earlier] = await Promise.all([
    tools.retrieve(turn.question, 12, history),
    tools.answersTo(turn.userId, turn.userMessageId).catch(() => []),
  ]);
  const previous = [...history].reverse().find((t) => t.role === 'assistant');
  const previouslyCited = previous ? sourcesOfAnswer(previous.content) : [];
  const ledBefore = new Set(earlier.map((a) => sourcesOfAnswer(a)[0]).filter(Boolean));
  const prefer = standingPreference(turn.question, context.user);
  const factor = (p: RetrievedPassage) => {
    let f = prefer(p);
    if (previouslyCited[0] === p.title) f *= 0.5;
    else if (previouslyCited.includes(p.title)) f *= 0.8;
    return f;
  };
  let ranked = [...retrieved].sort((a, b) => b.rank * factor(b) - a.rank * factor(a));
  if (ledBefore.size) {
    // The best document no earlier version led with leads now; the rest keep their order, so what was said
    // before is still cited below it. When every document has led once, the round starts again.
    const next = ranked.find((p) => !ledBefore.has(p.title));
    const lead = next ? docOf(next) : docOrder(ranked)[earlier.length % docOrder(ranked).length];
    ranked = [...ranked.filter((p) => docOf(p) === lead), ...ranked.filter((p) => docOf(p) !== lead)];
  }
  if (!ranked.length) return;
  const picked = pickPassages(ranked, context.user, 4);
  context.passages.splice(0, context.passages.length, ...picked.passages);
  context.sources.splice(0, context.sources.length, ...picked.sources);
  context.related = ranked;
}

/** The documents in ranked order. */
const docOrder = (ranked: RetrievedPassage[]) => [...new Set(ranked.map(docOf))];

/**
 * Follow-up questions the offline coach can answer: candidates from what it retrieved (popular questions, the
 * cited documents' other sections), each kept only when searching it leads back to the passage it came from.
 */
export async function offlineFollowUps(context: CoachContext, tools: OfflineCoachTools): Promise<string[]> {
  const turn = context.turn;
  if (!turn || !context.passages.length) return [];
  const sectionsOf = (doc: Passage) => tools.passages.filter((p) => docOf(p) === docOf(doc));
  const asked = turn.history.filter((t) => t.role === 'user').map((t) => t.content);
  const candidates = followUpCandidates(
    turn.question,
    context.passages,
    context.related ?? [],
    sectionsOf,
    asked,
  );
  const out: string[] = [];
  for (const candidate of candidates) {
    const [lead] = await tools.retrieve(candidate.question, 1);
    if (lead && docOf(lead) === docOf(candidate.passage)) out.push(candidate.question);
    if (out.length >= 3) break;
  }
  return out;
}
