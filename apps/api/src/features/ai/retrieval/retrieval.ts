import type { Passage, RetrievedPassage } from './knowledge.js';
import { detectLanguage } from './language.js';
import { lexemeReader } from './lexemes.js';
import type { AiRepository } from '../repository.js';
import { englishTermsOf, SYNONYM_GROUPS } from './vocabulary.js';

/** One row of the inverted index: a lexeme's share of a passage's ts_rank (repository.rebuildPassageTerms). */
export interface PassageTerm {
  lexeme: string;
  passageKey: string;
  weight: number;
}

/** A lexeme of the search, and how much it counts: the question's own words 1, synonyms and earlier turns less. */
export interface QueryTerm {
  lexeme: string;
  weight: number;
  /** Terms of the same group count once towards how much of the question a passage covers. */
  group: string;
  /** Whether the question asks it (its own words and their synonyms), rather than the conversation around it. */
  asked: boolean;
}

/** An earlier turn of the conversation, as the pipeline hands it on. */
export interface EarlierTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** How much a synonym and a word of the earlier questions count against the question's own words. */
const SYNONYM_WEIGHT = 0.6;
const EARLIER_QUESTION_WEIGHT = 0.5;
/**
 * A passage is shown only when it covers enough of what the question asks (the rarity-weighted share of its
 * words, synonyms standing in for each other) and, at all, something more telling than one very common word.
 */
const MIN_COVERAGE = 0.4;
/**
 * A long question carries the founder's context ("we burn 40k a month and have 300k in the bank…"), most of it
 * in words no passage uses: past this much rarity matched, a passage covers enough however long the question.
 */
const ENOUGH_MATCHED_IDF = 6;
/** A question of at most this many words of its own is short: it must be covered as before. */
const LONG_QUESTION_GROUPS = 8;
const MIN_MATCHED_IDF = 2;
const UNKNOWN_WORD_IDF = 4;
/** And it must score near the best passage: far below it, a passage only shares an incidental word. */
const MIN_SHARE_OF_BEST = 0.25;
/** Missions and milestones summarise their steps; the step that answers is the better source. */
const KIND_PRIOR: Record<Passage['kind'], number> = {
  step: 1,
  post: 1,
  question: 1,
  mission: 0.7,
  milestone: 0.5,
};

/**
 * The inverted index, held in memory (docs/decisions/012, 013): each lexeme's rows give the passages it occurs
 * in with its share of their ts_rank. `rawRank` sums those shares, exactly as PostgreSQL's ts_rank orders;
 * `rank` weighs each lexeme by its rarity (BM25's idf), searches synonyms and earlier turns at a discount and
 * leaves out passages that do not answer the question (docs/decisions/018). Rows of passages this process
 * does not know (another instance indexed a different content pack) are left out.
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
  const total = Math.max(byKey.size, 1);
  // The ranking runs before every model request: postings as numbered arrays, each with its rarity, so a
  // question costs array reads instead of map updates per passage.
  const numbered = [...byKey.values()];
  const numberOf = new Map(numbered.map((p, i) => [p, i]));
  const prior = Float64Array.from(numbered, (p) => KIND_PRIOR[p.kind]);
  const compact = new Map<string, { ids: Int32Array; weights: Float64Array; idf: number }>();
  for (const [lexeme, list] of postings) {
    compact.set(lexeme, {
      ids: Int32Array.from(list, (p) => numberOf.get(p.passage)!),
      weights: Float64Array.from(list, (p) => p.weight),
      idf: Math.log(1 + total / (list.length + 0.5)),
    });
  }
  /**
   * Rarity: a word in every passage says nothing about which one answers. A word the content never uses still
   * counts as asked (an off-topic question is mostly such words), but like a fairly common one: a topical
   * question with one unusual word must not lose its step for it.
   */
  const idf = (lexeme: string) => compact.get(lexeme)?.idf ?? UNKNOWN_WORD_IDF;
  // The floor for what a passage matches: a word more telling than a very common one (half a one-passage word's
  // rarity in a small pack).
  const minMatched = Math.min(MIN_MATCHED_IDF, 0.5 * Math.log(1 + total / 1.5));
  const byScore = (a: [Passage, number], b: [Passage, number]) =>
    b[1] - a[1] || (a[0].key < b[0].key ? -1 : a[0].key > b[0].key ? 1 : 0);
  const best = (scored: [Passage, number][], limit: number): RetrievedPassage[] =>
    scored
      .sort(byScore)
      .slice(0, limit)
      .map(([passage, rank]) => ({ ...passage, rank }));
  const scores = new Float64Array(numbered.length);
  const matched = new Float64Array(numbered.length);
  const masks = new Uint32Array(numbered.length);

  return {
    /** The passages for distinct lexemes as PostgreSQL's ts_rank orders them, best first. */
    rawRank(lexemes: string[], limit: number): RetrievedPassage[] {
      const sums = new Map<Passage, number>();
      for (const lexeme of lexemes) {
        for (const { passage, weight } of postings.get(lexeme) ?? [])
          sums.set(passage, (sums.get(passage) ?? 0) + weight);
      }
      return best([...sums], limit);
    },
    /** The passages that answer the search, best first; none when nothing answers it. */
    rank(query: QueryTerm[], limit: number): RetrievedPassage[] {
      // What the question itself asks: each group of its own words once, at its rarest word's rarity (a
      // synonym stands in for the word). A hyphenated word's parts are its lexemes too ("two-sided": "two",
      // "sided"), so the whole counts through them. At most 32 groups count towards coverage.
      const groups = new Map<string, { bit: number; idf: number }>();
      for (const term of query) {
        if (!term.asked || term.weight < 1 || term.lexeme.includes('-')) continue;
        const known = groups.get(term.group);
        if (known) known.idf = Math.max(known.idf, idf(term.lexeme));
        else if (groups.size < 32) groups.set(term.group, { bit: groups.size, idf: idf(term.lexeme) });
      }
      let askedTotal = 0;
      for (const group of groups.values()) askedTotal += group.idf;
      if (!askedTotal) return [];
      const needed =
        groups.size > LONG_QUESTION_GROUPS
          ? Math.min(MIN_COVERAGE * askedTotal, ENOUGH_MATCHED_IDF)
          : MIN_COVERAGE * askedTotal;
      const touched: number[] = [];
      for (const term of query) {
        const list = compact.get(term.lexeme);
        if (!list) continue;
        const group = groups.get(term.group);
        const factor = term.weight * list.idf;
        for (let i = 0; i < list.ids.length; i++) {
          const id = list.ids[i]!;
          if (scores[id] === 0 && matched[id] === 0 && masks[id] === 0) touched.push(id);
          scores[id] = scores[id]! + factor * list.weights[i]!;
          if (group && !(masks[id]! & (1 << group.bit))) {
            masks[id] = masks[id]! | (1 << group.bit);
            matched[id] = matched[id]! + group.idf;
          }
        }
      }
      const kept: [Passage, number][] = [];
      let top = 0;
      for (const id of touched) {
        if (matched[id]! >= needed && matched[id]! >= minMatched) {
          const weighted = scores[id]! * prior[id]!;
          kept.push([numbered[id]!, weighted]);
          top = Math.max(top, weighted);
        }
        scores[id] = 0;
        matched[id] = 0;
        masks[id] = 0;
      }
      return best(
        kept.filter(([, score]) => score >= top * MIN_SHARE_OF_BEST),
        limit,
      );
    },
  };
}

