import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Mock } from 'vitest';
import { createHttpClient, HttpError } from './http-client';
import type { HttpClient } from './http-client';
import { createMemoryLock } from './lock';
import type { LockFn } from './lock';
import { readPersistedTokens, writePersistedTokens } from './persisted-auth';
import { createMemoryRotationLedger } from './rotation-ledger';
import type { RotationLedger } from './rotation-ledger';
import { generateSessionKey } from './session-key';
import type { KeyValueStorage, StoredTokens } from './persisted-auth';
import { createTokenStore } from './token-store';

const SESSION_KEY = await generateSessionKey();
const BASE = '/api';
const START = Date.UTC(2030, 0, 1);

function base64Url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

let serial = 0;
function jwt(expMs: number): string {
  serial += 1;
  return `${base64Url({ alg: 'HS256' })}.${base64Url({ sub: 'u1', exp: Math.floor(expMs / 1000), iat: serial, twoFactorAuthenticated: false })}.sig${serial}`;
}

function memoryStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A stand-in for the API (outside the web app): rotates refresh tokens, revokes the whole family when a
 * rotated token comes back, and accepts access tokens it issued that have not expired.
 */
function fakeServer(clock: { now: number }) {
  const liveRefresh = new Set<string>();
  const rotated = new Set<string>();
  const access = new Set<string>();
  const state = {
    familyRevoked: false,
    refreshCalls: 0,
    dataCalls: 0,
    rejectNextData: 0,
    refreshFails: false,
  };
  const requests: Array<{ url: string; init: RequestInit }> = [];

  function issue(): { token: string; refreshToken: string } {
    const token = jwt(clock.now + 15 * 60_000);
    const refreshToken = `rt-${++serial}`;
    access.add(token);
    liveRefresh.add(refreshToken);
    return { token, refreshToken };
  }

  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    requests.push({ url, init });
    const headers = new Headers(init.headers);
    if (url === `${BASE}/auth/refresh`) {
      state.refreshCalls += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      const { refreshToken } = JSON.parse(String(init.body)) as { refreshToken: string };
      if (headers.get('authorization') !== `Bearer ${refreshToken}`)
        return json(400, { message: 'Bearer mismatch' });
      if (rotated.has(refreshToken)) {
        state.familyRevoked = true;
        liveRefresh.clear();
        return json(401, { message: 'Refresh token reused', statusCode: 401, code: 'TOKEN_INVALID' });
      }
      if (state.refreshFails || !liveRefresh.has(refreshToken)) {
        return json(401, { message: 'Invalid refresh token', statusCode: 401, code: 'TOKEN_INVALID' });
      }
      liveRefresh.delete(refreshToken);
      rotated.add(refreshToken);
      const next = issue();
      return json(200, {
        message: 'Token refreshed successfully.',
        data: { accessToken: next.token, refreshToken: next.refreshToken },
      });
    }
    state.dataCalls += 1;
    if (url.startsWith(`${BASE}/public`) || url.startsWith(`${BASE}/upload`))
      return json(200, { message: 'ok', data: null });
    const bearer = headers.get('authorization')?.replace('Bearer ', '') ?? '';
    const claims = JSON.parse(
      atob(bearer.split('.')[1]?.replace(/-/g, '+').replace(/_/g, '/') ?? 'e30='),
    ) as { exp?: number };
    if (state.rejectNextData > 0) {
      state.rejectNextData -= 1;
      return json(401, { message: 'Token expired', statusCode: 401, code: 'TOKEN_EXPIRED' });
    }
    if (!access.has(bearer) || (claims.exp ?? 0) * 1000 < clock.now) {
      return json(401, { message: 'Token expired', statusCode: 401, code: 'TOKEN_EXPIRED' });
    }
    return json(200, { message: 'ok', data: { url } });
  });

  return { fetch, state, requests, issue };
}

type Tab = { client: HttpClient; tokens: StoredTokens; onRefreshFailed: Mock<(reason: string) => void> };

