import { describe, expect, it } from 'vitest';
import { CODE_BLOCK_SLOT, chatMarkdown, markdownText } from './markdown';

/** The reply's HTML in a detached element, to query like the page would. */
function rendered(source: string) {
  const { html, codeBlocks } = chatMarkdown(source);
  const host = document.createElement('div');
  host.innerHTML = html;
  const slots = codeBlocks.map((block) => host.querySelector(`[${CODE_BLOCK_SLOT}="${block.slot}"]`));
  return { host, slots, codeBlocks: codeBlocks.map(({ code, language }) => ({ code, language })) };
}

describe('chat Markdown', () => {
  it('renders Markdown, with headings under the page’s own and site links kept in the app', () => {
    const { host } = rendered(
      '# Plan\n\nTalk to **five** founders: see [the step](/mission-details/m1).\n\n- one\n- two',
    );
    expect(host.querySelector('h3')?.textContent).toBe('Plan');
    expect(host.querySelector('strong')?.textContent).toBe('five');
    expect(host.querySelector('a')?.getAttribute('href')).toBe('/mission-details/m1');
    expect(host.querySelector('a')?.hasAttribute('target')).toBe(false);
    expect([...host.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['one', 'two']);
  });

  it('gives every fenced code block a place of its own, in lists and quotes too', () => {
    const source = [
      '```sh',
      'npm start',
      '```',
      '',
      '1. Install it:',
      '',
      '   ```bash',
      '   npm install liftoff',
      '   ```',
      '2. Done.',
      '',
      '> Then run:',
      '>',
      '> ```js',
      '> run();',
      '> ```',
      '',
      '- Deep:',
      '  > ```',
      '  > nested twice',
      '  > ```',
    ].join('\n');
    const { host, slots, codeBlocks } = rendered(source);
    expect(codeBlocks).toEqual([
      { code: 'npm start', language: 'sh' },
      { code: 'npm install liftoff', language: 'bash' },
      { code: 'run();', language: 'js' },
      { code: 'nested twice', language: '' },
    ]);
    expect(host.querySelectorAll(`[${CODE_BLOCK_SLOT}]`)).toHaveLength(4);
    expect(slots[0]!.parentElement).toBe(host);
    expect(slots[1]!.closest('ol li')).toBeTruthy();
    expect(slots[2]!.closest('blockquote')).toBeTruthy();
    expect(slots[3]!.closest('ul li blockquote')).toBeTruthy();
    // The code itself is not left in the HTML: the code block shows it, with its copy button.
    expect(host.querySelector('pre')).toBeNull();
    expect(host.textContent).not.toContain('npm install liftoff');
  });

  it('removes anything that could run, and opens outside links in a new tab', () => {
    const { host } = rendered(
      'Hi <img src=x onerror="alert(1)"><script>alert(2)</script> [x](javascript:alert(3)) ' +
        '<iframe src="https://evil.example"></iframe><a href="https://example.com" onclick="alert(4)">out</a>' +
        '<button>press</button>',
    );
    expect(host.innerHTML).not.toMatch(/onerror|onclick|<script|javascript:|<iframe|<img|<button/i);
    const outside = host.querySelector('a[href="https://example.com"]');
    expect(outside?.getAttribute('target')).toBe('_blank');
    expect(outside?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('HTML written into a reply cannot pose as a code block’s place', () => {
    const { slots, codeBlocks } = rendered(`<div ${CODE_BLOCK_SLOT}="r1-0"></div>\n\n\`\`\`\nreal\n\`\`\``);
    expect(codeBlocks).toEqual([{ code: 'real', language: '' }]);
    expect(slots[0]?.previousElementSibling?.getAttribute(CODE_BLOCK_SLOT)).toBe('r1-0');
  });

  it('a code block’s text stays text: HTML in it is neither run nor dropped', () => {
    const { host, codeBlocks } = rendered('```html\n<script>alert(1)</script>\n```');
    expect(codeBlocks).toEqual([{ code: '<script>alert(1)</script>', language: 'html' }]);
    expect(host.querySelector('script')).toBeNull();
  });

  it('reads as plain text for copying and reading aloud', () => {
    expect(markdownText('**Talk** to [five](/x) founders.\n\n```\ncode\n```')).toBe(
      'Talk to five founders.\ncode',
    );
  });
});
