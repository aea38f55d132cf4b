import { useCallback, useState } from 'react';

/**
 * Drafts of what a founder types (the coach's composer, worksheets), kept in localStorage so a reload, a
 * crash or a lost connection never loses them. Keys are scoped by the caller (a step id, a user id).
 */
const PREFIX = 'liftoff.draft.';

export function readDraft<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

export function writeDraft(key: string, value: unknown): void {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the draft lives in memory only, as before.
  }
}

export function clearDraft(key: string): void {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    // Nothing to clear.
  }
}

/**
 * Forgets every draft on this device: at sign-out, so the next person on a shared computer does not see
 * what the last one was writing.
 */
export function clearAllDrafts(): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index));
    for (const key of keys) if (key?.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // Storage blocked: there were no drafts kept in it.
  }
}

/** State that is also a draft: starts from the kept draft (else `initial`), and keeps every change. */
export function useDraft<T>(
  key: string,
  initial: T,
): [T, (next: T | ((current: T) => T)) => void, () => void] {
  const [value, setValue] = useState<T>(() => readDraft<T>(key) ?? initial);
  const set = useCallback(
    (next: T | ((current: T) => T)) => {
      setValue((current) => {
        const value = typeof next === 'function' ? (next as (current: T) => T)(current) : next;
        writeDraft(key, value);
        return value;
      });
    },
    [key],
  );
  const clear = useCallback(() => clearDraft(key), [key]);
  return [value, set, clear];
}
