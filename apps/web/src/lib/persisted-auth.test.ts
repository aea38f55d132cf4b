import Aes from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import { describe, expect, it } from 'vitest';
import {
  AUTH_STORAGE_ENTRY,
  keepNewestTokens,
  readPersistedTokens,
  writePersistedTokens,
} from './persisted-auth';
import type { KeyValueStorage } from './persisted-auth';

const SECRET = 'test-secret-123456';
const base64Url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (expSeconds: number, iat: number) =>
  `${base64Url({ alg: 'HS256' })}.${base64Url({ sub: 'u1', exp: expSeconds, iat })}.sig${iat}`;

function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

/** What redux-persist writes for a tab's auth state (encrypt transform: one AES string per value). */
const persistedEntry = (state: { user: unknown; token: string | null; refreshToken: string | null }) =>
  JSON.stringify({
    user: JSON.stringify(Aes.encrypt(JSON.stringify(state.user), SECRET).toString()),
    token: JSON.stringify(Aes.encrypt(JSON.stringify(state.token), SECRET).toString()),
    refreshToken: JSON.stringify(Aes.encrypt(JSON.stringify(state.refreshToken), SECRET).toString()),
    _persist: JSON.stringify({ version: -1, rehydrated: true }),
  });

describe('the persisted auth entry shared by tabs', () => {
  const older = { token: jwt(1000, 1), refreshToken: 'refresh-1' };
  const newer = { token: jwt(2000, 2), refreshToken: 'refresh-2' };

  it("a tab's late write of its older pair keeps the pair another tab just rotated", () => {
    const storage = memoryStorage();
    const guarded = keepNewestTokens(storage, SECRET);
    guarded.setItem(AUTH_STORAGE_ENTRY, persistedEntry({ user: { id: 'u1' }, ...older }));
    // Tab A rotates and writes the fresh pair straight into the entry.
    writePersistedTokens(storage, SECRET, newer);
    // Tab B, which has not seen it yet, persists its state (a new user name, say) with the older pair.
    guarded.setItem(AUTH_STORAGE_ENTRY, persistedEntry({ user: { id: 'u1', firstName: 'Ada' }, ...older }));
    expect(readPersistedTokens(storage, SECRET)).toEqual(newer);
    // The rest of B's state is written.
    const entry = JSON.parse(storage.getItem(AUTH_STORAGE_ENTRY)!) as Record<string, string>;
    const user = Aes.decrypt(JSON.parse(entry.user!) as string, SECRET).toString(Utf8);
    expect(JSON.parse(user)).toEqual({ id: 'u1', firstName: 'Ada' });
  });

  it('a newer pair and a sign-out are written as they come', () => {
    const storage = memoryStorage();
    const guarded = keepNewestTokens(storage, SECRET);
    guarded.setItem(AUTH_STORAGE_ENTRY, persistedEntry({ user: { id: 'u1' }, ...older }));
    guarded.setItem(AUTH_STORAGE_ENTRY, persistedEntry({ user: { id: 'u1' }, ...newer }));
    expect(readPersistedTokens(storage, SECRET)).toEqual(newer);
    guarded.setItem(AUTH_STORAGE_ENTRY, persistedEntry({ user: null, token: null, refreshToken: null }));
    expect(readPersistedTokens(storage, SECRET)).toEqual({ token: null, refreshToken: null });
  });
});
