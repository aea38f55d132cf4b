import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import type { Token } from 'marked';

// One renderer for content: GitHub-flavoured Markdown, headings one level down (the page owns the h1).
const marked = new Marked({ gfm: true, async: false });

let hooked = false;
function hookLinks() {
  if (hooked) return;
  hooked = true;
  // Links out of the app open in a new tab without handing it this window.
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && /^https?:/i.test(node.getAttribute('href') ?? '')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

/**
 * Markdown to safe HTML: marked renders, DOMPurify removes anything that could run (scripts, event
 * handlers, javascript: links). `dropTitle` removes a leading level-1 heading the page already shows.
 */
export function renderMarkdown(source: string, options: { dropTitle?: boolean } = {}): string {
  hookLinks();
  let tokens: Token[] = marked.lexer(source);
  if (options.dropTitle) {
    const first = tokens.findIndex((t) => t.type !== 'space');
    const head = tokens[first];
    if (head && head.type === 'heading' && head.depth === 1) tokens = tokens.filter((_, i) => i !== first);
  }
  marked.walkTokens(tokens, (token) => {
    if (token.type === 'heading') token.depth = Math.min(6, token.depth + 1);
  });
  const html = marked.parser(tokens);
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, ADD_ATTR: ['target'] });
}
