/**
 * Liftoff's IndexedDB database in this browser. It holds what every tab of the origin must read exactly as
 * written: the session key (lib/session-key) and the record of refresh-token rotations (lib/rotation-ledger).
 * localStorage cannot serve the second: Chromium copies it into each tab's process and passes changes on a
 * moment later, so a tab may read an entry another tab wrote before that tab let go of a Web Lock. IndexedDB
 * has one copy, which every transaction reads.
 */
const DATABASE = 'liftoff';
/** Version 1 held the session key alone; version 2 adds the rotations. */
const VERSION = 2;
export const KEYS_STORE = 'keys';
export const ROTATIONS_STORE = 'rotations';

export const requestDone = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

/** Resolves once the transaction has committed: from then on every tab's transactions see its writes. */
export const transactionDone = (transaction: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });

export function openBrowserDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(DATABASE, VERSION);
  request.onupgradeneeded = () => {
    const database = request.result;
    for (const store of [KEYS_STORE, ROTATIONS_STORE]) {
      if (!database.objectStoreNames.contains(store)) database.createObjectStore(store);
    }
  };
  return requestDone(request).then((database) => {
    // A newer version of the app in another tab may need to upgrade: this connection must not hold it up.
    database.onversionchange = () => database.close();
    return database;
  });
}

/** Runs `task` on a connection opened for it alone, closed afterwards (tabs hold none open between uses). */
export async function withBrowserDatabase<T>(
  factory: IDBFactory,
  task: (database: IDBDatabase) => Promise<T>,
): Promise<T> {
  const database = await openBrowserDatabase(factory);
  try {
    return await task(database);
  } finally {
    database.close();
  }
}
