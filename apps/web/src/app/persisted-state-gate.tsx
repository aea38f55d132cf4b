import { useCallback, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { Persistor } from 'redux-persist';

/**
 * Shows `loading` until the saved state is restored, then `children`. redux-persist's own gate always renders
 * `loading` first and lifts it from its mount effect, which React then renders at once, outside any transition:
 * the app's first render became two, the second one long task. This gate reads the restore's state during
 * render, so when the state is already restored (the usual case: the boot module looks up the session key
 * early) the first render is the app's, and it can be rendered as a transition (start-app.tsx).
 */
export function PersistedStateGate({
  persistor,
  loading,
  children,
}: {
  persistor: Persistor;
  loading: ReactNode;
  children: ReactNode;
}) {
  const subscribe = useCallback((onChange: () => void) => persistor.subscribe(onChange), [persistor]);
  const restored = useSyncExternalStore(subscribe, () => persistor.getState().bootstrapped);
  return restored ? children : loading;
}
