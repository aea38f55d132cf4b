import { describe, expect, it } from 'vitest';
import { createHttpClient, HttpError, TIMEOUT_MESSAGE } from './http-client';
import type { TokenStore } from './token-store';

/** A server that never answers: the fetch settles only when its signal aborts. */
const hangingFetch = (async (_input: RequestInfo | URL, init?: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  })) as typeof fetch;

// Public calls never touch the tokens.
const client = (timeoutMs: number, fetch: typeof globalThis.fetch = hangingFetch) =>
  createHttpClient({
    baseUrl: '/api',
    tokens: {} as TokenStore,
    fetch,
    timeoutMs,
    lock: async (_n, fn) => fn(),
  });

describe('the request time-out', () => {
  it('fails a hung request with a clear message instead of spinning forever', async () => {
    const started = Date.now();
    const error = await client(50)
      .request({ url: '/explore/posts', method: 'GET', headerType: 'public' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ kind: 'timeout', status: 0, message: TIMEOUT_MESSAGE });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('leaves a caller’s own abort as an abort', async () => {
    const controller = new AbortController();
    const pending = client(5_000)
      .request({ url: '/x', method: 'GET', headerType: 'public', signal: controller.signal })
      .catch((e: unknown) => e);
    controller.abort();
    expect(await pending).toMatchObject({ kind: 'aborted' });
  });

  it('does not apply to streams, which may run for long', async () => {
    let resolve: (r: Response) => void = () => undefined;
    const slow = (async () => new Promise<Response>((r) => (resolve = r))) as unknown as typeof fetch;
    const stream = client(20, slow).stream({
      url: '/ai/chat/completion',
      method: 'POST',
      headerType: 'public',
    });
    await new Promise((r) => setTimeout(r, 80));
    resolve(new Response('data: [DONE]\n\n', { status: 200 }));
    expect((await stream).status).toBe(200);
  });
});
