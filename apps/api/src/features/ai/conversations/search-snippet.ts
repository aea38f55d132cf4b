import { sql, type SQL } from 'drizzle-orm';

/**
 * The snippet a history search shows under each hit: the message (or title) as plain text, with the matched
 * words marked. ts_headline marks them; these pieces prepare its input and turn its output into safe HTML.
 */

/** Characters that mark a match inside ts_headline; stripped from stored text so users cannot forge them. */
const MARK_START = '\u0002';
const MARK_END = '\u0003';

/** Removes the match markers from text about to be stored. */
export const stripMarks = (text: string) => text.replaceAll(MARK_START, '').replaceAll(MARK_END, '');

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * A snippet of Markdown as the plain words a reader sees: answers are Markdown, and a snippet that shows `**`,
 * link targets or list markers reads as noise. Done on the snippet, not the message: a page of long answers
 * through these expressions in PostgreSQL cost about 15 ms. A snippet may cut a link or an emphasis in two,
 * so markers are removed wherever they stand rather than in pairs. Links and images keep their text; heading,
 * quote and list markers at line starts go, as do code fences, inline-code ticks and emphasis markers at word
 * edges (an underscore inside a word stays); all whitespace, line breaks included, becomes one space.
 */
export function plainSnippet(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\]\([^)\s]*\)?/g, '')
    .replace(/!?\[(?=\S)/g, '')
    .replace(/(^|\n)[ \t]*(#{1,6}|>|[-*+]|\d+[.)])[ \t]+/g, '$1')
    .replace(/```[\w+-]*|\*\*|__|~~|`/g, '')
    .replace(/(^|[\s(])[*_]+(?=\S)|(?<=\S)[*_]+(?=$|[\s.,;:!?)])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Texts up to this many characters are shown whole; longer ones as the passage around their best match. */
const WHOLE_UP_TO = 200;
const WHOLE = `StartSel=${MARK_START}, StopSel=${MARK_END}, HighlightAll=true`;
// About three lines of the sidebar, with the match near the middle so a clamp at three lines still shows it.
const PASSAGE = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxFragments=1, MaxWords=18, MinWords=8`;

/**
 * Selects, for the text `text` and the query `query`, the marked snippet (`snippet`) and whether the text goes
 * on before it (`cut_before`) or after it (`cut_after`).
 */
export function headlineOf(text: SQL, query: SQL): SQL {
  // OFFSET 0 keeps ts_headline in its own step: PostgreSQL would otherwise fold the subquery into the outer one
  // and compute it again at every place the snippet is used.
  return sql`(
    select snippet, not starts_with(body, bare) as cut_before, right(body, char_length(bare)) <> bare as cut_after
    from (
      select body, snippet, replace(replace(snippet, chr(2), ''), chr(3), '') as bare
      from (
        select body,
               ts_headline('english', body, ${query},
                           case when char_length(body) <= ${WHOLE_UP_TO} then ${WHOLE} else ${PASSAGE} end) as snippet
        from (select replace(replace(${text}, chr(2), ''), chr(3), '') as body) b
        offset 0
      ) h
    ) m
  )`;
}

/**
 * The snippet as the API sends it: plain text, escaped HTML with the matches in <mark>, an ellipsis where the
 * text was cut.
 */
export function snippetHtml(raw: string, cutBefore: boolean, cutAfter: boolean): string {
  const marked = escapeHtml(plainSnippet(raw))
    .replaceAll(MARK_START, '<mark>')
    .replaceAll(MARK_END, '</mark>');
  return `${cutBefore ? '… ' : ''}${marked}${cutAfter ? ' …' : ''}`;
}
