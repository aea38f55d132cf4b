/** Local-storage marker of spec section 3: the build this browser last ran. */
export const APP_VERSION_KEY = 'appVersion';

type VersionCheckDeps = {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  buildVersion: string;
  clearCaches: () => Promise<void>;
  reload: () => void;
};

async function clearAllCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.map((name) => caches.delete(name)));
}

/**
 * Spec section 4: when the stored app version differs from this build's, store the new one, clear every
 * cache and reload. A first visit (no marker yet) only stores it: nothing stale can be cached then.
 * Returns true when a reload was started.
 */
export async function checkAppVersion(deps: Partial<VersionCheckDeps> = {}): Promise<boolean> {
  const storage = deps.storage ?? window.localStorage;
  const buildVersion = deps.buildVersion ?? __APP_VERSION__;
  const stored = storage.getItem(APP_VERSION_KEY);
  if (stored === buildVersion) return false;
  storage.setItem(APP_VERSION_KEY, buildVersion);
  if (stored === null) return false;
  await (deps.clearCaches ?? clearAllCaches)().catch(() => undefined);
  (deps.reload ?? (() => window.location.reload()))();
  return true;
}
