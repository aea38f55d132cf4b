import type { Passage, RetrievedPassage } from './knowledge.js';
import type { AiRepository } from './repository.js';

/**
 * The coach's retrieval: PostgreSQL ranks the passages for a question (repository.rankPassages), and their text
 * comes from the content pack this process loaded and indexed, so the ranking query reads index rows only.
 * A key this process does not know (another instance indexed a newer content pack) is skipped.
 */
export function passageRetriever(repository: AiRepository, passages: Passage[]) {
  const byKey = new Map(passages.map((p) => [p.key, p]));
  return async (question: string, limit: number): Promise<RetrievedPassage[]> => {
    const ranked = await repository.rankPassages(question, limit);
    return ranked.flatMap(({ key, rank }) => {
      const passage = byKey.get(key);
      return passage ? [{ ...passage, rank }] : [];
    });
  };
}
