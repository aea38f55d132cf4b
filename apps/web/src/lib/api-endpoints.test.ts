import { afterEach, expect, it, vi } from 'vitest';
import { api } from './api';

afterEach(() => vi.restoreAllMocks());

/*
 * Every feature adds its calls to the one API slice (./api.ts). Two calls of the same name do not both exist:
 * the one added second is dropped without a word outside development, and its screen quietly gets the other's
 * answers (the studio's new-cohort form once listed the manager's own enrolled programs instead of the programs
 * a cohort can run, whenever the founders' calls had loaded first). Here every addition refuses to replace one.
 */
it('gives every call of the API a name of its own', async () => {
  const inject = api.injectEndpoints.bind(api);
  vi.spyOn(api, 'injectEndpoints').mockImplementation(((options: Parameters<typeof inject>[0]) =>
    inject({
      ...options,
      overrideExisting: options.overrideExisting ?? 'throw',
    })) as unknown as typeof inject);
  const modules = import.meta.glob(['../features/**/*api.ts', './markers.ts']);
  expect(Object.keys(modules).length).toBeGreaterThan(20);
  const failures: string[] = [];
  for (const [file, load] of Object.entries(modules)) {
    await load().catch((error: Error) => failures.push(`${file}: ${error.message}`));
  }
  expect(failures).toEqual([]);
});
