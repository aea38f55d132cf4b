import { describe, expect, it } from 'vitest';
import { highlightText, sanitizeHighlight } from './highlight';

const mount = (snippet: string) => {
  const host = document.createElement('div');
  host.innerHTML = sanitizeHighlight(snippet);
  return host;
};

describe('search snippet highlighting', () => {
  it('keeps the marks and the escaped text as it came', () => {
    const html = sanitizeHighlight('How do I run <mark>customer</mark> &lt;b&gt;interviews&lt;/b&gt;?');
    expect(html).toBe('How do I run <mark>customer</mark> &lt;b&gt;interviews&lt;/b&gt;?');
    expect(mount('a <mark>b</mark>').querySelector('mark')?.textContent).toBe('b');
  });

  it('drops every other tag, script, handler and attribute but keeps the words', () => {
    const host = mount(
      '<img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">link</a>' +
        '<mark onclick="alert(4)" class="x" style="color:red">hit</mark><b>bold</b>',
    );
    expect(host.querySelector('img, script, a, b')).toBeNull();
    expect(host.innerHTML).not.toMatch(/alert|onerror|onclick|style|class/);
    expect(host.querySelector('mark')?.outerHTML).toBe('<mark>hit</mark>');
    expect(host.textContent).toBe('linkhitbold');
  });

  it('gives the plain text for labels', () => {
    expect(highlightText('Run <mark>interviews</mark> &amp; learn')).toBe('Run interviews & learn');
  });
});
