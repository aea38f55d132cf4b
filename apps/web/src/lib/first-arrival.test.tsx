import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFirstArrivalDeferred } from './first-arrival';

type Result = { data?: string; address: string };

/** Renders what the hook hands the page and keeps every render's pair of address and data. */
function renderPage(first: Result) {
  const seen: Result[] = [];
  function Page({ result }: { result: Result }) {
    const shown = useFirstArrivalDeferred(result);
    seen.push(shown);
    return <p>{shown.data ?? 'Loading'}</p>;
  }
  const view = render(<Page result={first} />);
  return { seen, view, show: (next: Result) => view.rerender(<Page result={next} />) };
}

describe('useFirstArrivalDeferred', () => {
  it('keeps the loading state for the first data, then renders the data', () => {
    const { seen, view, show } = renderPage({ address: '/a' });
    const arrived = { data: 'mission A', address: '/a' };
    show(arrived);
    expect(view.container.textContent).toBe('mission A');
    // The urgent render still showed the loading state; the data came in the deferred one.
    expect(seen.map((result) => result.data ?? 'Loading')).toEqual(['Loading', 'Loading', 'mission A']);
  });

  it('shows every later answer at once, never the data from before it under a new address', () => {
    const { seen, view, show } = renderPage({ address: '/a' });
    show({ data: 'step 1', address: '/a/1' });
    const before = seen.length;
    show({ data: 'step 2', address: '/a/2' });
    expect(view.container.textContent).toBe('step 2');
    // Each render from then on (React renders once more as the deferred value catches up) shows the new pair.
    const pairs = seen.slice(before).map((result) => `${result.address} ${result.data}`);
    expect(new Set(pairs)).toEqual(new Set(['/a/2 step 2']));
  });

  it('shows data that was already there on the first render at once', () => {
    const { seen } = renderPage({ data: 'cached', address: '/a' });
    expect(seen).toEqual([{ data: 'cached', address: '/a' }]);
  });
});
