import { describe, expect, it } from 'vitest';
import { busyRetryDelayMs } from './busy-retry';
import { createHttpClient, HttpError } from './http-client';
import type { StoredTokens } from './persisted-auth';
import type { TokenStore } from './token-store';

const BUSY = { message: 'Liftoff is very busy right now. Try again in a moment.', code: 'SERVER_BUSY' };
const busy = (retryAfter: string | null = '1') =>
  new Response(JSON.stringify(BUSY), {
    status: 503,
    headers: { 'content-type': 'application/json', ...(retryAfter ? { 'retry-after': retryAfter } : {}) },
  });
const ok = () =>
  new Response(JSON.stringify({ data: { title: 'Week one' } }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/** A server that answers each call with the next of `answers`; counts what it was sent. */
function server(...answers: Array<() => Response>) {
  const sent: Array<{ method: string; body: unknown }> = [];
  const fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ method: init?.method ?? 'GET', body: init?.body });
    const next = answers[Math.min(sent.length - 1, answers.length - 1)]!;
    return next();
  }) as typeof globalThis.fetch;
  return { fetch, sent };
}

function client(fetch: typeof globalThis.fetch, waits: number[] = []) {
  return createHttpClient({
    baseUrl: '/api',
    tokens: {} as TokenStore,
    fetch,
    lock: async (_n, fn) => fn(),
    wait: async (ms, signal) => {
      waits.push(ms);
      if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    },
  });
}

describe('a call the server was too busy to take', () => {
  it('is sent again after the Retry-After the server asked for, and the founder gets the answer', async () => {
    const api = server(busy, ok);
    const waits: number[] = [];
    const res = await client(api.fetch, waits).request({
      url: '/programs/current',
      method: 'GET',
      headerType: 'public',
    });
    expect(res).toEqual({ status: 200, data: { data: { title: 'Week one' } } });
    expect(api.sent).toHaveLength(2);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(1000);
    expect(waits[0]).toBeLessThanOrEqual(1334);
  });

  it('sends a POST again too, with the same body: the server did nothing with a busy call', async () => {
    const api = server(busy, ok);
    await client(api.fetch).request({
      url: '/feedback',
      method: 'POST',
      headerType: 'public',
      body: { text: 'hello' },
    });
    expect(api.sent.map((s) => s.method)).toEqual(['POST', 'POST']);
    expect(api.sent[1]!.body).toBe(api.sent[0]!.body);
  });

  it('gives up after two more tries and shows the server’s own message', async () => {
    const api = server(busy);
    const error = await client(api.fetch)
      .request({ url: '/programs/current', method: 'GET', headerType: 'public' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 503, message: BUSY.message });
    expect(api.sent).toHaveLength(3);
  });

  it('passes a 503 without Retry-After on at once (a database down, a proxy with no instance left)', async () => {
    const api = server(() => busy(null));
    const error = await client(api.fetch)
      .request({ url: '/health', method: 'GET', headerType: 'public' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503 });
    expect(api.sent).toHaveLength(1);
  });

  it('stops waiting when the founder leaves: an abort during the wait sends nothing more', async () => {
    const api = server(busy, ok);
    const controller = new AbortController();
    controller.abort();
    const error = await client(api.fetch)
      .request({ url: '/programs/current', method: 'GET', headerType: 'public', signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'aborted' });
    expect(api.sent.length).toBeLessThanOrEqual(1);
  });

  it('refreshes an access token that ran out during the wait before sending the call again', async () => {
    const clock = { now: Date.UTC(2030, 0, 1) };
    const token = (expMs: number, n: number) =>
      `${btoa(JSON.stringify({ alg: 'HS256' }))}.${btoa(JSON.stringify({ sub: 'u1', exp: Math.floor(expMs / 1000), iat: n }))}.sig${n}`;
    let stored: StoredTokens = { token: token(clock.now + 8_000, 1), refreshToken: 'rt-1' };
    const sent: Array<{ url: string; authorization: string | null }> = [];
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      sent.push({ url, authorization: new Headers(init?.headers).get('Authorization') });
      if (url.endsWith('/auth/refresh'))
        return new Response(
          JSON.stringify({ data: { accessToken: token(clock.now + 900_000, 2), refreshToken: 'rt-2' } }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        );
      return sent.length === 1 ? busy('4') : ok();
    }) as typeof globalThis.fetch;
    const tokens: TokenStore = {
      read: () => stored,
      write: async (next) => void (stored = next),
      readShared: async () => null,
      successorOf: async () => null,
      adopt: (next) => void (stored = next),
      whenReady: () => Promise.resolve(),
      onRefreshFailed: () => undefined,
    };
    const res = await createHttpClient({
      baseUrl: '/api',
      tokens,
      fetch,
      now: () => clock.now,
      lock: async (_n, fn) => fn(),
      wait: async (ms) => void (clock.now += ms),
    }).request({ url: '/programs/current', method: 'GET', headerType: 'authorization' });
    expect(res.status).toBe(200);
    expect(sent.map((s) => s.url)).toEqual([
      '/api/programs/current',
      '/api/auth/refresh',
      '/api/programs/current',
    ]);
    expect(sent[2]!.authorization).toBe(`Bearer ${stored.token}`);
    expect(stored.refreshToken).toBe('rt-2');
  });

  it('does not wait for a server that asks for longer than a few seconds', () => {
    expect(busyRetryDelayMs(busy('30'))).toBeNull();
    expect(busyRetryDelayMs(busy('soon'))).toBeNull();
    expect(busyRetryDelayMs(busy('2'), () => 0)).toBe(2000);
    expect(busyRetryDelayMs(ok())).toBeNull();
  });
});
