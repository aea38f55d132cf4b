import { act, render, screen } from '@testing-library/react';
import { createStore } from 'redux';
import { persistReducer, persistStore } from 'redux-persist';
import type { Storage } from 'redux-persist';
import { expect, it } from 'vitest';
import { PersistedStateGate } from './persisted-state-gate';

/** A redux-persist storage whose read answers only when `answer` is called. */
function heldStorage() {
  let answer: (saved: string | null) => void = () => undefined;
  const storage: Storage = {
    getItem: () => new Promise<string | null>((resolve) => (answer = resolve)),
    setItem: () => Promise.resolve(),
    removeItem: () => Promise.resolve(),
  };
  return { storage, answer: (saved: string | null) => answer(saved) };
}

function persistedStore(storage: Storage) {
  const reducer = persistReducer({ key: 'test', storage }, (state: { n: number } = { n: 0 }) => state);
  const store = createStore(reducer);
  return { store, persistor: persistStore(store) };
}

it('renders the app at once when the saved state is already restored, never the loading mark', async () => {
  const held = heldStorage();
  const { persistor } = persistedStore(held.storage);
  await act(async () => held.answer(null));
  expect(persistor.getState().bootstrapped).toBe(true);

  const drawn: string[] = [];
  function App() {
    drawn.push('app');
    return <p>The app</p>;
  }
  function Mark() {
    drawn.push('mark');
    return <p>Loading</p>;
  }
  render(
    <PersistedStateGate persistor={persistor} loading={<Mark />}>
      <App />
    </PersistedStateGate>,
  );
  expect(screen.getByText('The app')).toBeTruthy();
  expect(drawn).not.toContain('mark');
});

it('shows the loading mark until the saved state is restored, then the app', async () => {
  const held = heldStorage();
  const { persistor } = persistedStore(held.storage);
  render(
    <PersistedStateGate persistor={persistor} loading={<p>Loading</p>}>
      <p>The app</p>
    </PersistedStateGate>,
  );
  expect(screen.getByText('Loading')).toBeTruthy();
  expect(screen.queryByText('The app')).toBeNull();

  await act(async () => held.answer(null));
  expect(screen.getByText('The app')).toBeTruthy();
  expect(screen.queryByText('Loading')).toBeNull();
});
