import { KEYS_STORE, requestDone, withBrowserDatabase } from './browser-db';

/**
 * The key that encrypts the saved session in this browser: AES-GCM, generated here, never extractable, kept in
 * IndexedDB so every tab of this origin and every visit uses the same one. Script on the page can use it while
 * the page is open but cannot read it out, and a copy of localStorage alone reveals nothing. (A key built into
 * the app would be public: anyone can read the app's scripts.)
 */
const ENTRY = 'session';

export function generateSessionKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

/**
 * This browser's session key, created on first use. Two tabs opening at once agree on one key: the lookup and
 * the write share one read-write transaction, which IndexedDB runs one at a time. Without IndexedDB (some private
 * modes) the key lives as long as the page, so the saved session cannot be read after a reload and the founder
 * signs in again, which is the safe way to fail.
 */
export async function loadSessionKey(
  factory: IDBFactory | undefined = globalThis.indexedDB,
): Promise<CryptoKey> {
  const fresh = await generateSessionKey();
  if (!factory) return fresh;
  try {
    return await withBrowserDatabase(factory, async (database) => {
      const keys = database.transaction(KEYS_STORE, 'readwrite').objectStore(KEYS_STORE);
      const existing = await requestDone(keys.get(ENTRY) as IDBRequest<CryptoKey | undefined>);
      if (existing instanceof CryptoKey) return existing;
      await requestDone(keys.put(fresh, ENTRY));
      return fresh;
    });
  } catch {
    return fresh;
  }
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** AES-GCM with a fresh 96-bit IV per message: base64 of the IV followed by the cipher text and its tag. */
export async function seal(key: CryptoKey, plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const cipher = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(plain));
  const out = new Uint8Array(iv.length + cipher.byteLength);
  out.set(iv);
  out.set(new Uint8Array(cipher), iv.length);
  return toBase64(out);
}

/** The plain text, or null for anything this key did not seal (another browser's, tampered, malformed). */
export async function unseal(key: CryptoKey, sealed: string): Promise<string | null> {
  try {
    const bytes = fromBase64(sealed);
    if (bytes.length < 12 + 16) return null;
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.slice(0, 12) },
      key,
      bytes.slice(12),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
