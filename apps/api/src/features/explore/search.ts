import { termCounts } from '@liftoff/contracts/explore-search';

/*
 * Relevance for explore search, the same for the built-in store and Wix (which has no text search of
 * its own). Each search word scores where it is found best: in the title 3, in the excerpt 2, only in
 * the body 1; a post's score is the sum, so a title hit ranks above a body hit and a post matching more
 * of the words ranks above one matching fewer. Equal scores go to the post using the words more often,
 * then to the newer post. A post matches when it contains at least half of the words (one of one or
 * two, two of three or four, ...).
 */

export type SearchText = { title: string; excerpt: string; body: string };

const WEIGHT = { title: 3, excerpt: 2, body: 1 } as const;

type Scored<T> = { item: T; score: number; occurrences: number; date: number };

function score(text: SearchText, terms: string[]) {
  const [title, excerpt, body] = [text.title, text.excerpt, text.body].map((field) =>
    termCounts(field, terms),
  );
  let total = 0;
  let occurrences = 0;
  let matched = 0;
  terms.forEach((_term, index) => {
    const inTitle = title![index]!;
    const inExcerpt = excerpt![index]!;
    const inBody = body![index]!;
    if (inTitle) total += WEIGHT.title;
    else if (inExcerpt) total += WEIGHT.excerpt;
    else if (inBody) total += WEIGHT.body;
    occurrences += inTitle + inExcerpt + inBody;
    if (inTitle + inExcerpt + inBody > 0) matched += 1;
  });
  // A long search does not list every post that shares one ordinary word with it.
  return { score: matched >= Math.ceil(terms.length / 2) ? total : 0, occurrences };
}

/** The items matching at least one search word, best first. */
export function rankBySearch<T>(
  items: T[],
  terms: string[],
  textOf: (item: T) => SearchText,
  dateOf: (item: T) => Date | string | number,
): T[] {
  const scored: Scored<T>[] = [];
  for (const item of items) {
    const result = score(textOf(item), terms);
    if (result.score > 0) scored.push({ item, ...result, date: new Date(dateOf(item)).getTime() });
  }
  scored.sort((a, b) => b.score - a.score || b.occurrences - a.occurrences || b.date - a.date);
  return scored.map((entry) => entry.item);
}
