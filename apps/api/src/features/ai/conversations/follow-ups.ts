import type { Passage, RetrievedPassage } from '../retrieval/knowledge.js';

/** Headings that hold no topic of their own (the end of a post, an example, further reading). */
const NO_TOPIC =
  /^(your next steps?|next steps?|example|examples?|further reading|how to fill it in|a founder's .*|summary)$/i;
/** Headings that start with what a founder would do: asked as "How do I …?". */
const IMPERATIVE =
  /^(pick|build|write|make|keep|find|run|define|choose|check|hire|assess|seed|design|mind|constrain|avoid|hold|disagree|send|track|handle|follow|close|demo|sell|charge|start|talk|cut|set|protect|issue|assign|separate|stay|add|know|read|reserve|always|file|consider|interview|prove|prepare|batch|use|get|ask|listen|take|think)\b/i;

const cleanHeading = (heading: string) =>
  heading
    .replace(/\s*\([^)]*\)\s*$/, '')
    .replace(/^(?:step \d+|\d+)[:.]\s*/i, '')
    .replace(/[.:]$/, '')
    .trim();

/**
 * A section's heading as a question a founder would ask, or null when it holds no topic. The question is made
 * of the heading's own words, so searching it finds that section again.
 */
export function headingQuestion(heading: string | null): string | null {
  if (!heading) return null;
  const text = cleanHeading(heading);
  if (!text || NO_TOPIC.test(text) || text.split(/\s+/).length < 2) return null;
  if (/^(how|what|when|why|who|where|which|should|is|are|do|does|can)\b/i.test(text))
    return `${text[0]!.toUpperCase()}${text.slice(1)}?`;
  if (IMPERATIVE.test(text)) {
    const mine = text
      .replace(/\byour\b/gi, 'my')
      .replace(/\byou\b/gi, 'I')
      .replace(/\byou're\b/gi, "I'm");
    return `How do I ${mine[0]!.toLowerCase()}${mine.slice(1)}?`;
  }
  if (/^(watch out for|common mistakes|mistakes to avoid|avoid these traps)$/i.test(text)) return null;
  return `What about ${text[0]!.toLowerCase()}${text.slice(1)}?`;
}

/** The heading of a passage's section (its context ends with it: "Milestone › Mission › Heading"). */
export function headingOf(passage: Passage): string | null {
  const parts = passage.context.split(' › ');
  if (passage.kind === 'step') return parts.length >= 3 ? parts.at(-1)! : null;
  if (passage.kind === 'post') return parts.length >= 2 ? parts.at(-1)! : null;
  return null;
}

const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[a-z0-9]{4,}/g) ?? []);

/** Whether two questions ask much the same (most of the shorter one's words are in the other). */
export function sameQuestion(a: string, b: string): boolean {
  const x = wordsOf(a);
  const y = wordsOf(b);
  if (!x.size || !y.size) return a.trim().toLowerCase() === b.trim().toLowerCase();
  let shared = 0;
  for (const w of x) if (y.has(w)) shared += 1;
  return shared / Math.min(x.size, y.size) >= 0.6;
}

/**
 * Follow-up questions the coach can answer from what it retrieved: the popular questions that came up, then the
 * headings of the sections it did not quote, of the steps and posts it cited first. Never one that repeats the
 * question or an earlier one.
 */
export function followUpCandidates(
  question: string,
  cited: Passage[],
  related: RetrievedPassage[],
  sectionsOf: (passage: Passage) => Passage[],
  asked: string[] = [],
): { question: string; passage: Passage }[] {
  const out: { question: string; passage: Passage }[] = [];
  const fresh = (q: string) =>
    !sameQuestion(q, question) &&
    !asked.some((a) => sameQuestion(q, a)) &&
    !out.some((o) => o.question === q);
  for (const passage of related) {
    if (passage.kind === 'question' && fresh(passage.title)) out.push({ question: passage.title, passage });
  }
  const quoted = new Set(cited.map((p) => p.key));
  for (const doc of cited) {
    if (doc.kind !== 'step' && doc.kind !== 'post') continue;
    for (const section of sectionsOf(doc)) {
      if (quoted.has(section.key)) continue;
      const q = headingQuestion(headingOf(section));
      if (q && fresh(q)) out.push({ question: q, passage: section });
    }
  }
  return out;
}
