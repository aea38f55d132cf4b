import Aes from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import { isNewerToken } from './jwt';

/** redux-persist store key of the auth slice (spec section 3); the storage entry is `persist:` + key. */
export const AUTH_PERSIST_KEY = 'liftoff-auth';
export const AUTH_STORAGE_ENTRY = `persist:${AUTH_PERSIST_KEY}`;

export type StoredTokens = { token: string | null; refreshToken: string | null };

/** The subset of the Storage API this module needs (localStorage in the browser, a Map in tests). */
export type KeyValueStorage = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
};

/*
 * redux-persist writes one JSON object whose values are themselves JSON strings; the encrypt transform
 * turns each whitelisted value into an AES cipher text first. Reading and writing the tokens here in the
 * same format lets a tab see tokens another tab rotated a moment ago, without waiting for a rehydrate.
 */
function decryptValue(serialized: string | undefined, secret: string): unknown {
  if (typeof serialized !== 'string') return undefined;
  try {
    const cipher: unknown = JSON.parse(serialized);
    if (typeof cipher !== 'string') return undefined;
    const plain = Aes.decrypt(cipher, secret).toString(Utf8);
    return plain ? (JSON.parse(plain) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

function encryptValue(value: unknown, secret: string): string {
  return JSON.stringify(Aes.encrypt(JSON.stringify(value), secret).toString());
}

function readEntry(storage: KeyValueStorage): Record<string, string> | null {
  const raw = storage.getItem(AUTH_STORAGE_ENTRY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : null;
  } catch {
    return null;
  }
}

export function readPersistedTokens(storage: KeyValueStorage, secret: string): StoredTokens | null {
  const entry = readEntry(storage);
  if (!entry) return null;
  const token = decryptValue(entry.token, secret);
  const refreshToken = decryptValue(entry.refreshToken, secret);
  return {
    token: typeof token === 'string' ? token : null,
    refreshToken: typeof refreshToken === 'string' ? refreshToken : null,
  };
}

export function parsePersistedTokens(raw: string | null, secret: string): StoredTokens | null {
  if (!raw) return null;
  return readPersistedTokens(
    { getItem: () => raw, setItem: () => undefined, removeItem: () => undefined },
    secret,
  );
}

/** Writes fresh tokens straight into the persisted entry, so a tab waiting on the refresh lock reads them. */
export function writePersistedTokens(storage: KeyValueStorage, secret: string, tokens: StoredTokens): void {
  const entry = readEntry(storage) ?? { _persist: JSON.stringify({ version: -1, rehydrated: true }) };
  entry.token = encryptValue(tokens.token, secret);
  entry.refreshToken = encryptValue(tokens.refreshToken, secret);
  storage.setItem(AUTH_STORAGE_ENTRY, JSON.stringify(entry));
}

/**
 * The storage redux-persist writes the auth entry through. Every tab persists its own state now and then; a tab
 * that has not yet seen the pair another tab just rotated would write its older pair over it, and then present
 * the rotated-away refresh token, which makes the server revoke the whole session for both tabs. So a write
 * never replaces a newer stored pair with an older one; it keeps the stored pair (signing out still clears it).
 */
export function keepNewestTokens(storage: KeyValueStorage, secret: string): KeyValueStorage {
  return {
    getItem: (key) => storage.getItem(key),
    removeItem: (key) => storage.removeItem(key),
    setItem(key, value) {
      if (key === AUTH_STORAGE_ENTRY) {
        const incoming = parsePersistedTokens(value, secret);
        const stored = readPersistedTokens(storage, secret);
        if (
          incoming?.token &&
          stored?.token &&
          stored.refreshToken &&
          stored.refreshToken !== incoming.refreshToken &&
          isNewerToken(stored.token, incoming.token)
        ) {
          const entry = JSON.parse(value) as Record<string, string>;
          const current = readEntry(storage)!;
          entry.token = current.token!;
          entry.refreshToken = current.refreshToken!;
          storage.setItem(key, JSON.stringify(entry));
          return;
        }
      }
      storage.setItem(key, value);
    },
  };
}
