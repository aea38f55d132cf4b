import type { KeyValueStorage } from '../persisted-auth';

/** localStorage's part the session code uses, in memory: one per test, nothing shared. */
export function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}
