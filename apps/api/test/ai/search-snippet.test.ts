import { describe, expect, it } from 'vitest';
import { plainSnippet, snippetHtml } from '../../src/features/ai/conversations/search-snippet.js';

// A history search hit's snippet reads as the words a founder sees in the answer, not its Markdown.
describe('search snippets', () => {
  it('drop heading, quote and list markers, emphasis and code ticks', () => {
    expect(plainSnippet('## Pricing\n> a *quoted* hint\n\n1. first\n- second\n* third')).toBe(
      'Pricing a quoted hint first second third',
    );
    expect(plainSnippet('**Bold**, __strong__, ~~gone~~ and _snake_case_ stays 2 * 3')).toBe(
      'Bold, strong, gone and snake_case stays 2 * 3',
    );
    expect(plainSnippet('```ts\nconst price = 10;\n```\nand `npm test`')).toBe(
      'const price = 10; and npm test',
    );
  });

  it('keep the text of links and images, also of a link the snippet cut in two', () => {
    expect(plainSnippet('See [the guide](/explore/post/x) and ![a chart](/c.png).')).toBe(
      'See the guide and a chart.',
    );
    expect(plainSnippet('ssion: Run interviews](/mission-details/abc)\n- [Post: Pricing](/explore/po')).toBe(
      'ssion: Run interviews Post: Pricing',
    );
    expect(plainSnippet('the bold **part is cut')).toBe('the bold part is cut');
  });

  it('escape the text, mark the matches and say where the text goes on', () => {
    expect(snippetHtml('a <b> \u0002**match**\u0003 & more', true, true)).toBe(
      '… a &lt;b&gt; <mark>match</mark> &amp; more …',
    );
    expect(snippetHtml('How do I run customer \u0002interviews\u0003?', false, false)).toBe(
      'How do I run customer <mark>interviews</mark>?',
    );
  });
});
