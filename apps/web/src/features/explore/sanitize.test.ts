import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from './sanitize';

function mount(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = sanitizeArticleHtml(html);
  return host;
}

describe('article HTML in the browser (defence in depth)', () => {
  it('drops scripts, styles, frames, forms and event handlers but keeps the text', () => {
    const host = mount(
      `<p onclick="alert(1)">Hello <strong>founder</strong></p><script>window.hacked = 1</script>
       <style>body{display:none}</style><iframe src="https://evil.example"></iframe>
       <form action="https://evil.example"><input name="x"></form>
       <img src="/api/content/blog/images/a.svg" onerror="alert(2)" alt="A chart">
       <svg><script>alert(3)</script></svg>`,
    );
    expect(host.querySelector('script, style, iframe, form, input, svg')).toBeNull();
    expect(host.innerHTML).not.toMatch(/onclick|onerror|alert/);
    expect(host.querySelector('p')?.textContent).toBe('Hello founder');
    expect(host.querySelector('img')?.getAttribute('alt')).toBe('A chart');
  });

  it('removes javascript: and data: URLs and keeps http(s), mailto and site links', () => {
    const host = mount(
      `<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a>
       <a href="data:text/html,<script>alert(1)</script>">c</a><a href="/explore?tag=safe">d</a>
       <a href="mailto:hi@example.com">e</a><a href="https://example.com/read">f</a>
       <img src="javascript:alert(1)"><img src="http://insecure.example/x.png" alt="">`,
    );
    const hrefs = Array.from(host.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      null,
      null,
      null,
      '/explore?tag=safe',
      'mailto:hi@example.com',
      'https://example.com/read',
    ]);
    for (const img of Array.from(host.querySelectorAll('img'))) expect(img.getAttribute('src')).toBeNull();
  });

  it('opens external links in a new tab without an opener, and keeps site links in the tab', () => {
    const host = mount('<a href="https://example.com">out</a><a href="/explore/post/x">in</a>');
    const [out, inside] = Array.from(host.querySelectorAll('a'));
    expect(out?.getAttribute('target')).toBe('_blank');
    expect(out?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(inside?.hasAttribute('target')).toBe(false);
  });

  it('gives images without alt an empty alt and wraps tables in a focusable scroll region', () => {
    const host = mount(
      '<img src="/api/content/x.svg"><table><caption>Terms</caption><tr><td>1</td></tr></table>',
    );
    expect(host.querySelector('img')?.getAttribute('alt')).toBe('');
    const wrapper = host.querySelector('.table-scroll');
    expect(wrapper?.getAttribute('tabindex')).toBe('0');
    expect(wrapper?.getAttribute('aria-label')).toBe('Terms');
    expect(wrapper?.firstElementChild?.tagName).toBe('TABLE');
  });

  it('does not let content forge the class, style or id hooks of the page', () => {
    const host = mount('<div class="table-scroll" style="position:fixed" id="main" data-x="1">t</div>');
    const div = host.querySelector('div');
    expect(div?.getAttribute('class')).toBeNull();
    expect(div?.getAttribute('style')).toBeNull();
    expect(div?.getAttribute('id')).toBeNull();
    expect(div?.getAttribute('data-x')).toBeNull();
  });
});
