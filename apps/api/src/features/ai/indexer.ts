import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { loadPassages } from './knowledge.js';
import { aiRepository } from './repository.js';

/** Brings ai_passages in line with the content pack: changed passages are rewritten, vanished ones removed. */
export async function indexKnowledge(db: Db, contentDir: string, log: FastifyBaseLogger) {
  const started = Date.now();
  const passages = loadPassages(contentDir);
  const repo = aiRepository(db);
  const known = await repo.passageHashes();
  const changed = passages.filter((p) => known.get(p.key) !== p.hash);
  if (changed.length) await repo.upsertPassages(changed);
  const keys = new Set(passages.map((p) => p.key));
  if ([...known.keys()].some((key) => !keys.has(key))) await repo.deletePassagesExcept([...keys]);
  log.debug(
    { passages: passages.length, changed: changed.length, ms: Date.now() - started },
    'coach knowledge indexed',
  );
}
