import DOMPurify from 'dompurify';

/*
 * The server already sanitizes `contentHtml` (contracts/explore.ts). This is defence in depth: whatever
 * arrives, no script, style, frame, form, event handler or javascript: URL reaches the page.
 */

const ALLOWED_TAGS = [
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'caption',
  'code',
  'del',
  'div',
  'em',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'kbd',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
];
const ALLOWED_ATTR = [
  'href',
  'title',
  'src',
  'alt',
  'width',
  'height',
  'colspan',
  'rowspan',
  'scope',
  'start',
  'lang',
  'dir',
];
/** http(s), mailto, and addresses on this site (/..., #...). */
const ALLOWED_URI = /^(?:https?:|mailto:|\/(?!\/)|#)/i;

let purifier: ReturnType<typeof DOMPurify> | null = null;

function instance(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const created = DOMPurify(window);
  created.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (href && !ALLOWED_URI.test(href)) node.removeAttribute('href');
      if (/^https?:/i.test(href) && !href.startsWith(window.location.origin)) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    }
    if (node.nodeName === 'IMG') {
      const src = node.getAttribute('src') ?? '';
      if (!/^(?:https:|\/(?!\/))/i.test(src)) node.removeAttribute('src');
      if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
      node.setAttribute('loading', 'lazy');
      node.setAttribute('decoding', 'async');
    }
  });
  purifier = created;
  return created;
}

/** Sanitizes article HTML and wraps wide tables in a keyboard-scrollable box for narrow screens. */
export function sanitizeArticleHtml(html: string): string {
  const fragment = instance().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    ALLOW_DATA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  });
  for (const table of Array.from(fragment.querySelectorAll('table'))) {
    const wrapper = document.createElement('div');
    wrapper.className = 'table-scroll';
    // A scrollable region must be reachable by keyboard (WCAG 2.1.1).
    wrapper.setAttribute('tabindex', '0');
    wrapper.setAttribute('role', 'region');
    wrapper.setAttribute('aria-label', table.querySelector('caption')?.textContent?.trim() || 'Table');
    table.replaceWith(wrapper);
    wrapper.append(table);
  }
  const container = document.createElement('div');
  container.append(fragment);
  return container.innerHTML;
}
