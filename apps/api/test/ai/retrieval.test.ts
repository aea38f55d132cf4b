import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexKnowledge } from '../../src/features/ai/retrieval/indexer.js';
import { loadPassages } from '../../src/features/ai/retrieval/knowledge.js';
import { aiRepository } from '../../src/features/ai/repository.js';
import { lexemeReader, plainWords } from '../../src/features/ai/retrieval/lexemes.js';
import { passageIndex, passageRetriever } from '../../src/features/ai/retrieval/retrieval.js';
import { contentDir } from '../../src/lib/paths.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

// The coach's retrieval ranks the content pack from an inverted index that the indexer builds in PostgreSQL
// and the process holds in memory, for the question's lexemes as PostgreSQL's English configuration reads them.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** A retriever over the passages of the content pack (or those given), as the coach builds it on start. */
let packRetriever: ReturnType<typeof passageRetriever> | undefined;
const retrieverOf = (passages?: ReturnType<typeof loadPassages>) =>
  passages
    ? passageRetriever(aiRepository(t.app.db), passages)
    : (packRetriever ??= passageRetriever(aiRepository(t.app.db), loadPassages(contentDir)));
/** The keys and scores a retriever ranks for a question. */
const rankOf = async (question: string, limit = 12, passages?: ReturnType<typeof loadPassages>) =>
  (await (await retrieverOf(passages))(question, limit)).map(({ key, rank }) => ({ key, rank }));
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

/** The index's own sums for the question's lexemes, before rarity, synonyms and the relevance floor. */
async function rawRankOf(question: string) {
  const repo = aiRepository(t.app.db);
  const index = passageIndex(loadPassages(contentDir), await repo.passageTerms());
  const lexemes = await lexemeReader(repo).lexemes(question);
  return index.rawRank(lexemes, 12).map(({ key, rank }) => ({ key, rank }));
}

describe('passage ranking', () => {
  it.each(questions)('sums the index as PostgreSQL ts_rank ranks: %s', async (question) => {
    const ranked = await rawRankOf(question);
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
    const retrieve = await retrieverOf();
    expect(await retrieve('what is it and how?', 12)).toEqual([]);
    expect(await retrieve('xylophonequartz', 12)).toEqual([]);
    expect(await retrieve(`"quoted" & | ! ( ) :* <-> 'tsquery' syntax`, 12)).toEqual(expect.any(Array));
  });

  it('still finds the passage when a long question is mostly the founder’s own context', async () => {
    const retrieve = await retrieverOf();
    // The same ask, short and wrapped in the context founders give: no passage covers 40 % of the long one.
    const ask = 'how do I calculate runway and when should I worry?';
    const long =
      'we are four people, bootstrapped so far, selling a dashboard to veterinary clinics in Belgium and the ' +
      'Netherlands, our burn is 40k a month and we have 300k in the bank after the grant. ' +
      ask;
    const [short] = await retrieve(ask, 1);
    const [wrapped] = await retrieve(long, 1);
    expect(short).toBeDefined();
    expect(wrapped?.url).toBe(short?.url);
  });
});

/** PostgreSQL's own lexemes of a text, sorted. */
async function pgLexemes(text: string): Promise<string[]> {
  const result = await t.app.db.execute(
    sql`select tsvector_to_array(to_tsvector('english', ${text})) as lexemes`,
  );
  return [...(rowsOf(result)[0]!.lexemes as string[])].sort();
}

/** A PostgreSQL lexeme source that counts what it is asked. */
function countingSource() {
  const repo = aiRepository(t.app.db);
  const asked = { words: [] as string[], texts: [] as string[] };
  return {
    asked,
    wordLexemes: (words: string[]) => (asked.words.push(...words), repo.wordLexemes(words)),
    textLexemes: (text: string) => (asked.texts.push(text), repo.textLexemes(text)),
  };
}