function openTab(options: {
  storage: KeyValueStorage;
  fetch: typeof fetch;
  clock: { now: number };
  lock?: LockFn;
  rotations?: RotationLedger;
  tokens: StoredTokens;
  whenReady?: () => Promise<void>;
}): Tab {
  const tab = { tokens: { ...options.tokens } } as Tab;
  tab.onRefreshFailed = vi.fn<(reason: string) => void>();
  const store = createTokenStore({
    storage: options.storage,
    sessionKey: Promise.resolve(SESSION_KEY),
    rotations: options.rotations,
    getTokens: () => tab.tokens,
    setTokens: (next) => {
      tab.tokens = { ...next };
    },
    whenReady: options.whenReady,
    onRefreshFailed: tab.onRefreshFailed,
  });
  tab.client = createHttpClient({
    baseUrl: BASE,
    tokens: store,
    fetch: options.fetch,
    now: () => options.clock.now,
    lock: options.lock ?? createMemoryLock(),
  });
  return tab;
}

function setup(accessLifetimeMs: number) {
  const clock = { now: START };
  const server = fakeServer(clock);
  const storage = memoryStorage();
  const issued = server.issue();
  const tokens = { token: jwt(clock.now + accessLifetimeMs), refreshToken: issued.refreshToken };
  // The short-lived access token is one the server knows.
  server.fetch.mockClear();
  const persisted = writePersistedTokens(storage, SESSION_KEY, tokens);
  return { clock, server, storage, tokens, persisted };
}

function knownToken(server: ReturnType<typeof fakeServer>, clock: { now: number }, lifetimeMs: number) {
  const { refreshToken } = server.issue();
  const token = jwt(clock.now + lifetimeMs);
  return { token, refreshToken };
}

describe('request validation (spec section 5)', () => {
  const { clock, server, storage, tokens, persisted } = setup(60_000);
  beforeAll(() => persisted);
  const tab = openTab({ storage, fetch: server.fetch, clock, tokens });

  it.each([
    [{}, 'Missing URL'],
    [{ url: '/x' }, 'Missing method'],
    [{ url: '/x', method: 'GET' }, 'Missing header type'],
    [
      { url: '/x', method: 'GET', headerType: 'cookie' },
      'Header type must be one of authorization,public,file',
    ],
  ])('%o → %s', async (config, message) => {
    await expect(tab.client.request(config)).rejects.toThrow(message);
    expect(server.fetch).not.toHaveBeenCalled();
  });
});

describe('header types', () => {
  it('public sends no credentials; authorization sends the bearer and JSON; file sends the bearer without a JSON content type', async () => {
    const clock = { now: START };
    const server = fakeServer(clock);
    const storage = memoryStorage();
    const tokens = server.issue();
    const tab = openTab({ storage, fetch: server.fetch, clock, tokens });

    await tab.client.request({ url: '/public', method: 'POST', headerType: 'public', body: { a: 1 } });
    await tab.client.request({
      url: '/private',
      method: 'POST',
      headerType: 'authorization',
      body: { a: 1 },
    });
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.txt');
    await tab.client.request({ url: '/upload', method: 'POST', headerType: 'file', body: form });

    const [publicCall, authCall, fileCall] = server.requests.map((request) => ({
      headers: new Headers(request.init.headers),
      init: request.init,
    }));
    expect(publicCall?.headers.get('authorization')).toBeNull();
    expect(publicCall?.init.credentials).toBe('omit');
    expect(authCall?.headers.get('authorization')).toBe(`Bearer ${tokens.token}`);
    expect(authCall?.headers.get('content-type')).toBe('application/json');
    expect(fileCall?.headers.get('authorization')).toBe(`Bearer ${tokens.token}`);
    expect(fileCall?.headers.get('content-type')).toBeNull();
    expect(fileCall?.init.body).toBe(form);
  });
});

