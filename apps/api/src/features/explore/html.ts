import { markdownToSafeHtml } from '../../lib/content-html.js';

/** An article's Markdown → sanitized HTML (lib/content-html.ts): its h1s become h2s, the page's title is the h1. */
export function renderMarkdown(source: string): string {
  return markdownToSafeHtml(source);
}

/** Reading time at 200 words a minute, at least one minute. */
export function minutesToRead(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / 200));
}
