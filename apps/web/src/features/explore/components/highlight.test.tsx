import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { searchTerms } from '@liftoff/contracts/explore-search';
import { Highlight } from './highlight';

const marked = (container: HTMLElement) => [...container.querySelectorAll('mark')].map((m) => m.textContent);

describe('search highlighting', () => {
  it('marks the searched words and their forms, and keeps the text as it was', () => {
    const text = 'Pricing your first product: prices, priced rounds and a price that sticks.';
    const { container } = render(<Highlight text={text} terms={searchTerms('how to price')} />);
    expect(container.textContent).toBe(text);
    // "how" and "to" are too common to count; "price" matches its forms.
    expect(marked(container)).toEqual(['Pricing', 'prices', 'priced', 'price']);
  });

  it('marks only the form searched for when a form differs in meaning', () => {
    const { container } = render(
      <Highlight text="Pricing after the priced round" terms={searchTerms('pricing')} />,
    );
    expect(marked(container)).toEqual(['Pricing']);
  });

  it('marks nothing without a search, and leaves an unmatched text alone', () => {
    expect(render(<Highlight text="Runway and burn" terms={[]} />).container.innerHTML).toBe(
      'Runway and burn',
    );
    expect(
      render(<Highlight text="Runway and burn" terms={searchTerms('pricing')} />).container.innerHTML,
    ).toBe('Runway and burn');
  });

  it('shows markup in a title or a search as text, never as HTML', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const title = `${hostile} Pricing <b>bold</b> & <script>window.__pwned = true</script>`;
    const { container } = render(<Highlight text={title} terms={searchTerms(`${hostile} pricing`)} />);
    expect(container.textContent).toBe(title);
    // The only elements are the marks; nothing the text or search spelled out became an element.
    expect([...container.querySelectorAll('*')].every((el) => el.tagName === 'MARK')).toBe(true);
    expect(container.querySelector('img, script, b')).toBeNull();
    expect(marked(container)).toEqual(['img', 'src', 'onerror', 'alert', 'Pricing']);
    expect(container.innerHTML).toContain('&lt;');
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });
});
