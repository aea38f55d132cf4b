import { markdownToSafeHtml } from '../../lib/content-html.js';

/*
 * A step's body as its page shows it: the Markdown rendered and sanitized here rather than in the browser
 * (docs/decisions/047-step-bodies-rendered-on-the-server.md). The page has the title, so a leading h1 goes
 * and the other headings move one level down. Every founder of a program version reads the same bodies, so
 * they are kept by source; the oldest go first past the limit.
 */

const KEPT = 1_000;
const rendered = new Map<string, string>();

export function stepBodyHtml(body: string): string {
  let html = rendered.get(body);
  if (html === undefined) {
    html = markdownToSafeHtml(body, { headingsDown: true, dropTitle: true });
    if (rendered.size >= KEPT) rendered.delete(rendered.keys().next().value!);
    rendered.set(body, html);
  }
  return html;
}
