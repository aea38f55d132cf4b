import { useCallback, useEffect, useRef, useState } from 'react';
import { onReconnect } from '../lib/online';

/**
 * A part of a screen whose code is fetched the first time it is needed (a dialog, a field), rather than with
 * the screen. It is fetched once however many ask; a failed fetch (the connection dropped) is forgotten, so
 * that the next attempt asks the browser for the module again.
 */
export type LazyPart<T> = {
  /** The part, once its code has arrived. */
  readonly here: T | undefined;
  fetch: () => Promise<T>;
  /** Starts fetching ahead of need (a menu opening); a failure waits for the part to be drawn to show. */
  prefetch: () => void;
};

export function lazyPart<T>(load: () => Promise<T>): LazyPart<T> {
  let here: T | undefined;
  let onItsWay: Promise<T> | undefined;
  const fetchPart = () =>
    (onItsWay ??= load().then(
      (part) => (here = part),
      (error: unknown) => {
        onItsWay = undefined;
        throw error;
      },
    ));
  return {
    get here() {
      return here;
    },
    fetch: fetchPart,
    prefetch: () => void fetchPart().catch(() => undefined),
  };
}

/**
 * Where a part is for the screen drawing it: `waiting` for its code, `slow` once that has taken `slowAfterMs`
 * (when given: the moment to say it is on its way), or `failed`. A failed part tries again when the
 * connection returns, or on `retry`.
 */
export type LazyPartState<T> =
  { part: T; state: 'here' } | { part?: undefined; state: 'waiting' | 'slow' | 'failed'; retry: () => void };

export function useLazyPart<T>(
  lazy: LazyPart<T>,
  { wanted = true, slowAfterMs }: { wanted?: boolean; slowAfterMs?: number } = {},
): LazyPartState<T> {
  // A function-valued part (a component) is stored through an updater, not called as one.
  const [part, setPart] = useState<T | undefined>(() => lazy.here);
  const [state, setState] = useState<'waiting' | 'slow' | 'failed'>('waiting');
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    if (part !== undefined || !wanted) return;
    let live = true;
    setState('waiting');
    const slow =
      slowAfterMs === undefined ? undefined : setTimeout(() => live && setState('slow'), slowAfterMs);
    lazy.fetch().then(
      (arrived) => live && setPart(() => arrived),
      () => {
        // A dropped connection fails at once, before the "on its way" moment: that must not come after and stay.
        clearTimeout(slow);
        if (live) setState('failed');
      },
    );
    return () => {
      live = false;
      clearTimeout(slow);
    };
  }, [lazy, part, wanted, slowAfterMs, attempt]);

  useEffect(() => {
    if (state !== 'failed') return;
    return onReconnect(retry);
  }, [state, retry]);

  return part !== undefined ? { part, state: 'here' } : { state, retry };
}

/**
 * A button whose popup's code is fetched on intent rather than with the page: the part is wanted once the
 * pointer comes over the button, it takes the focus or it is pressed. `focused` tells the loaded popup whether to
 * take the focus over from this button; a press after a failed fetch tries again. Spread `triggerProps` on the
 * button.
 */
export function useLazyTrigger<T>(lazy: LazyPart<T>, onPress: () => void) {
  const [wanted, setWanted] = useState(false);
  const focused = useRef(false);
  const fetched = useLazyPart(lazy, { wanted });
  const triggerProps = {
    onPointerEnter: () => setWanted(true),
    onFocus: () => {
      focused.current = true;
      setWanted(true);
    },
    onBlur: () => {
      focused.current = false;
    },
    onClick: () => {
      setWanted(true);
      onPress();
      if (fetched.state === 'failed') fetched.retry();
    },
  };
  return { fetched, focused, triggerProps };
}
