import { describe, expect, it } from 'vitest';
import {
  AUTH_STORAGE_ENTRY,
  readPersistedTokens,
  sealedAuthStorage,
  writePersistedTokens,
} from './persisted-auth';
import { memoryStorage } from './testing/memory-storage';
import { generateSessionKey, loadSessionKey, seal, unseal } from './session-key';

const KEY = await generateSessionKey();
const base64Url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (expSeconds: number, iat: number) =>
  `${base64Url({ alg: 'HS256' })}.${base64Url({ sub: 'u1', exp: expSeconds, iat })}.sig${iat}`;

/** What redux-persist hands its storage for a tab's auth state: one JSON string per value. */
const persistedEntry = (state: { user: unknown; token: string | null; refreshToken: string | null }) =>
  JSON.stringify({
    user: JSON.stringify(state.user),
    token: JSON.stringify(state.token),
    refreshToken: JSON.stringify(state.refreshToken),
    _persist: JSON.stringify({ version: -1, rehydrated: true }),
  });

describe("the session key: this browser's own, never readable", () => {
  it('is a non-extractable AES-GCM key, even where IndexedDB is missing', async () => {
    const key = await loadSessionKey(undefined);
    expect(key.extractable).toBe(false);
    expect(key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });

  it('opens what it sealed, and nothing sealed by another key or tampered with', async () => {
    const sealed = await seal(KEY, 'refresh-secret-value');
    expect(sealed).not.toContain('refresh-secret-value');
    // A fresh IV every time: the same text never seals the same way twice.
    expect(await seal(KEY, 'refresh-secret-value')).not.toBe(sealed);
    expect(await unseal(KEY, sealed)).toBe('refresh-secret-value');
    expect(await unseal(await generateSessionKey(), sealed)).toBeNull();
    const bytes = atob(sealed);
    const flipped = btoa(bytes.slice(0, -1) + String.fromCharCode(bytes.charCodeAt(bytes.length - 1) ^ 1));
    expect(await unseal(KEY, flipped)).toBeNull();
    expect(await unseal(KEY, 'not base64 at all')).toBeNull();
  });
});

describe('the persisted auth entry shared by tabs', () => {
  const older = { token: jwt(1000, 1), refreshToken: 'refresh-1' };
  const newer = { token: jwt(2000, 2), refreshToken: 'refresh-2' };

  it('is stored sealed and read back whole with the same key; another key reads nothing', async () => {
    const storage = memoryStorage();
    const sealed = sealedAuthStorage(storage, Promise.resolve(KEY));
    const entry = persistedEntry({ user: { id: 'u1', email: 'founder@example.com' }, ...older });
    await sealed.setItem(AUTH_STORAGE_ENTRY, entry);
    const raw = storage.getItem(AUTH_STORAGE_ENTRY)!;
    expect(raw).not.toContain('founder@example.com');
    expect(raw).not.toContain('refresh-1');
    expect(await sealed.getItem(AUTH_STORAGE_ENTRY)).toBe(entry);

    const elsewhere = sealedAuthStorage(storage, generateSessionKey());
    const opened = JSON.parse((await elsewhere.getItem(AUTH_STORAGE_ENTRY))!) as Record<string, string>;
    expect(Object.keys(opened)).toEqual(['_persist']);
  });

  it("a tab's late write of its older pair keeps the pair another tab just rotated", async () => {
    const storage = memoryStorage();
    const guarded = sealedAuthStorage(storage, Promise.resolve(KEY));
    await guarded.setItem(AUTH_STORAGE_ENTRY, persistedEntry({ user: { id: 'u1' }, ...older }));
    // Tab A rotates and writes the fresh pair straight into the entry.
    await writePersistedTokens(storage, KEY, newer);
    // Tab B, which has not seen it yet, persists its state (a new user name, say) with the older pair.
    await guarded.setItem(
      AUTH_STORAGE_ENTRY,
      persistedEntry({ user: { id: 'u1', firstName: 'Ada' }, ...older }),
    );
    expect(await readPersistedTokens(storage, KEY)).toEqual(newer);
    // The rest of B's state is written.
    const entry = JSON.parse((await guarded.getItem(AUTH_STORAGE_ENTRY))!) as Record<string, string>;
    expect(JSON.parse(entry.user!)).toEqual({ id: 'u1', firstName: 'Ada' });
  });

  it('a newer pair and a sign-out are written as they come', async () => {
    const storage = memoryStorage();
    const guarded = sealedAuthStorage(storage, Promise.resolve(KEY));
    await guarded.setItem(AUTH_STORAGE_ENTRY, persistedEntry({ user: { id: 'u1' }, ...older }));
    await guarded.setItem(AUTH_STORAGE_ENTRY, persistedEntry({ user: { id: 'u1' }, ...newer }));
    expect(await readPersistedTokens(storage, KEY)).toEqual(newer);
    await guarded.setItem(
      AUTH_STORAGE_ENTRY,
      persistedEntry({ user: null, token: null, refreshToken: null }),
    );
    expect(await readPersistedTokens(storage, KEY)).toEqual({ token: null, refreshToken: null });
  });
});
