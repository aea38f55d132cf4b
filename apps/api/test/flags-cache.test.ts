import { describe, expect, it } from 'vitest';
import { cachedFlags } from '../src/features/flags/cached-flags.js';

describe('cached flag reads', () => {
  const setup = (ttlMs: number) => {
    const stored = new Map([['workspace_ai', true]]);
    let reads = 0;
    let clock = 0;
    const flags = cachedFlags(
      async (key) => {
        reads += 1;
        if (key === 'broken') throw new Error('database down');
        return stored.get(key) ?? false;
      },
      ttlMs,
      () => clock,
    );
    return { flags, stored, reads: () => reads, advance: (ms: number) => (clock += ms) };
  };

  it('reuses a read within the time to live and sees a change after it', async () => {
    const { flags, stored, reads, advance } = setup(2000);
    expect(await flags.isEnabled('workspace_ai')).toBe(true);
    stored.set('workspace_ai', false);
    advance(1999);
    expect(await flags.isEnabled('workspace_ai')).toBe(true);
    expect(reads()).toBe(1);
    advance(1);
    expect(await flags.isEnabled('workspace_ai')).toBe(false);
    expect(reads()).toBe(2);
  });

  it('reads every time with a time to live of 0', async () => {
    const { flags, stored, reads } = setup(0);
    expect(await flags.isEnabled('workspace_ai')).toBe(true);
    stored.set('workspace_ai', false);
    expect(await flags.isEnabled('workspace_ai')).toBe(false);
    expect(reads()).toBe(2);
  });

  it('does not remember a failed read', async () => {
    const { flags, reads } = setup(2000);
    await expect(flags.isEnabled('broken')).rejects.toThrow('database down');
    await expect(flags.isEnabled('broken')).rejects.toThrow('database down');
    expect(reads()).toBe(2);
  });
});
