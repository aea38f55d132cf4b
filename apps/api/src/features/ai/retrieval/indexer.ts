import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import { loadPassages, type Passage } from './knowledge.js';
import { aiRepository } from '../repository.js';

/**
 * Brings ai_passages in line with the content pack (changed passages are rewritten, vanished ones removed) and
 * rebuilds their inverted index when anything changed. Returns the passages, which the coach keeps in memory.
 */
export async function indexKnowledge(db: Db, contentDir: string, log: FastifyBaseLogger): Promise<Passage[]> {
  const started = Date.now();
  const passages = loadPassages(contentDir);
  const repo = aiRepository(db);
  const known = await repo.passageHashes();
  const changed = passages.filter((p) => known.get(p.key) !== p.hash);
  if (changed.length) await repo.upsertPassages(changed);
  const keys = new Set(passages.map((p) => p.key));
  const removed = [...known.keys()].some((key) => !keys.has(key));
  if (removed) await repo.deletePassagesExcept([...keys]);
  // A database indexed before the inverted index existed has its passages but no terms yet.
  if (changed.length || removed || !(await repo.hasPassageTerms())) await repo.rebuildPassageTerms();
  log.debug(
    { passages: passages.length, changed: changed.length, ms: Date.now() - started },
    'coach knowledge indexed',
  );
  return passages;
}
