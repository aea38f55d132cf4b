import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import type { Token } from 'marked';

const marked = new Marked({ gfm: true, breaks: true, async: false });

let purifier: ReturnType<typeof DOMPurify> | null = null;
function instance(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const created = DOMPurify(window);
  created.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href') ?? '';
    if (/^https?:/i.test(href) && !href.startsWith(window.location.origin)) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  purifier = created;
  return created;
}

/** Markdown HTML made safe: no script, style, frame, form, handler or javascript: link. */
export function sanitizeMarkdownHtml(html: string): string {
  return instance().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'img'],
    ADD_ATTR: ['target'],
  });
}

export type MarkdownBlock = { kind: 'html'; html: string } | { kind: 'code'; code: string; language: string };

/**
 * Splits a reply into blocks: fenced code (shown with its own copy button) and the rest as safe HTML.
 * Headings go down two levels: the page owns h1 and h2.
 */
export function markdownBlocks(source: string): MarkdownBlock[] {
  const tokens = marked.lexer(source);
  marked.walkTokens(tokens, (token) => {
    if (token.type === 'heading') token.depth = Math.min(6, Math.max(3, token.depth + 2));
  });
  const blocks: MarkdownBlock[] = [];
  let pending: Token[] = [];
  const flush = () => {
    if (!pending.length) return;
    const list = Object.assign([...pending], { links: tokens.links });
    blocks.push({ kind: 'html', html: sanitizeMarkdownHtml(marked.parser(list)) });
    pending = [];
  };
  for (const token of tokens) {
    if (token.type === 'code') {
      flush();
      blocks.push({
        kind: 'code',
        code: token.text as string,
        language: ((token.lang as string) ?? '').split(/\s/)[0] ?? '',
      });
    } else pending.push(token);
  }
  flush();
  return blocks;
}

/** Plain text of a reply, for copying and reading aloud. */
export function markdownText(source: string): string {
  const host = document.createElement('div');
  host.innerHTML = sanitizeMarkdownHtml(marked.parse(source) as string);
  return (host.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}
