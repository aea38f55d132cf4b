import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from './http-client';
import type { UploadTransport } from './http-client';
import { createMemoryLock } from './lock';
import { generateSessionKey } from './session-key';
import { createTokenStore } from './token-store';

const b64 = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (expSeconds: number, n: number) =>
  `${b64({ alg: 'HS256' })}.${b64({ sub: 'u1', exp: expSeconds, iat: n, twoFactorAuthenticated: false })}.sig${n}`;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(upload: UploadTransport, fetchImpl: typeof fetch) {
  const now = Date.UTC(2030, 0, 1);
  let tokens = { token: jwt(now / 1000 + 900, 1), refreshToken: 'rt-1' };
  const map = new Map<string, string>();
  const store = createTokenStore({
    storage: {
      getItem: (k) => map.get(k) ?? null,
      setItem: (k, v) => void map.set(k, v),
      removeItem: (k) => void map.delete(k),
    },
    sessionKey: generateSessionKey(),
    getTokens: () => tokens,
    setTokens: (next) => {
      tokens = { token: next.token ?? '', refreshToken: next.refreshToken ?? '' };
    },
    onRefreshFailed: vi.fn(),
  });
  const client = createHttpClient({
    baseUrl: '/api',
    tokens: store,
    fetch: fetchImpl,
    upload,
    now: () => now,
    lock: createMemoryLock(),
  });
  return { client, tokens: () => tokens, now };
}

describe('upload progress', () => {
  it('sends a file request through the upload transport with the bearer token and no JSON type', async () => {
    const upload = vi.fn<UploadTransport>(async (_url, _init, onProgress) => {
      onProgress(50, 100);
      onProgress(100, 100);
      return json(201, { message: 'File uploaded successfully.', data: { id: 'a1' } });
    });
    const fetchImpl = vi.fn();
    const { client, tokens } = setup(upload, fetchImpl as unknown as typeof fetch);
    const progress: number[] = [];
    const body = new FormData();
    body.append('file', new Blob(['%PDF-1.4']), 'a.pdf');

    const response = await client.request({
      url: '/userMission/m1/attachments',
      method: 'POST',
      headerType: 'file',
      body,
      onUploadProgress: (loaded, total) => progress.push(loaded / total),
    });

    expect(response).toEqual({
      status: 201,
      data: { message: 'File uploaded successfully.', data: { id: 'a1' } },
    });
    expect(progress).toEqual([0.5, 1]);
    expect(fetchImpl).not.toHaveBeenCalled();
    const [url, init] = upload.mock.calls[0]!;
    expect(url).toBe('/api/userMission/m1/attachments');
    const headers = new Headers(init.headers);
    expect(headers.get('authorization')).toBe(`Bearer ${tokens().token}`);
    expect(headers.get('content-type')).toBeNull();
    expect(init.body).toBe(body);
  });

  it('keeps the refresh-once-and-retry rule for uploads', async () => {
    const upload = vi
      .fn<UploadTransport>()
      .mockResolvedValueOnce(json(401, { message: 'Token expired', statusCode: 401, code: 'TOKEN_EXPIRED' }))
      .mockResolvedValueOnce(json(201, { message: 'ok', data: {} }));
    let setupNow = 0;
    const fetchImpl = vi.fn(async () =>
      json(200, {
        message: 'ok',
        data: { accessToken: jwt(setupNow / 1000 + 900, 2), refreshToken: 'rt-2' },
      }),
    );
    const { client, tokens, now } = setup(upload, fetchImpl as unknown as typeof fetch);
    setupNow = now;

    const response = await client.request({
      url: '/userMission/m1/attachments',
      method: 'POST',
      headerType: 'file',
      body: new FormData(),
      onUploadProgress: () => undefined,
    });

    expect(response.status).toBe(201);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(upload).toHaveBeenCalledTimes(2);
    expect(new Headers(upload.mock.calls[1]![1].headers).get('authorization')).toBe(
      `Bearer ${tokens().token}`,
    );
    expect(tokens().refreshToken).toBe('rt-2');
  });
});
