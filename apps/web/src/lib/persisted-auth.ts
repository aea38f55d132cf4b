import { isNewerToken } from './jwt';
import { AUTH_STORAGE_ENTRY } from './saved-session';
import { seal, unseal } from './session-key';

export { AUTH_PERSIST_KEY, AUTH_STORAGE_ENTRY } from './saved-session';

export type StoredTokens = { token: string | null; refreshToken: string | null };

/** The subset of the Storage API this module needs (localStorage in the browser, a Map in tests). */
export type KeyValueStorage = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
};

/** redux-persist's storage interface: asynchronous, which lets the entry be sealed with Web Crypto on the way. */
export type AsyncStorage = {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
};

/*
 * redux-persist writes one JSON object whose values are themselves JSON strings (the user, each token,
 * `_persist`). Every value but `_persist` is stored sealed with this browser's session key (lib/session-key):
 * `"<base64 of IV and cipher text>"`. Reading and writing the tokens here in the same format lets a tab see
 * tokens another tab rotated a moment ago, without waiting for a rehydrate.
 */
const PLAIN_FIELDS = new Set(['_persist']);

async function sealValue(key: CryptoKey, json: string): Promise<string> {
  return JSON.stringify(await seal(key, json));
}

/** A sealed value back to the JSON redux-persist wrote, or undefined if this browser's key cannot open it. */
async function unsealValue(key: CryptoKey, stored: string | undefined): Promise<string | undefined> {
  if (typeof stored !== 'string') return undefined;
  try {
    const sealed: unknown = JSON.parse(stored);
    if (typeof sealed !== 'string') return undefined;
    return (await unseal(key, sealed)) ?? undefined;
  } catch {
    return undefined;
  }
}

function parseEntry(raw: string | null): Record<string, string> | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : null;
  } catch {
    return null;
  }
}

async function sealEntry(key: CryptoKey, entry: Record<string, string>): Promise<Record<string, string>> {
  const sealed: Record<string, string> = {};
  for (const [name, value] of Object.entries(entry))
    sealed[name] = PLAIN_FIELDS.has(name) ? value : await sealValue(key, value);
  return sealed;
}

async function unsealEntry(key: CryptoKey, entry: Record<string, string>): Promise<Record<string, string>> {
  const plain: Record<string, string> = {};
  for (const [name, value] of Object.entries(entry)) {
    const opened = PLAIN_FIELDS.has(name) ? value : await unsealValue(key, value);
    if (opened !== undefined) plain[name] = opened;
  }
  return plain;
}

const tokenOf = (json: string | undefined): string | null => {
  if (json === undefined) return null;
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
};

/** The tokens in a stored entry's raw text, or null when there is no entry. */
export async function parsePersistedTokens(raw: string | null, key: CryptoKey): Promise<StoredTokens | null> {
  const entry = parseEntry(raw);
  if (!entry) return null;
  const [token, refreshToken] = await Promise.all([
    unsealValue(key, entry.token),
    unsealValue(key, entry.refreshToken),
  ]);
  return { token: tokenOf(token), refreshToken: tokenOf(refreshToken) };
}

export function readPersistedTokens(storage: KeyValueStorage, key: CryptoKey): Promise<StoredTokens | null> {
  return parsePersistedTokens(storage.getItem(AUTH_STORAGE_ENTRY), key);
}

/** Writes fresh tokens straight into the persisted entry, so a tab waiting on the refresh lock reads them. */
export async function writePersistedTokens(
  storage: KeyValueStorage,
  key: CryptoKey,
  tokens: StoredTokens,
): Promise<void> {
  const [token, refreshToken] = await Promise.all([
    sealValue(key, JSON.stringify(tokens.token)),
    sealValue(key, JSON.stringify(tokens.refreshToken)),
  ]);
  // Read after sealing, with nothing awaited before the write: no other write can fall in between.
  const entry = parseEntry(storage.getItem(AUTH_STORAGE_ENTRY)) ?? {
    _persist: JSON.stringify({ version: -1, rehydrated: true }),
  };
  storage.setItem(AUTH_STORAGE_ENTRY, JSON.stringify({ ...entry, token, refreshToken }));
}

/**
 * The storage redux-persist reads and writes the auth entry through: it seals the entry with the session key,
 * and keeps the newest tokens. Every tab persists its own state now and then; a tab that has not yet seen the
 * pair another tab just rotated would write its older pair over it, and then present the rotated-away refresh
 * token, which makes the server revoke the whole session for both tabs. So a write never replaces a newer stored
 * pair with an older one; it keeps the stored pair (signing out still clears it).
 */
export function sealedAuthStorage(storage: KeyValueStorage, sessionKey: Promise<CryptoKey>): AsyncStorage {
  return {
    async getItem(name) {
      const entry = parseEntry(storage.getItem(name));
      if (!entry || name !== AUTH_STORAGE_ENTRY) return storage.getItem(name);
      return JSON.stringify(await unsealEntry(await sessionKey, entry));
    },
    async removeItem(name) {
      storage.removeItem(name);
    },
    async setItem(name, value) {
      const incoming = parseEntry(value);
      if (name !== AUTH_STORAGE_ENTRY || !incoming) return storage.setItem(name, value);
      const key = await sessionKey;
      const sealed = await sealEntry(key, incoming);
      // The stored pair may change while this seals and compares (another tab's write): compare again then.
      for (;;) {
        const raw = storage.getItem(name);
        const stored = await parsePersistedTokens(raw, key);
        if (storage.getItem(name) !== raw) continue;
        const incomingToken = tokenOf(incoming.token);
        const current = parseEntry(raw);
        if (
          incomingToken &&
          stored?.token &&
          stored.refreshToken &&
          current?.token &&
          current.refreshToken &&
          stored.refreshToken !== tokenOf(incoming.refreshToken) &&
          isNewerToken(stored.token, incomingToken)
        ) {
          sealed.token = current.token;
          sealed.refreshToken = current.refreshToken;
        }
        storage.setItem(name, JSON.stringify(sealed));
        return;
      }
    },
  };
}
