import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches now, kept current as the window changes. Read during the first render (no
 * server rendering here), so a phone's first commit already draws the phone's layout.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener?.('change', changed);
      return () => list.removeEventListener?.('change', changed);
    },
    [query],
  );
  // A test environment without matchMedia is a narrow one, as MUI's hook treated it.
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
  );
}
