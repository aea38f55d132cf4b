import { useCallback, useEffect, useState } from 'react';

/** A visible countdown in whole seconds; `start()` begins it again. */
export function useCooldown(seconds: number, startRunning = false): [number, () => void] {
  const [endsAt, setEndsAt] = useState<number | null>(() =>
    startRunning ? Date.now() + seconds * 1000 : null,
  );
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) {
        clearInterval(timer);
        setEndsAt(null);
      }
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt]);
  const remaining = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  const start = useCallback(() => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current + seconds * 1000);
  }, [seconds]);
  return [remaining, start];
}
