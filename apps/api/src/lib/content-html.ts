import { Marked } from 'marked';
import type { Token } from 'marked';
import sanitizeHtml from 'sanitize-html';

/*
 * Content HTML (explore articles, a program step's body) is rendered on the server and sanitized once by
 * the allow-list below, so clients inject it as it comes. Whatever is not listed (script, style, iframe,
 * object, form, event handlers, style attributes, javascript:/data: URLs…) is dropped. The page's
 * Content-Security-Policy (script-src 'self') is the second wall.
 */

const isExternal = (href: string) => /^https?:\/\//i.test(href);
/** Images come from the content pack (/api/content/...) or any https host; nothing else loads. */
export const isSafeImageSource = (src: string) =>
  /^https:\/\/[^\s]+$/i.test(src) || /^\/api\/content\/[^\s]*$/.test(src);

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'sup',
    'sub',
    'mark',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'input',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    code: ['class'],
    th: ['align', 'colspan', 'rowspan'],
    td: ['align', 'colspan', 'rowspan'],
    ol: ['start'],
    input: ['type', 'checked', 'disabled'],
  },
  allowedClasses: { code: [/^language-[a-z0-9+#-]+$/] },
  allowedSchemesByTag: { a: ['http', 'https', 'mailto'], img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Content of these is dropped with the tag (not kept as text).
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'template',
    'svg',
    'math',
  ],
  transformTags: {
    // The article title is the page's only h1.
    h1: 'h2',
    a: (tagName, attribs) => {
      const href = (attribs.href ?? '').trim();
      // Out to the web or mail, or a path of this site (not `//host`, which leaves it).
      const safe = /^(https?:\/\/|mailto:)/i.test(href) || /^\/(?!\/)/.test(href);
      const next: Record<string, string> = {};
      if (safe) next.href = href;
      if (attribs.title) next.title = attribs.title;
      if (safe && isExternal(href)) {
        next.target = '_blank';
        next.rel = 'noopener noreferrer';
      }
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => {
      const src = (attribs.src ?? '').trim();
      const next: Record<string, string> = { alt: attribs.alt ?? '', loading: 'lazy' };
      if (isSafeImageSource(src)) next.src = src;
      if (attribs.title) next.title = attribs.title;
      if (/^\d+$/.test(attribs.width ?? '')) next.width = attribs.width!;
      if (/^\d+$/.test(attribs.height ?? '')) next.height = attribs.height!;
      return { tagName, attribs: next };
    },
    // Task-list checkboxes are display only.
    input: (tagName, attribs) => ({
      tagName,
      attribs: { type: 'checkbox', disabled: '', ...(attribs.checked !== undefined ? { checked: '' } : {}) },
    }),
  },
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' && !frame.attribs.src) ||
    (frame.tag === 'input' && frame.attribs.type !== 'checkbox'),
};

/** Makes any HTML safe to inject: the allow-list above, nothing else. */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, options);
}

const markdown = new Marked({ gfm: true, breaks: false, async: false });

/**
 * Markdown (CommonMark + GFM) → sanitized HTML. Raw HTML in the source goes through the same allow-list.
 * - `headingsDown`: every heading one level down, for a page whose own title is the h1 (a step's body);
 *   without it a level-1 heading becomes an h2 and the rest stay.
 * - `dropTitle`: a leading level-1 heading is left out, for a page that already shows that title.
 */
export function markdownToSafeHtml(
  source: string,
  options: { headingsDown?: boolean; dropTitle?: boolean } = {},
): string {
  let tokens: Token[] = markdown.lexer(source);
  if (options.dropTitle) {
    const first = tokens.findIndex((t) => t.type !== 'space');
    const head = tokens[first];
    if (head && head.type === 'heading' && head.depth === 1) tokens = tokens.filter((_, i) => i !== first);
  }
  if (options.headingsDown) {
    markdown.walkTokens(tokens, (token) => {
      if (token.type === 'heading') token.depth = Math.min(6, token.depth + 1);
    });
  }
  return sanitizeContentHtml(markdown.parser(tokens));
}

/** Plain text of an HTML fragment, for search and reading time. */
export function htmlToText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['script', 'style', 'textarea', 'noscript'],
  })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

export const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
