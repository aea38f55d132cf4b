/**
 * Where the saved session lives, readable without the store or Web Crypto: the boot module decides from it
 * alone whether the light sign-in screen may open (main.tsx). The entry itself is sealed (lib/persisted-auth).
 */

/** redux-persist store key of the auth slice (spec section 3); the storage entry is `persist:` + key. */
export const AUTH_PERSIST_KEY = 'liftoff-auth';
export const AUTH_STORAGE_ENTRY = `persist:${AUTH_PERSIST_KEY}`;

/**
 * Whether this browser holds a saved session, read synchronously. Any entry counts, even one this browser's key
 * can no longer open: the full app then decides, as it always has (the store purges an entry without a user).
 */
export function hasSavedSession(storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): boolean {
  try {
    return storage?.getItem(AUTH_STORAGE_ENTRY) != null;
  } catch {
    return false;
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