describe('refresh before a request (5 s margin)', () => {
  it('refreshes first when the access token expires within 4 s', async () => {
    const clock = { now: START };
    const server = fakeServer(clock);
    const storage = memoryStorage();
    const tab = openTab({ storage, fetch: server.fetch, clock, tokens: knownToken(server, clock, 4_000) });
    const before = tab.tokens;

    await tab.client.request({ url: '/data', method: 'GET', headerType: 'authorization' });

    expect(server.state.refreshCalls).toBe(1);
    expect(server.requests[0]?.url).toBe(`${BASE}/auth/refresh`);
    expect(tab.tokens.token).not.toBe(before.token);
    expect(tab.tokens.refreshToken).not.toBe(before.refreshToken);
    // The rotated pair is also in the shared persisted entry for other tabs.
    expect(await readPersistedTokens(storage, SESSION_KEY)).toEqual(tab.tokens);
  });

  it('does not refresh when the access token expires in 6 s', async () => {
    const clock = { now: START };
    const server = fakeServer(clock);
    const tokens = server.issue();
    // Make the issued token expire in 6 s by moving the clock forward.
    clock.now = START + 15 * 60_000 - 6_000;
    const tab = openTab({ storage: memoryStorage(), fetch: server.fetch, clock, tokens });

    await tab.client.request({ url: '/data', method: 'GET', headerType: 'authorization' });

    expect(server.state.refreshCalls).toBe(0);
    expect(server.state.dataCalls).toBe(1);
  });

  it('waits for rehydration before reading the token', async () => {
    const clock = { now: START };
    const server = fakeServer(clock);
    let release: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tab = openTab({
      storage: memoryStorage(),
      fetch: server.fetch,
      clock,
      tokens: { token: null, refreshToken: null },
      whenReady: () => ready,
    });
    const pending = tab.client.request({ url: '/data', method: 'GET', headerType: 'authorization' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(server.fetch).not.toHaveBeenCalled();
    tab.tokens = server.issue();
    release();
    await expect(pending).resolves.toMatchObject({ status: 200 });
    expect(server.state.refreshCalls).toBe(0);
  });
});

describe('shared refresh', () => {
  it('concurrent requests share one in-flight refresh', async () => {
    const clock = { now: START };
    const server = fakeServer(clock);
    const tab = openTab({
      storage: memoryStorage(),
      fetch: server.fetch,
      clock,
      tokens: knownToken(server, clock, -1_000),
    });

    const results = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        tab.client.request({ url: `/data/${n}`, method: 'GET', headerType: 'authorization' }),
      ),
    );

    expect(results.map((result) => result.status)).toEqual([200, 200, 200, 200]);
    expect(server.state.refreshCalls).toBe(1);
    expect(server.state.familyRevoked).toBe(false);
  });
});

describe('401 handling', () => {
  it('a 401 triggers exactly one refresh and one retry', async () => {
    const clock = { now: START };
    const server = fakeServer(clock);
    const tab = openTab({ storage: memoryStorage(), fetch: server.fetch, clock, tokens: server.issue() });
    server.state.rejectNextData = 1;

    const result = await tab.client.request({ url: '/data', method: 'GET', headerType: 'authorization' });

    expect(result.status).toBe(200);
    expect(server.state.refreshCalls).toBe(1);
    expect(server.state.dataCalls).toBe(2);
  });

  it('a second 401 is passed on without another refresh', async () => {
    const clock = { now: START };
    const server = fakeServer(clock);
    const tab = openTab({ storage: memoryStorage(), fetch: server.fetch, clock, tokens: server.issue() });
    server.state.rejectNextData = 2;

    const error = await tab.client
      .request({ url: '/data', method: 'GET', headerType: 'authorization' })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(401);
    expect((error as HttpError).message).toBe('Token expired');
    expect(server.state.refreshCalls).toBe(1);
    expect(server.state.dataCalls).toBe(2);
    expect(tab.onRefreshFailed).not.toHaveBeenCalled();
  });

  it.each([
    '/auth/login',
    '/auth/verify-two-factor',
    '/auth/verify-backup-code',
    '/auth/resend-two-factor-code',
    '/auth/setup-two-factor',
    '/auth/verify-email',
    '/auth/resend-email-verification',
    '/auth/generate-two-factor-email-code',
    '/auth/verify-two-factor-email-code',
  ])('%s skips token handling: no refresh before it, its 401 passes through', async (url) => {
    const clock = { now: START };
    const server = fakeServer(clock);
    const tab = openTab({
      storage: memoryStorage(),
      fetch: server.fetch,
      clock,
      tokens: knownToken(server, clock, -60_000),
    });
    server.state.rejectNextData = 1;

    const error = await tab.client
      .request({ url, method: 'POST', headerType: 'authorization', body: {} })
      .catch((e: unknown) => e);

    expect((error as HttpError).status).toBe(401);
    expect(server.fetch).toHaveBeenCalledTimes(1);
    expect(server.state.refreshCalls).toBe(0);
  });
});

