import DOMPurify from 'dompurify';
import { Marked } from 'marked';

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

/** A fenced code block of a reply, and the value of CODE_BLOCK_SLOT where it goes. */
export type MarkdownCode = { code: string; language: string; slot: string };

/** The attribute that marks where a fenced code block goes in a reply's HTML (see chatMarkdown). */
export const CODE_BLOCK_SLOT = 'data-code-block';

let renderSerial = 0;

/**
 * A reply as safe HTML plus its fenced code blocks. Each code block, wherever it sits (top level, in a list
 * item, in a quote), leaves an empty element in the HTML whose CODE_BLOCK_SLOT attribute names it; the page
 * puts the block there with its own copy button. The attribute's values are fresh for every reply, so HTML
 * written into the reply cannot pose as one. Headings go down two levels: the page owns h1 and h2.
 */
export function chatMarkdown(source: string): { html: string; codeBlocks: MarkdownCode[] } {
  const tokens = marked.lexer(source);
  const codeBlocks: MarkdownCode[] = [];
  const render = `r${(renderSerial += 1)}-${Math.random().toString(36).slice(2, 8)}`;
  marked.walkTokens(tokens, (token) => {
    if (token.type === 'heading') token.depth = Math.min(6, Math.max(3, token.depth + 2));
    if (token.type === 'code') {
      const slot = `${render}-${codeBlocks.length}`;
      codeBlocks.push({
        code: token.text as string,
        language: ((token.lang as string) ?? '').split(/\s/)[0] ?? '',
        slot,
      });
      // The token becomes the empty element the code block goes into.
      Object.assign(token, {
        type: 'html',
        block: true,
        pre: false,
        text: `<div ${CODE_BLOCK_SLOT}="${slot}"></div>\n`,
      });
    }
  });
  return { html: sanitizeMarkdownHtml(marked.parser(tokens)), codeBlocks };
}

/** Plain text of a reply, for copying and reading aloud. */
export function markdownText(source: string): string {
  const host = document.createElement('div');
  host.innerHTML = sanitizeMarkdownHtml(marked.parse(source) as string);
  return (host.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}
