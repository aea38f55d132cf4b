/*
 * What an explore search word matches, shared by the API (which posts match and in what order) and the
 * web app (which words of a card it highlights), so a highlighted word is always one the search counted.
 *
 * A search is split into words; common English words ("how", "to", "the") are left out unless nothing
 * else is left. A search word matches a word of the text in the same form or with a common ending:
 * "interview" finds "interviews" and "interviewed", "price" finds "prices", "priced" and "pricing",
 * "companies" finds "company". Deliberately no stemming beyond that: "pricing" does not find "priced"
 * (a priced round is about fundraising, not pricing), which a full stemmer would.
 */

/** Words: letters and digits, with inner apostrophes ("don't", "founder's"). */
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;

/** At most this many words of a search count; a search is at most 100 characters anyway. */
export const EXPLORE_SEARCH_MAX_TERMS = 10;

const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can do does for from had has have how i if in into is it its ' +
    'me my no not of on or our so than that the their them then there these they this to too us was ' +
    'we were what when where which who why will with you your'
  ).split(' '),
);

const ENDINGS = ['s', 'es', 'ed', 'd', 'ing', 'er', 'ers', 'ly', "'s"];

/** How a word compares: lower case, typographic apostrophes as plain ones. */
export const normalizeWord = (word: string) => word.toLocaleLowerCase('en').replace(/’/g, "'");

/** The words of a search that count, normalized, each once, in order. */
export function searchTerms(search: string | undefined): string[] {
  const words = [...new Set((search ?? '').match(WORD)?.map(normalizeWord) ?? [])];
  const meaningful = words.filter((word) => !STOP_WORDS.has(word) && word.length > 1);
  return (meaningful.length ? meaningful : words).slice(0, EXPLORE_SEARCH_MAX_TERMS);
}

/** Every form of the text that a search word matches (see the rules above). */
export function formsOf(term: string): Set<string> {
  const forms = new Set([term, ...ENDINGS.map((ending) => term + ending)]);
  if (term.length > 3 && term.endsWith('e')) {
    // price → pricing, priced
    for (const ending of ['ing', 'ed', 'er', 'ers']) forms.add(term.slice(0, -1) + ending);
  }
  if (term.length > 3 && term.endsWith('ies')) forms.add(`${term.slice(0, -3)}y`);
  else if (term.length > 3 && term.endsWith('s') && !term.endsWith('ss')) forms.add(term.slice(0, -1));
  if (term.length > 2 && term.endsWith('y')) forms.add(`${term.slice(0, -1)}ies`);
  return forms;
}

/** The part every form of a search word starts with: a text without it cannot match the word. */
export function rootOf(term: string): string {
  return [...formsOf(term)].reduce((root, form) => {
    let length = 0;
    while (length < root.length && root[length] === form[length]) length += 1;
    return root.slice(0, length);
  });
}

export type TextPart = { text: string; match: boolean };

/** The text cut into plain and matching parts, in order; joined they give the text back unchanged. */
export function matchParts(text: string, terms: string[]): TextPart[] {
  if (!terms.length || !text) return text ? [{ text, match: false }] : [];
  const forms = new Set(terms.flatMap((term) => [...formsOf(term)]));
  const parts: TextPart[] = [];
  let at = 0;
  for (const found of text.matchAll(WORD)) {
    if (!forms.has(normalizeWord(found[0]))) continue;
    if (found.index > at) parts.push({ text: text.slice(at, found.index), match: false });
    parts.push({ text: found[0], match: true });
    at = found.index + found[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}

/** How often each search word occurs in a text (0 when it does not). */
export function termCounts(text: string, terms: string[]): number[] {
  const formSets = terms.map(formsOf);
  const counts = terms.map(() => 0);
  for (const found of text.matchAll(WORD)) {
    const word = normalizeWord(found[0]);
    formSets.forEach((forms, index) => {
      if (forms.has(word)) counts[index] = counts[index]! + 1;
    });
  }
  return counts;
}
