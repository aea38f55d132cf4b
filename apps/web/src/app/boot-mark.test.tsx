import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { AppProviders } from './providers';
import { createAppStore } from './store';

it('shows the mark where the first frame had it while the saved session is restored, not a loading page', () => {
  // A session key that has not been found yet: the saved session cannot be restored.
  const app = createAppStore({
    storage: window.localStorage,
    sessionKey: new Promise<CryptoKey>(() => undefined),
  });
  render(
    <AppProviders app={app}>
      <p>The app</p>
    </AppProviders>,
  );
  const status = screen.getByRole('status', { name: 'Loading Liftoff' });
  expect(status.querySelector('svg')?.getAttribute('width')).toBe('32');
  expect(status.style.height).toBe('64px');
  expect(screen.queryByText('Loading Liftoff…')).toBeNull();
  expect(screen.queryByText('The app')).toBeNull();
});
