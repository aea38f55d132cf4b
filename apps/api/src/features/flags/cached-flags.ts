/**
 * Reads a flag at most once per `ttlMs` per key. Flags guard hot paths (every AI call checks
 * `workspace_ai`), and a flag flipped from the command line or on another instance may take up to
 * `ttlMs` to be seen here (FLAG_CACHE_MS).
 */
export function cachedFlags(
  read: (key: string) => Promise<boolean>,
  ttlMs: number,
  now: () => number = Date.now,
) {
  const cache = new Map<string, { at: number; value: Promise<boolean> }>();
  return {
    isEnabled(key: string): Promise<boolean> {
      if (ttlMs <= 0) return read(key);
      const hit = cache.get(key);
      if (hit && now() - hit.at < ttlMs) return hit.value;
      const value = read(key);
      cache.set(key, { at: now(), value });
      // A failed read is not remembered: the next call asks the database again.
      value.catch(() => cache.delete(key));
      return value;
    },
    /** Forgets a key, so a switch made on this instance applies to its very next read. */
    forget(key: string) {
      cache.delete(key);
    },
  };
}
