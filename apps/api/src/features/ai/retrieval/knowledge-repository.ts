import { notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import type { Passage } from './knowledge.js';
import { rowsOf } from '../sql-rows.js';
import { aiPassages, aiPassageTerms } from '../tables.js';

/**
 * Each lexeme's share of `ts_rank(search, query, 1)` (PostgreSQL's rank with the default weights, divided by the
 * log of the passage's length) for a query of OR-ed words: ts_rank adds one such term per query word the passage
 * has, so the sum of a passage's rows for a question's lexemes ranks exactly as ts_rank does. Per lexeme, the
 * occurrences' label weights (A title 1.0, B body 0.4, C context 0.2) decay by the square of their order, as
 * in PostgreSQL's calc_rank_or. Run by the indexer whenever the passages change; float8 throughout for speed.
 */
const REBUILD_PASSAGE_TERMS = sql`
  with terms as (
    select p.key, u.lexeme, cardinality(u.positions) as occurrences, s.*
    from ${aiPassages} p, unnest(p.search) u,
    lateral (
      select max(w) as top, sum(w / (n * n)) as decayed, (array_agg(n order by w desc, n))[1] as top_n
      from (
        select n::float8 as n,
          case label when 'A' then 1.0::float8 when 'B' then 0.4::float8 when 'C' then 0.2::float8 else 0.1::float8 end as w
        from unnest(u.weights) with ordinality o(label, n)) occurrence) s),
  passages as (select key, sum(occurrences)::float8 as length from terms group by key)
  insert into ${aiPassageTerms} (lexeme, passage_key, weight)
  select t.lexeme, t.key,
    (t.top + t.decayed - t.top / (t.top_n * t.top_n)) / 1.64493406685 / (ln(p.length + 1) / ln(2))
  from terms t join passages p using (key)
  order by t.lexeme, t.key`;

/** The coach's knowledge: the indexed passages, their inverted index and the lexemes questions are looked up by. */
export function knowledgeRepository(db: DbOrTx) {
  return {
    async passageHashes(): Promise<Map<string, string>> {
      const rows = await db.select({ key: aiPassages.key, hash: aiPassages.hash }).from(aiPassages);
      return new Map(rows.map((r) => [r.key, r.hash]));
    },
    async upsertPassages(passages: Passage[]) {
      for (let i = 0; i < passages.length; i += 200) {
        await db
          .insert(aiPassages)
          .values(passages.slice(i, i + 200))
          .onConflictDoUpdate({
            target: aiPassages.key,
            set: {
              kind: sql`excluded.kind`,
              title: sql`excluded.title`,
              context: sql`excluded.context`,
              body: sql`excluded.body`,
              url: sql`excluded.url`,
              milestoneKey: sql`excluded.milestone_key`,
              missionKey: sql`excluded.mission_key`,
              stepKey: sql`excluded.step_key`,
              hash: sql`excluded.hash`,
            },
          });
      }
    },
    async deletePassagesExcept(keys: string[]) {
      if (!keys.length) await db.delete(aiPassages);
      else await db.delete(aiPassages).where(notInArray(aiPassages.key, keys));
    },
    /**
     * Rebuilds the inverted index of the passages from their tsvectors, in one transaction. Questions read the
     * old index until it commits; the lock makes instances that start together rebuild one after the other.
     */
    async rebuildPassageTerms() {
      await db.transaction(async (tx) => {
        await tx.execute(sql`lock table ${aiPassageTerms} in share row exclusive mode`);
        await tx.delete(aiPassageTerms);
        await tx.execute(REBUILD_PASSAGE_TERMS);
      });
    },
    async hasPassageTerms(): Promise<boolean> {
      const [row] = await db.select({ key: aiPassageTerms.passageKey }).from(aiPassageTerms).limit(1);
      return Boolean(row);
    },
    /** The whole inverted index: the coach ranks from it in memory (docs/decisions/013). */
    async passageTerms(): Promise<{ lexeme: string; passageKey: string; weight: number }[]> {
      return db.select().from(aiPassageTerms);
    },
    /** Each word's lexemes in the English configuration the passages are indexed with (none for a stop word). */
    async wordLexemes(words: string[]): Promise<Map<string, string[]>> {
      // One JSON parameter: drizzle would spread an array into a list of parameters.
      const result = await db.execute(
        sql`select w as word, tsvector_to_array(to_tsvector('english', w)) as lexemes
            from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) as w`,
      );
      return new Map(rowsOf(result).map((r) => [String(r.word), r.lexemes as string[]]));
    },
    async textLexemes(text: string): Promise<string[]> {
      const result = await db.execute(
        sql`select tsvector_to_array(to_tsvector('english', ${text})) as lexemes`,
      );
      return (rowsOf(result)[0]?.lexemes as string[] | undefined) ?? [];
    },
  };
}
