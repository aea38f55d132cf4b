import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_BANNER_HEIGHT, OfflineBanner } from './offline-banner';

function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => void window.dispatchEvent(new Event('offline')));
}

describe('the offline banner', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says what still works while offline, and goes when the connection returns', () => {
    render(<OfflineBanner />);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    goOffline();
    expect(screen.getByRole('alert').textContent).toMatch(/You are offline\. What you type is kept/);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('is drawn once, by the shell, below its app bar, when a shell is on screen, and says how tall it is', () => {
    goOffline();
    const { unmount } = render(
      <>
        <OfflineBanner />
        <div className="shell">
          <OfflineBanner placement="shell" />
        </div>
      </>,
    );
    const banners = screen.getAllByTestId('offline-banner');
    expect(banners).toHaveLength(1);
    expect(banners[0]!.closest('.shell')).not.toBeNull();
    // jsdom lays nothing out: the height is 0 px, but it is published for screens sized to the viewport.
    expect(document.documentElement.style.getPropertyValue(OFFLINE_BANNER_HEIGHT)).toBe('0px');
    unmount();
    expect(document.documentElement.style.getPropertyValue(OFFLINE_BANNER_HEIGHT)).toBe('');
  });
});