describe('failed refresh', () => {
  it('resets auth when the server refuses the refresh', async () => {
    const clock = { now: START };
    const server = fakeServer(clock);
    const tab = openTab({
      storage: memoryStorage(),
      fetch: server.fetch,
      clock,
      tokens: knownToken(server, clock, -1_000),
    });
    server.state.refreshFails = true;

    const error = await tab.client
      .request({ url: '/data', method: 'GET', headerType: 'authorization' })
      .catch((e: unknown) => e);

    expect((error as HttpError).status).toBe(401);
    expect(tab.onRefreshFailed).toHaveBeenCalledTimes(1);
    expect(server.state.dataCalls).toBe(0);
  });

  it("without a refresh token it does not call the server: 'Invalid refresh token'", async () => {
    const clock = { now: START };
    const server = fakeServer(clock);
    const tab = openTab({
      storage: memoryStorage(),
      fetch: server.fetch,
      clock,
      tokens: { token: jwt(clock.now - 1_000), refreshToken: null },
    });

    expect(await tab.client.refresh()).toBe(false);
    expect(tab.onRefreshFailed).toHaveBeenCalledWith('Invalid refresh token');
    expect(server.fetch).not.toHaveBeenCalled();
  });
});

/** Both tabs ask at once with an expired access token: both are answered, after one rotation, on one pair. */
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

describe('stream()', () => {
  it('asks for an event stream, refreshes on a 401 and answers the unread response of the retry', async () => {
    const clock = { now: START };
    const server = fakeServer(clock);
    const tab = openTab({ storage: memoryStorage(), fetch: server.fetch, clock, tokens: server.issue() });
    server.state.rejectNextData = 1;

    const response = await tab.client.stream({
      url: '/ai/chat/completion',
      method: 'POST',
      headerType: 'authorization',
      body: { input: 'hi' },
    });

    expect(server.state.refreshCalls).toBe(1);
    expect(server.state.dataCalls).toBe(2);
    const last = server.requests.at(-1);
    expect(new Headers(last?.init.headers).get('accept')).toBe('text/event-stream');
    expect(new Headers(last?.init.headers).get('authorization')).toBe(`Bearer ${tab.tokens.token}`);
    expect(response.bodyUsed).toBe(false);
    expect(await response.json()).toEqual({ message: 'ok', data: { url: `${BASE}/ai/chat/completion` } });
  });

  it('hands back a failed status instead of throwing, so the caller can report it', async () => {
    const clock = { now: START };
    const server = fakeServer(clock);
    const tab = openTab({ storage: memoryStorage(), fetch: server.fetch, clock, tokens: server.issue() });
    server.state.rejectNextData = 2;

    const response = await tab.client.stream({ url: '/ai/x', method: 'POST', headerType: 'authorization' });

    expect(response.status).toBe(401);
    expect(server.state.refreshCalls).toBe(1);
  });
});
