import { describe, expect, it } from 'vitest';
import { createMemoryLock } from './lock';
import { readPersistedTokens, writePersistedTokens } from './persisted-auth';
import { createMemoryRotationLedger } from './rotation-ledger';
import { memoryStorage } from './testing/memory-storage';
import { fakeServer, knownToken, openTab, SESSION_KEY, START } from './testing/token-server';
import type { Tab } from './testing/token-server';

async function expectBothServedByOneRotation(tabA: Tab, tabB: Tab, server: ReturnType<typeof fakeServer>) {
  const [a, b] = await Promise.all([
    tabA.client.request({ url: '/a', method: 'GET', headerType: 'authorization' }),
    tabB.client.request({ url: '/b', method: 'GET', headerType: 'authorization' }),
  ]);
  expect([a.status, b.status]).toEqual([200, 200]);
  expect(server.state.refreshCalls).toBe(1);
  expect(server.state.familyRevoked).toBe(false);
  expect(tabB.tokens).toEqual(tabA.tokens);
}

describe('two tabs sharing one storage', () => {
  it('both keep working across an expiry and only one of them rotates the refresh token', async () => {
    const clock = { now: START };
    const server = fakeServer(clock);
    const storage = memoryStorage();
    const lock = createMemoryLock(); // stands in for navigator.locks, shared by the tabs of an origin
    const tokens = knownToken(server, clock, 60_000);
    await writePersistedTokens(storage, SESSION_KEY, tokens);
    const tabA = openTab({ storage, fetch: server.fetch, clock, lock, tokens });
    const tabB = openTab({ storage, fetch: server.fetch, clock, lock, tokens });

    clock.now += 2 * 60_000; // the access token has expired in both tabs
    await expectBothServedByOneRotation(tabA, tabB, server);
    expect(tabA.onRefreshFailed).not.toHaveBeenCalled();
    expect(tabB.onRefreshFailed).not.toHaveBeenCalled();
  });

  it('a tab that missed the other tab rotating adopts the persisted tokens instead of reusing its rotated one', async () => {
    const clock = { now: START };
    const server = fakeServer(clock);
    const storage = memoryStorage();
    const lock = createMemoryLock();
    const tokens = knownToken(server, clock, 60_000);
    await writePersistedTokens(storage, SESSION_KEY, tokens);
    const tabA = openTab({ storage, fetch: server.fetch, clock, lock, tokens });
    const tabB = openTab({ storage, fetch: server.fetch, clock, lock, tokens });

    clock.now += 2 * 60_000;
    await tabA.client.request({ url: '/a', method: 'GET', headerType: 'authorization' });
    clock.now += 60_000;
    await tabB.client.request({ url: '/b', method: 'GET', headerType: 'authorization' });
    // Much later both expire again: still one rotation per expiry, never a reuse.
    clock.now += 20 * 60_000;
    await tabB.client.request({ url: '/b', method: 'GET', headerType: 'authorization' });
    await tabA.client.request({ url: '/a', method: 'GET', headerType: 'authorization' });

    expect(server.state.refreshCalls).toBe(2);
    expect(server.state.familyRevoked).toBe(false);
    expect(tabA.tokens).toEqual(tabB.tokens);
  });

  it('a tab whose copy of the shared entry lags behind takes the rotated pair from the ledger', async () => {
    // Chromium gives each tab its own copy of localStorage and passes writes on a moment later: a tab can take
    // the refresh lock before the other tab's new pair has reached its copy. Here it never does.
    const clock = { now: START };
    const server = fakeServer(clock);
    const lock = createMemoryLock();
    const rotations = createMemoryRotationLedger(); // stands in for IndexedDB, which every tab reads alike
    const tokens = knownToken(server, clock, 60_000);
    const storageA = memoryStorage();
    const storageB = memoryStorage();
    await writePersistedTokens(storageA, SESSION_KEY, tokens);
    await writePersistedTokens(storageB, SESSION_KEY, tokens);
    const tabA = openTab({ storage: storageA, fetch: server.fetch, clock, lock, rotations, tokens });
    const tabB = openTab({ storage: storageB, fetch: server.fetch, clock, lock, rotations, tokens });

    clock.now += 2 * 60_000;
    await expectBothServedByOneRotation(tabA, tabB, server);

    // Two expiries later the lagging tab, with its stale copy, still follows the chain to the newest pair.
    for (const tab of [tabA, tabA]) {
      clock.now += 20 * 60_000;
      await tab.client.request({ url: '/a', method: 'GET', headerType: 'authorization' });
    }
    clock.now += 1_000;
    tabB.tokens = (await readPersistedTokens(storageB, SESSION_KEY))!;
    await tabB.client.request({ url: '/b', method: 'GET', headerType: 'authorization' });
    expect(server.state.familyRevoked).toBe(false);
    expect(server.state.refreshCalls).toBe(3);
    expect(tabB.tokens).toEqual(tabA.tokens);
    expect(tabB.onRefreshFailed).not.toHaveBeenCalled();
  });
});