export type PassageIndex = ReturnType<typeof passageIndex>;

export interface PassageRetriever {
  /** The passages that answer the question (and, when given, the conversation so far), best first. */
  (question: string, limit: number, earlier?: EarlierTurn[]): Promise<RetrievedPassage[]>;
}

/**
 * The coach's retrieval, built once the knowledge is indexed: the inverted index and the passages' text live in
 * this process, and the question's lexemes come from PostgreSQL's English configuration, word by word and
 * remembered (lexemes.ts), so a question in words the coach has seen needs no database round trip
 * (docs/decisions/013). The words of the coach's own knowledge and vocabulary are learned up front.
 *
 * A question is searched with its words' synonyms, with the English words of the program terms it holds when
 * it is in another language, and with the earlier questions of the conversation at a discount, so a follow-up
 * ("what do I do with the notes?") is read in the light of what came before (docs/decisions/018).
 */
export async function passageRetriever(
  repository: AiRepository,
  passages: Passage[],
): Promise<PassageRetriever> {
  const index = passageIndex(passages, await repository.passageTerms());
  const reader = lexemeReader(repository);
  const synonymWords = SYNONYM_GROUPS.flat();
  await reader.learn([...passages.map((p) => `${p.title} ${p.context} ${p.body}`), synonymWords.join(' ')]);
  // Each word of the synonym list to its group's lexemes.
  const synonymsOf = new Map<string, Set<string>>();
  for (const group of SYNONYM_GROUPS) {
    const lexemes = new Set((await Promise.all(group.map((w) => reader.lexemes(w)))).flat());
    for (const lexeme of lexemes) {
      const known = synonymsOf.get(lexeme) ?? new Set<string>();
      for (const other of lexemes) known.add(other);
      synonymsOf.set(lexeme, known);
    }
  }

  /** The search terms of one text at a weight: its lexemes, then their synonyms at a discount. */
  async function termsOf(text: string, weight: number, into: Map<string, QueryTerm>, asked: boolean) {
    const language = detectLanguage(text);
    const english = language === 'en' ? [] : englishTermsOf(text);
    // In another language, the program's terms are searched in English; its other words are noise to the
    // English stemmer (German "die", Spanish "con") and count little.
    const own = await reader.lexemes(text);
    const translated = english.length ? await reader.lexemes(english.join(' ')) : [];
    const add = (lexeme: string, w: number, group: string) => {
      const had = into.get(lexeme);
      if (!had || had.weight < w) into.set(lexeme, { lexeme, weight: w, group: had?.group ?? group, asked });
    };
    // Shared vocabulary ("pitch deck", "MVP") keeps its full weight in any language.
    const base = [
      ...translated.map((l) => [l, weight] as const),
      ...own.map((l) => [l, english.length && !synonymsOf.has(l) ? weight * 0.3 : weight] as const),
    ];
    for (const [lexeme, w] of base) {
      const group = [...(synonymsOf.get(lexeme) ?? [lexeme])].sort()[0]!;
      add(lexeme, w, group);
      for (const synonym of synonymsOf.get(lexeme) ?? []) add(synonym, w * SYNONYM_WEIGHT, group);
    }
  }

  return async (question, limit, earlier = []) => {
    const terms = new Map<string, QueryTerm>();
    await termsOf(question, 1, terms, true);
    // The earlier questions, the latest first, each counting less; only what the question does not say itself.
    const asked = earlier.filter((t) => t.role === 'user').map((t) => t.content);
    for (const [i, text] of asked.reverse().slice(0, 3).entries()) {
      const more = new Map<string, QueryTerm>();
      await termsOf(text, EARLIER_QUESTION_WEIGHT / (i + 1), more, false);
      for (const [lexeme, term] of more) if (!terms.has(lexeme)) terms.set(lexeme, term);
    }
    return index.rank([...terms.values()], limit);
  };
}
