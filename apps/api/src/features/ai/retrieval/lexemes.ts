/**
 * The lexemes of a question as PostgreSQL's English text-search configuration reads them, without asking
 * PostgreSQL for every question (docs/decisions/013).
 *
 * PostgreSQL's parser reads a word of ASCII letters and digits (inner hyphens and apostrophes included) the
 * same whether it stands alone or among other such words, so a question made only of them has the union of its
 * words' lexemes. Each word's lexemes are asked of PostgreSQL once and remembered; a question holding anything
 * whose reading may depend on its neighbours (a decimal, a URL, an e-mail address, markup, non-ASCII text) is
 * read by PostgreSQL whole.
 */

/** Where a question splits into words: the ASCII blanks (other spaces are not plain). */
const BLANKS = /[ \t\r\n]+/;
/** Punctuation PostgreSQL's parser reads as a blank where it touches a word's start or end. */
const LEADING = /^[?!,;:()"']+/;
const TRAILING = /[?!,;:()."']+$/;
/** A word read the same alone as among others. Tested before lower-casing: 'K' (the Kelvin sign) lower-cases to 'k'. */
const PLAIN_WORD = /^[A-Za-z0-9]+(?:['-][A-Za-z0-9]+)*$/;
/** PostgreSQL files an unsigned integer under the `simple` dictionary: its lexeme is the digits themselves. */
const DIGITS = /^[0-9]+$/;
/** Longer words are looked up but not remembered, so one odd question cannot fill the memory. */
const MEMORABLE_LENGTH = 64;

/** A chunk's word, lower-cased; '' when it is nothing but edge punctuation; null when it is not plain. */
function plainWordOf(chunk: string): string | null {
  const word = chunk.replace(LEADING, '').replace(TRAILING, '');
  // Nothing but edge punctuation, or the empty chunk at the question's edge.
  if (!word) return '';
  return PLAIN_WORD.test(word) ? word.toLowerCase() : null;
}

/** The question's words, lower-cased, when every word is plain; null when PostgreSQL must read it whole. */
export function plainWords(question: string): string[] | null {
  const words: string[] = [];
  for (const chunk of question.split(BLANKS)) {
    const word = plainWordOf(chunk);
    if (word === null) return null;
    if (word) words.push(word);
  }
  return words;
}

export interface LexemeSource {
  /** Each word's lexemes (none for a stop word), read by PostgreSQL. */
  wordLexemes(words: string[]): Promise<Map<string, string[]>>;
  /** A whole text's lexemes, read by PostgreSQL. */
  textLexemes(text: string): Promise<string[]>;
}

export interface LexemeReader {
  /** The distinct lexemes of the question. */
  lexemes(question: string): Promise<string[]>;
  /** Learns the words of texts ahead of questions (the coach's own knowledge), in one round trip. */
  learn(texts: string[]): Promise<void>;
}

export function lexemeReader(source: LexemeSource, maxWords = 50_000): LexemeReader {
  const known = new Map<string, string[]>();
  const remember = (word: string, lexemes: string[]) => {
    if (word.length > MEMORABLE_LENGTH) return;
    // The oldest learned word makes room: a Map iterates in insertion order.
    if (known.size >= maxWords) known.delete(known.keys().next().value!);
    known.set(word, lexemes);
  };
  const lookUp = async (words: Iterable<string>) => {
    const missing = [...new Set(words)].filter((w) => !known.has(w) && !DIGITS.test(w));
    if (!missing.length) return new Map<string, string[]>();
    const found = await source.wordLexemes(missing);
    for (const word of missing) remember(word, found.get(word) ?? []);
    return found;
  };

  return {
    async lexemes(question) {
      const words = plainWords(question);
      if (!words) return source.textLexemes(question);
      const looked = await lookUp(words);
      const lexemes = new Set<string>();
      for (const word of words) {
        const found = DIGITS.test(word) ? [word] : (known.get(word) ?? looked.get(word) ?? []);
        for (const lexeme of found) lexemes.add(lexeme);
      }
      return [...lexemes];
    },
    async learn(texts) {
      const words = new Set<string>();
      for (const text of texts) {
        for (const chunk of text.split(BLANKS)) {
          const word = plainWordOf(chunk);
          if (word) words.add(word);
        }
      }
      await lookUp(words);
    },
  };
}
