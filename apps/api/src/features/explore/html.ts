import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/*
 * Article HTML is rendered on the server and sanitized once, so clients can inject `contentHtml` as-is.
 * Allow-list only: whatever is not listed below (script, style, iframe, object, form, event handlers,
 * style attributes, javascript:/data: URLs…) is dropped.
 */

const markdown = new Marked({ gfm: true, breaks: false });

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
      const safe = /^(https?:\/\/|mailto:)/i.test(href);
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
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, options);
}

/** Markdown (CommonMark + GFM) → sanitized HTML. Raw HTML in the source goes through the same allow-list. */
export function renderMarkdown(source: string): string {
  return sanitizeArticleHtml(markdown.parse(source, { async: false }));
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

/** Reading time at 200 words a minute, at least one minute. */
export function minutesToRead(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / 200));
}

export const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
