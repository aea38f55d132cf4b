import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// GFM without raw HTML (raw HTML is shown as text); headings start at h4 inside an answer.
const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html: ({ text }) => escapeHtml(text),
    heading({ tokens, depth }) {
      const level = Math.min(6, depth + 3);
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>`;
    },
  },
});

/** An answer's Markdown as safe HTML. */
export function renderAnswer(source: string): string {
  const html = marked.parse(source) as string;
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
