import { beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from './http-client';
import { readPersistedTokens } from './persisted-auth';
import { memoryStorage } from './testing/memory-storage';
import {
  BASE,
  fakeServer,
  jwt,
  knownToken,
  openTab,
  SESSION_KEY,
  setup,
  START,
} from './testing/token-server';

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
