import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexKnowledge } from '../../src/features/ai/indexer.js';
import { loadPassages } from '../../src/features/ai/knowledge.js';
import { aiRepository } from '../../src/features/ai/repository.js';
import { passageRetriever } from '../../src/features/ai/retrieval.js';
import { contentDir } from '../../src/lib/paths.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

// The coach's retrieval ranks the content pack from an inverted index that the indexer keeps in PostgreSQL.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** PostgreSQL's own ts_rank of every passage for the question's lexemes, OR-ed, best first. */
async function tsRanks(question: string): Promise<{ key: string; rank: number }[]> {
  const result = await t.app.db.execute(sql`
    with q as (
      select (select string_agg(quote_literal(l), ' | ')
              from unnest(tsvector_to_array(to_tsvector('english', ${question}))) l)::tsquery as q,
             cardinality(tsvector_to_array(to_tsvector('english', ${question}))) as lexemes)
    select key, ts_rank(search, q.q, 1) * q.lexemes as rank
    from ai_passages, q where search @@ q.q order by rank desc, key`);
  return rowsOf(result).map((r) => ({ key: String(r.key), rank: Number(r.rank) }));
}

const questions = [
  'How many customer interviews are enough before I build anything?',
  'How do I ask customer interview questions people cannot lie about?',
  'How should I write a problem statement?',
  'Which MVP pattern should I choose, concierge or wizard of oz?',
  'How do I calculate CAC and LTV?',
  'How do SAFEs, caps and dilution work?',
  'What should I put in my pitch deck for investors?',
  'How do I know if customers will pay for my product?',
  'What is a good churn rate for a SaaS startup?',
  'How do I hire my first employee?',
];

describe('passage ranking', () => {
  it.each(questions)('ranks as PostgreSQL ts_rank does: %s', async (question) => {
    const ranked = await aiRepository(t.app.db).rankPassages(question, 12);
    const expected = await tsRanks(question);
    expect(ranked).toHaveLength(12);
    const expectedRank = new Map(expected.map((e) => [e.key, e.rank]));
    for (const { key, rank } of ranked) expect(rank).toBeCloseTo(expectedRank.get(key)!, 5);
    // Best first, and nothing left out ranks above the last one taken (beyond float rounding).
    expect(ranked.map((r) => r.rank)).toEqual([...ranked.map((r) => r.rank)].sort((a, b) => b - a));
    const taken = new Set(ranked.map((r) => r.key));
    const lowest = ranked.at(-1)!.rank;
    for (const e of expected) if (!taken.has(e.key)) expect(e.rank).toBeLessThanOrEqual(lowest + 1e-5);
  });

  it('finds nothing for a question of stop words or unknown words only, and takes any text', async () => {
    const repo = aiRepository(t.app.db);
    expect(await repo.rankPassages('what is it and how?', 12)).toEqual([]);
    expect(await repo.rankPassages('xylophonequartz', 12)).toEqual([]);
    expect(await repo.rankPassages(`"quoted" & | ! ( ) :* <-> 'tsquery' syntax`, 12)).toEqual(
      expect.any(Array),
    );
  });
});

describe('the retriever', () => {
  it('gives the passages their text from the content pack, and skips keys this process does not know', async () => {
    const passages = loadPassages(contentDir);
    const repo = aiRepository(t.app.db);
    const question = 'What goes into a message house?';
    const all = await passageRetriever(repo, passages)(question, 6);
    expect(all).toHaveLength(6);
    expect(all[0]).toMatchObject({ kind: 'step', title: 'Build your message house' });
    expect(all[0]).toEqual({ ...passages.find((p) => p.key === all[0]!.key), rank: all[0]!.rank });
    const withoutFirst = passages.filter((p) => p.key !== all[0]!.key);
    const rest = await passageRetriever(repo, withoutFirst)(question, 6);
    expect(rest.map((p) => p.key)).toEqual(all.slice(1).map((p) => p.key));
  });
});

describe('the indexer', () => {
  const packs: string[] = [];
  afterAll(() => packs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  /** A content pack of blog posts only: slug → body. */
  function pack(posts: Record<string, string>): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'liftoff-pack-'));
    packs.push(dir);
    mkdirSync(path.join(dir, 'blog', 'posts'), { recursive: true });
    for (const [slug, body] of Object.entries(posts)) {
      writeFileSync(
        path.join(dir, 'blog', 'posts', `${slug}.md`),
        `---\ntitle: "${slug}"\nslug: ${slug}\nexcerpt: "About ${slug}."\n---\n\n${body}\n`,
      );
    }
    return dir;
  }
  const keysFor = async (question: string) =>
    (await aiRepository(t.app.db).rankPassages(question, 12)).map((r) => r.key);

  it('rebuilds the index when passages change or vanish, so questions find only what the pack holds', async () => {
    await indexKnowledge(
      t.app.db,
      pack({ zebras: 'Zebras graze the savanna in herds.', lions: 'Lions hunt zebras at dusk.' }),
      t.app.log,
    );
    expect(await keysFor('zebras')).toEqual(['post:zebras#0', 'post:lions#0']);
    expect(await keysFor('giraffes')).toEqual([]);

    await indexKnowledge(t.app.db, pack({ zebras: 'Giraffes browse the acacia trees.' }), t.app.log);
    expect(await keysFor('giraffes')).toEqual(['post:zebras#0']);
    expect(await keysFor('hunt')).toEqual([]);
    // Only the title still says zebras.
    expect(await keysFor('zebras')).toEqual(['post:zebras#0']);
  });

  it('builds the index of a database whose passages were indexed before the index existed', async () => {
    await t.app.db.execute(sql`delete from ai_passage_terms`);
    expect(await keysFor('giraffes')).toEqual([]);
    await indexKnowledge(t.app.db, pack({ zebras: 'Giraffes browse the acacia trees.' }), t.app.log);
    expect(await keysFor('giraffes')).toEqual(['post:zebras#0']);
  });

  it('rebuilds one after the other when instances start together', async () => {
    const repo = aiRepository(t.app.db);
    await Promise.all([1, 2, 3, 4].map(() => repo.rebuildPassageTerms()));
    expect(await keysFor('giraffes')).toEqual(['post:zebras#0']);
  });
});
