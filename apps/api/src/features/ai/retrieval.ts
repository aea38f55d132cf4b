import type { Passage, RetrievedPassage } from './knowledge.js';
import { lexemeReader } from './lexemes.js';
import type { AiRepository } from './repository.js';

/** One row of the inverted index: a lexeme's share of a passage's ts_rank (repository.rebuildPassageTerms). */
export interface PassageTerm {
  lexeme: string;
  passageKey: string;
  weight: number;
}

/**
 * Ranks passages for a question's lexemes from the inverted index, held in memory: a passage's score is the sum
 * of its rows for the lexemes, which ranks exactly as PostgreSQL's ts_rank (docs/decisions/012). Rows of
 * passages this process does not know (another instance indexed a different content pack) are left out.
 */
export function passageIndex(passages: Passage[], terms: PassageTerm[]) {
  const byKey = new Map(passages.map((p) => [p.key, p]));
  const postings = new Map<string, { passage: Passage; weight: number }[]>();
  for (const { lexeme, passageKey, weight } of terms) {
    const passage = byKey.get(passageKey);
    if (!passage) continue;
    let list = postings.get(lexeme);
    if (!list) postings.set(lexeme, (list = []));
    list.push({ passage, weight });
  }
  /** The best passages for distinct lexemes (as the lexeme reader answers them), best first. */
  return (lexemes: string[], limit: number): RetrievedPassage[] => {
    const scores = new Map<Passage, number>();
    for (const lexeme of lexemes) {
      for (const { passage, weight } of postings.get(lexeme) ?? [])
        scores.set(passage, (scores.get(passage) ?? 0) + weight);
    }
    return [...scores]
      .sort(([a, x], [b, y]) => y - x || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .slice(0, limit)
      .map(([passage, rank]) => ({ ...passage, rank }));
  };
}

export type PassageRetriever = (question: string, limit: number) => Promise<RetrievedPassage[]>;

/**
 * The coach's retrieval, built once the knowledge is indexed: the inverted index and the passages' text live in
 * this process, and the question's lexemes come from PostgreSQL's English configuration, word by word and
 * remembered (lexemes.ts), so a question in words the coach has seen needs no database round trip
 * (docs/decisions/013). The words of the coach's own knowledge are learned up front.
 */
export async function passageRetriever(
  repository: AiRepository,
  passages: Passage[],
): Promise<PassageRetriever> {
  const rank = passageIndex(passages, await repository.passageTerms());
  const reader = lexemeReader(repository);
  await reader.learn(passages.map((p) => `${p.title} ${p.context} ${p.body}`));
  return async (question, limit) => rank(await reader.lexemes(question), limit);
}
