import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser believes it is online; re-renders when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** Runs `effect` each time the connection comes back (the browser's `online` event). */
export function onReconnect(effect: () => void): () => void {
  window.addEventListener('online', effect);
  return () => window.removeEventListener('online', effect);
}
