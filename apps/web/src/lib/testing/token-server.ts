import { vi } from 'vitest';
import type { Mock } from 'vitest';
import { createHttpClient } from '../http-client';
import type { HttpClient } from '../http-client';
import { createMemoryLock } from '../lock';
import type { LockFn } from '../lock';
import { writePersistedTokens } from '../persisted-auth';
import type { KeyValueStorage, StoredTokens } from '../persisted-auth';
import type { RotationLedger } from '../rotation-ledger';
import { generateSessionKey } from '../session-key';
import { createTokenStore } from '../token-store';
import { memoryStorage } from './memory-storage';

/*
 * The HTTP client's tests' world: a stand-in for the API's token rules, and "tabs" (a client with its own token
 * store) that share whatever storage, lock and ledger a test gives them.
 */

export const SESSION_KEY = await generateSessionKey();
export const BASE = '/api';
export const START = Date.UTC(2030, 0, 1);

function base64Url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

let serial = 0;
export function jwt(expMs: number): string {
  serial += 1;
  return `${base64Url({ alg: 'HS256' })}.${base64Url({ sub: 'u1', exp: Math.floor(expMs / 1000), iat: serial, twoFactorAuthenticated: false })}.sig${serial}`;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A stand-in for the API (outside the web app): rotates refresh tokens, revokes the whole family when a
 * rotated token comes back, and accepts access tokens it issued that have not expired.
 */
export function fakeServer(clock: { now: number }) {
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

export type Tab = {
  client: HttpClient;
  tokens: StoredTokens;
  onRefreshFailed: Mock<(reason: string) => void>;
};

export function openTab(options: {
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

export function setup(accessLifetimeMs: number) {
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

export function knownToken(
  server: ReturnType<typeof fakeServer>,
  clock: { now: number },
  lifetimeMs: number,
) {
  const { refreshToken } = server.issue();
  const token = jwt(clock.now + lifetimeMs);
  return { token, refreshToken };
}
