import { afterEach, expect, it, vi } from 'vitest';
import { flagsApi } from '../features/flags/api';
import { forgetEarlyRequests, sendEarlyRequests } from '../lib/early-requests';
import { REFRESH_MARGIN_MS } from '../lib/jwt';
import { writePersistedTokens } from '../lib/persisted-auth';
import { generateSessionKey } from '../lib/session-key';
import { createAppStore } from './store';

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
const TOKEN = `${b64({ alg: 'HS256' })}.${b64({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;

afterEach(() => {
  forgetEarlyRequests();
  window.localStorage.clear();
});

it("hands the app's store the answer the boot module's request has under way, instead of asking again", async () => {
  const sessionKey = generateSessionKey();
  await writePersistedTokens(window.localStorage, await sessionKey, {
    token: TOKEN,
    refreshToken: 'refresh-1',
  });
  const fetch = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify({ message: 'ok', data: [{ key: 'coach', enabled: true }] }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  const flagRequests = () => fetch.mock.calls.filter(([url]) => url === '/api/feature-flags');
  await sendEarlyRequests({
    storage: window.localStorage,
    sessionKey,
    urls: ['/api/feature-flags'],
    expiryMarginMs: REFRESH_MARGIN_MS,
    fetch,
  });
  expect(flagRequests()).toHaveLength(1);

  const app = createAppStore({ storage: window.localStorage, sessionKey, fetch });
  await app.whenReady();
  // The store's own session, sealed the same way: its client sends the same token.
  app.store.dispatch({ type: 'auth/tokensReplaced', payload: { token: TOKEN, refreshToken: 'refresh-1' } });
  const flags = await app.store.dispatch(flagsApi.endpoints.featureFlags.initiate());
  expect(flags.data).toEqual([{ key: 'coach', enabled: true }]);
  expect(flagRequests()).toHaveLength(1);
  // Taken once: fetched again, the flags come from the network.
  await app.store.dispatch(flagsApi.endpoints.featureFlags.initiate(undefined, { forceRefetch: true }));
  expect(flagRequests()).toHaveLength(2);
});
