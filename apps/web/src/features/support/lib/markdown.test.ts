import { describe, expect, it } from 'vitest';
import { renderAnswer } from './markdown';

describe('renderAnswer', () => {
  it('renders GFM and keeps raw HTML as text', () => {
    const html = renderAnswer('**Talk** to <script>alert(1)</script> ten people\n\n- one\n- two');
    expect(html).toContain('<strong>Talk</strong>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<li>two</li>');
  });

  it('drops javascript: links', () => {
    expect(renderAnswer('[x](javascript:alert(1))')).not.toContain('javascript:');
  });
});
