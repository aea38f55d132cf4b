import { ROTATIONS_STORE, requestDone, transactionDone, withBrowserDatabase } from './browser-db';
import { seal, unseal } from './session-key';

export type RotatedPair = { token: string; refreshToken: string };

/**
 * What each refresh token was rotated into, for the tabs that still hold it. A tab rotates under the refresh
 * lock (lib/lock) and records the new pair here before letting go; the next tab to take the lock looks up its
 * own refresh token and takes the newer pair instead of presenting a rotated token, which would make the server
 * revoke the session in every tab (decision 050).
 */
export interface RotationLedger {
  /** Records that `replaced` became `next`; resolves once every tab can read it. */
  record(replaced: string, next: RotatedPair): Promise<void>;
  /** The newest pair `refreshToken` was rotated into, following later rotations too; null if none. */
  successorOf(refreshToken: string): Promise<RotatedPair | null>;
  /** Forgets every rotation (signing out). */
  clear(): Promise<void>;
}

/** Rotations older than this are dropped as new ones are recorded: no tab waits that long with an older pair. */
export const ROTATION_KEPT_FOR_MS = 7 * 24 * 60 * 60_000;
/** A bound on following a chain of rotations, should the ledger ever hold a loop. */
const MAX_HOPS = 32;

/** Follows `refreshToken`'s rotations to the newest pair; null when it was never rotated. */
async function newestSuccessor(
  refreshToken: string,
  successorOf: (refreshToken: string) => Promise<RotatedPair | null>,
): Promise<RotatedPair | null> {
  let newest: RotatedPair | null = null;
  for (let hops = 0, pair = await successorOf(refreshToken); pair && hops < MAX_HOPS; hops++) {
    newest = pair;
    pair = await successorOf(pair.refreshToken);
  }
  return newest;
}

/** A ledger for this page alone: tests, and browsers without IndexedDB (where no saved session outlives the page). */
export function createMemoryRotationLedger(): RotationLedger {
  const next = new Map<string, RotatedPair>();
  return {
    async record(replaced, pair) {
      next.set(replaced, pair);
    },
    successorOf: (refreshToken) => newestSuccessor(refreshToken, async (token) => next.get(token) ?? null),
    async clear() {
      next.clear();
    },
  };
}

type StoredRotation = { token: string; refreshToken: string; at: number };

async function hashOf(refreshToken: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(refreshToken));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The ledger every tab of this browser shares, in IndexedDB. Entries are keyed by a hash of the rotated token
 * and sealed with the session key, like the saved session in localStorage.
 */
export function createRotationLedger(
  sessionKey: Promise<CryptoKey>,
  factory: IDBFactory | undefined = globalThis.indexedDB,
  now: () => number = Date.now,
): RotationLedger {
  if (!factory) return createMemoryRotationLedger();

  async function lookUp(database: IDBDatabase, key: CryptoKey, refreshToken: string) {
    // Hashed first: a transaction left waiting on anything but its own requests commits before it is used.
    const id = await hashOf(refreshToken);
    const store = database.transaction(ROTATIONS_STORE, 'readonly').objectStore(ROTATIONS_STORE);
    const stored = (await requestDone(store.get(id))) as StoredRotation | undefined;
    if (!stored) return null;
    const [token, next] = await Promise.all([unseal(key, stored.token), unseal(key, stored.refreshToken)]);
    return token && next ? { token, refreshToken: next } : null;
  }

  return {
    async record(replaced, pair) {
      const key = await sessionKey;
      const [id, token, refreshToken] = await Promise.all([
        hashOf(replaced),
        seal(key, pair.token),
        seal(key, pair.refreshToken),
      ]);
      await withBrowserDatabase(factory, async (database) => {
        const transaction = database.transaction(ROTATIONS_STORE, 'readwrite');
        const store = transaction.objectStore(ROTATIONS_STORE);
        const cutoff = now() - ROTATION_KEPT_FOR_MS;
        store.put({ token, refreshToken, at: now() } satisfies StoredRotation, id);
        store.openCursor().onsuccess = (event) => {
          const cursor = (event.target as IDBRequest<IDBCursorWithValue | null>).result;
          if (!cursor) return;
          if ((cursor.value as StoredRotation).at < cutoff) cursor.delete();
          cursor.continue();
        };
        await transactionDone(transaction);
      });
    },
    async successorOf(refreshToken) {
      const key = await sessionKey;
      return withBrowserDatabase(factory, (database) =>
        newestSuccessor(refreshToken, (token) => lookUp(database, key, token)),
      );
    },
    async clear() {
      await withBrowserDatabase(factory, async (database) => {
        const transaction = database.transaction(ROTATIONS_STORE, 'readwrite');
        transaction.objectStore(ROTATIONS_STORE).clear();
        await transactionDone(transaction);
      });
    },
  };
}
