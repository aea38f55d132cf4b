import { escapeHtml, sanitizeContentHtml } from '../../lib/content-html.js';

/*
 * A small renderer for Wix's Ricos rich-content documents ({ nodes: [...] }). It knows paragraphs,
 * headings, text with bold/italic/underline/strikethrough/link decorations, bulleted and ordered lists,
 * block quotes, code blocks, images and dividers. Unknown nodes are skipped, every text is escaped, and
 * the result still goes through the same allow-list sanitizer as Markdown articles.
 */

type RicosNode = {
  type?: string;
  nodes?: RicosNode[];
  textData?: { text?: string; decorations?: RicosDecoration[] };
  headingData?: { level?: number };
  imageData?: {
    image?: { src?: { id?: string; url?: string }; width?: number; height?: number };
    altText?: string | null;
    caption?: string | null;
  };
  orderedListData?: { start?: number | null };
};
type RicosDecoration = {
  type?: string;
  linkData?: { link?: { url?: string } };
  fontWeightValue?: number | null;
  italicData?: boolean | null;
  underlineData?: boolean | null;
};

const WIX_MEDIA_BASE = 'https://static.wixstatic.com/media/';

/**
 * A Wix image reference → an https URL: `wix:image://v1/<id>/<file>#originWidth=..&originHeight=..`, a bare
 * media id (`abc~mv2.jpg`) or an absolute URL. Returns null for anything else.
 */
export function wixImageUrl(
  value: string | null | undefined,
): { url: string; width?: number; height?: number } | null {
  if (!value) return null;
  const wix = /^wix:image:\/\/v1\/([^/#]+)(?:\/[^#]*)?(?:#(.*))?$/.exec(value);
  if (wix) {
    const params = new URLSearchParams(wix[2] ?? '');
    const width = Number(params.get('originWidth'));
    const height = Number(params.get('originHeight'));
    return {
      url: `${WIX_MEDIA_BASE}${encodeURIComponent(wix[1]!)}`,
      ...(Number.isInteger(width) && width > 0 ? { width } : {}),
      ...(Number.isInteger(height) && height > 0 ? { height } : {}),
    };
  }
  if (/^https:\/\//i.test(value)) return { url: value };
  if (/^http:\/\//i.test(value)) return { url: value.replace(/^http:/i, 'https:') };
  if (/^[\w.~-]+$/.test(value)) return { url: `${WIX_MEDIA_BASE}${encodeURIComponent(value)}` };
  return null;
}

function renderText(node: RicosNode): string {
  let html = escapeHtml(node.textData?.text ?? '').replace(/\n/g, '<br>');
  let link: string | null = null;
  for (const decoration of node.textData?.decorations ?? []) {
    switch (decoration.type) {
      case 'BOLD':
        if (
          decoration.fontWeightValue === undefined ||
          decoration.fontWeightValue === null ||
          decoration.fontWeightValue >= 600
        )
          html = `<strong>${html}</strong>`;
        break;
      case 'ITALIC':
        if (decoration.italicData !== false) html = `<em>${html}</em>`;
        break;
      case 'UNDERLINE':
        if (decoration.underlineData !== false) html = `<u>${html}</u>`;
        break;
      case 'STRIKETHROUGH':
        html = `<s>${html}</s>`;
        break;
      case 'LINK':
        link = decoration.linkData?.link?.url ?? null;
        break;
      default:
        break;
    }
  }
  if (link && /^(https?:\/\/|mailto:)/i.test(link)) html = `<a href="${escapeHtml(link)}">${html}</a>`;
  return html;
}

function renderNodes(nodes: RicosNode[] | undefined): string {
  return (nodes ?? []).map(renderNode).join('');
}

function renderNode(node: RicosNode): string {
  switch (node.type) {
    case 'TEXT':
      return renderText(node);
    case 'PARAGRAPH':
      return `<p>${renderNodes(node.nodes)}</p>`;
    case 'HEADING': {
      // The article title is the page's h1; headings inside the body start at h2.
      const level = Math.min(6, Math.max(2, Math.trunc(node.headingData?.level ?? 2)));
      return `<h${level}>${renderNodes(node.nodes)}</h${level}>`;
    }
    case 'BULLETED_LIST':
      return `<ul>${renderNodes(node.nodes)}</ul>`;
    case 'ORDERED_LIST': {
      const start = node.orderedListData?.start;
      return `<ol${start && Number.isInteger(start) && start !== 1 ? ` start="${start}"` : ''}>${renderNodes(node.nodes)}</ol>`;
    }
    case 'LIST_ITEM':
      return `<li>${renderNodes(node.nodes)}</li>`;
    case 'BLOCKQUOTE':
      return `<blockquote>${renderNodes(node.nodes)}</blockquote>`;
    case 'CODE_BLOCK':
      return `<pre><code>${renderNodes(node.nodes)}</code></pre>`;
    case 'DIVIDER':
      return '<hr>';
    case 'IMAGE': {
      const data = node.imageData;
      const src = data?.image?.src;
      const image = wixImageUrl(src?.url ?? src?.id);
      if (!image) return '';
      const width = data?.image?.width ?? image.width;
      const height = data?.image?.height ?? image.height;
      const img = `<img src="${escapeHtml(image.url)}" alt="${escapeHtml(data?.altText ?? '')}"${width ? ` width="${Math.trunc(width)}"` : ''}${height ? ` height="${Math.trunc(height)}"` : ''}>`;
      return data?.caption
        ? `<figure>${img}<figcaption>${escapeHtml(data.caption)}</figcaption></figure>`
        : `<figure>${img}</figure>`;
    }
    default:
      // Unknown or unsupported nodes (video, embeds, polls, HTML…) are left out.
      return '';
  }
}

/** A Ricos document → sanitized HTML ('' for a missing document). */
export function renderRicos(document: { nodes?: unknown[] } | null | undefined): string {
  if (!document || !Array.isArray(document.nodes)) return '';
  return sanitizeContentHtml(renderNodes(document.nodes as RicosNode[]));
}