describe("the question's lexemes", () => {
  it('splits plain questions into words, and leaves anything else to PostgreSQL whole', () => {
    expect(plainWords(`"Don't" co-founders need 3 go-to-market plans (really)?!`)).toEqual([
      "don't",
      'co-founders',
      'need',
      '3',
      'go-to-market',
      'plans',
      'really',
    ]);
    expect(plainWords('  ')).toEqual([]);
    for (const question of [
      'Is 3.5% churn fine?',
      'See https://example.com/pricing',
      'Mail me@example.com',
      'What is a <b>moat</b>?',
      'Café pricing',
      // The Kelvin sign lower-cases to an ASCII k.
      '\u212Api targets',
      'e.g. this',
      'well--known',
      '-5 or 5-',
      'tabs\u00a0nbsp',
    ])
      expect(plainWords(question), question).toBeNull();
  });

  it('reads every question as PostgreSQL does, plain or not', async () => {
    const reader = lexemeReader(aiRepository(t.app.db));
    const vocabulary = [
      ...questions.flatMap((q) => q.split(' ')),
      "founder's",
      "founders'",
      "don't",
      "I'm",
      "rock'n'roll",
      'co-founder',
      'go-to-market',
      'covid-19',
      'B2B',
      'SaaS',
      '007',
      '0',
      '12345678901234567890',
      'Running',
      'ran',
      'the',
      'of',
      'U.S.',
      'e.g.',
      '3.5',
      '1,000',
      'example.com',
      'http://x.io/a',
      '<i>',
      'naïve',
      '—',
    ];
    const edges = ['', '', '', '?', '!', ',', '.', ':', ';', '(', ')', '"', "'", '?!', '...'];
    // A fixed pseudo-random sequence, so a failure can be replayed.
    let seed = 7;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const pick = <T>(items: T[]) => items[next(items.length)]!;
    const samples = [...questions, 'what is it and how?', ''];
    for (let i = 0; i < 150; i++) {
      const words = Array.from({ length: 1 + next(10) }, () => {
        const edge = pick(edges);
        return next(2) ? `${edge}${pick(vocabulary)}` : `${pick(vocabulary)}${edge}`;
      });
      samples.push(words.join(pick([' ', '  ', '\n', '\t'])));
    }
    for (const sample of samples)
      expect([...(await reader.lexemes(sample))].sort(), JSON.stringify(sample)).toEqual(
        await pgLexemes(sample),
      );
  });

  it('asks PostgreSQL only for words it has not seen, and never for numbers', async () => {
    const source = countingSource();
    const reader = lexemeReader(source);
    await reader.learn(loadPassages(contentDir).map((p) => `${p.title} ${p.body}`));
    expect(source.asked.words.length).toBeGreaterThan(1000);
    source.asked.words.length = 0;

    const known = 'How many customer interviews are enough before I build? I have 42.';
    expect((await reader.lexemes(known)).sort()).toEqual(await pgLexemes(known));
    expect(source.asked).toEqual({ words: [], texts: [] });

    const novel = 'Should zygomorphic founders interview zygomorphic customers?';
    expect((await reader.lexemes(novel)).sort()).toEqual(await pgLexemes(novel));
    expect(source.asked).toEqual({ words: ['zygomorphic'], texts: [] });
    await reader.lexemes(novel);
    expect(source.asked.words).toEqual(['zygomorphic']);

    const whole = 'Is 3.5% churn fine?';
    expect((await reader.lexemes(whole)).sort()).toEqual(await pgLexemes(whole));
    expect(source.asked.texts).toEqual([whole]);
  });

  it('forgets the oldest words beyond its limit', async () => {
    const source = countingSource();
    const reader = lexemeReader(source, 2);
    await reader.lexemes('alpha beta');
    await reader.lexemes('gamma');
    await reader.lexemes('beta gamma');
    expect(source.asked.words).toEqual(['alpha', 'beta', 'gamma']);
    await reader.lexemes('alpha');
    expect(source.asked.words).toEqual(['alpha', 'beta', 'gamma', 'alpha']);
  });
});

describe('the retriever', () => {
  it('gives the passages their text from the content pack, and skips passages this process does not know', async () => {
    const passages = loadPassages(contentDir);
    const question = 'What goes into a message house?';
    const all = await (await retrieverOf(passages))(question, 6);
    expect(all.length).toBeGreaterThan(1);
    expect(all[0]).toMatchObject({ kind: 'step', title: 'Build your message house' });
    expect(all[0]).toEqual({ ...passages.find((p) => p.key === all[0]!.key), rank: all[0]!.rank });
    const withoutFirst = passages.filter((p) => p.key !== all[0]!.key);
    const rest = await (await retrieverOf(withoutFirst))(question, 6);
    expect(rest.map((p) => p.key)).not.toContain(all[0]!.key);
    expect(rest[0]!.key).toBe(all[1]!.key);
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
  type Passages = Awaited<ReturnType<typeof indexKnowledge>>;
  /** What a process that indexed these passages retrieves, from the index in the database now. */
  const keysFor = async (question: string, passages: Passages) =>
    (await rankOf(question, 12, passages)).map((r) => r.key);
  let lastPack: Passages = [];

  it('rebuilds the index when passages change or vanish, so questions find only what the pack holds', async () => {
    const first = await indexKnowledge(
      t.app.db,
      pack({ zebras: 'Zebras graze the savanna in herds.', lions: 'Lions hunt zebras at dusk.' }),
      t.app.log,
    );
    expect(await keysFor('zebras', first)).toEqual(['post:zebras#0', 'post:lions#0']);
    expect(await keysFor('giraffes', first)).toEqual([]);

    const second = await indexKnowledge(
      t.app.db,
      pack({ zebras: 'Giraffes browse the acacia trees.' }),
      t.app.log,
    );
    expect(await keysFor('giraffes', second)).toEqual(['post:zebras#0']);
    // Even a process that still knows the lions finds no rows of them any more.
    expect(await keysFor('hunt', first)).toEqual([]);
    // Only the title still says zebras.
    expect(await keysFor('zebras', second)).toEqual(['post:zebras#0']);
    lastPack = second;
  });

  it('builds the index of a database whose passages were indexed before the index existed', async () => {
    await t.app.db.execute(sql`delete from ai_passage_terms`);
    expect(await keysFor('giraffes', lastPack)).toEqual([]);
    await indexKnowledge(t.app.db, pack({ zebras: 'Giraffes browse the acacia trees.' }), t.app.log);
    expect(await keysFor('giraffes', lastPack)).toEqual(['post:zebras#0']);
  });

  it('rebuilds one after the other when instances start together', async () => {
    const repo = aiRepository(t.app.db);
    await Promise.all([1, 2, 3, 4].map(() => repo.rebuildPassageTerms()));
    expect(await keysFor('giraffes', lastPack)).toEqual(['post:zebras#0']);
  });
});
