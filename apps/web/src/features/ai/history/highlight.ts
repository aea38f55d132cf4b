import DOMPurify from 'dompurify';

let purifier: ReturnType<typeof DOMPurify> | null = null;
const instance = () => (purifier ??= DOMPurify(window));

/**
 * A search snippet from the API is escaped text with the matches in <mark>…</mark>. Defence in depth:
 * whatever arrives, only <mark> (without attributes) survives; every other tag is dropped, its text kept.
 */
export function sanitizeHighlight(snippet: string): string {
  return instance().sanitize(snippet, {
    ALLOWED_TAGS: ['mark'],
    ALLOWED_ATTR: [],
    ALLOW_DATA_ATTR: false,
    KEEP_CONTENT: true,
  });
}

/** The snippet as plain text (for labels and screen-reader names). */
export function highlightText(snippet: string): string {
  const host = document.createElement('div');
  host.innerHTML = sanitizeHighlight(snippet);
  return host.textContent ?? '';
}
