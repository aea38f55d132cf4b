import { describe, expect, it, vi } from 'vitest';
import { checkAppVersion } from './app-version';

function memory(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    map,
  };
}

describe('app version marker', () => {
  it('stores the new version, clears caches and reloads when the marker differs', async () => {
    const storage = memory({ appVersion: '2030-01-01T00:00:00.000Z' });
    const clearCaches = vi.fn(async () => undefined);
    const reload = vi.fn();
    expect(
      await checkAppVersion({ storage, buildVersion: '2030-02-01T00:00:00.000Z', clearCaches, reload }),
    ).toBe(true);
    expect(storage.map.get('appVersion')).toBe('2030-02-01T00:00:00.000Z');
    expect(clearCaches).toHaveBeenCalledOnce();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('does nothing when the marker matches, and only stores it on a first visit', async () => {
    const reload = vi.fn();
    const same = memory({ appVersion: 'v1' });
    expect(await checkAppVersion({ storage: same, buildVersion: 'v1', clearCaches: vi.fn(), reload })).toBe(
      false,
    );
    const fresh = memory();
    expect(await checkAppVersion({ storage: fresh, buildVersion: 'v1', clearCaches: vi.fn(), reload })).toBe(
      false,
    );
    expect(fresh.map.get('appVersion')).toBe('v1');
    expect(reload).not.toHaveBeenCalled();
  });
});
