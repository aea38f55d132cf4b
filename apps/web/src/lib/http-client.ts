import { BUSY_RETRIES, busyRetryDelayMs, waitUnlessAborted } from './busy-retry';
import { REFRESH_MARGIN_MS, isNewerToken, isTokenExpired } from './jwt';
import { createBrowserLock } from './lock';
import type { LockFn } from './lock';
import type { TokenStore } from './token-store';
import { xhrUpload } from './xhr-upload';
import type { UploadProgressHandler } from './xhr-upload';

export const HEADER_TYPES = ['authorization', 'public', 'file'] as const;
export type HeaderType = (typeof HEADER_TYPES)[number];

// Kept with the token's reading, so the boot module can use it without this client (lib/early-requests.ts).
export { REFRESH_MARGIN_MS } from './jwt';
export const REFRESH_LOCK_NAME = 'liftoff-refresh';

/**
 * Spec section 7: these calls skip token handling and retry; their errors pass straight through.
 * (They still carry the bearer token when their header type asks for it.)
 */
export const SKIP_REFRESH_PATHS: ReadonlySet<string> = new Set([
  '/auth/login',
  '/auth/refresh',
  '/auth/verify-two-factor',
  '/auth/verify-backup-code',
  '/auth/resend-two-factor-code',
  '/auth/setup-two-factor',
  '/auth/verify-email',
  '/auth/resend-email-verification',
  '/auth/generate-two-factor-email-code',
  '/auth/verify-two-factor-email-code',
]);

export type QueryValue = string | number | boolean | null | undefined;

export type RequestConfig = {
  url?: string;
  method?: string;
  headerType?: string;
  /** A JSON value, or FormData for the file header type. */
  body?: unknown;
  params?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** 'stream' (only through `stream()`) leaves the body unread for the caller. */
  responseType?: 'json' | 'blob' | 'text' | 'stream';
  /** Reports upload progress (bytes sent, total); the request then goes through the upload transport. */
  onUploadProgress?: UploadProgressHandler;
};

/** A fetch that also reports upload progress (fetch cannot); the browser's is XMLHttpRequest-based. */
export type UploadTransport = (
  input: string,
  init: RequestInit,
  onUploadProgress: UploadProgressHandler,
) => Promise<Response>;

export type HttpResponse<T> = { status: number; data: T };

export type HttpErrorKind = 'http' | 'network' | 'aborted' | 'session' | 'timeout';

/** How long a request may wait for its answer unless the client is told otherwise. */
export const DEFAULT_TIMEOUT_MS = 30_000;
export const TIMEOUT_MESSAGE = 'The server took too long to answer. Check your connection and try again.';

export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly data: unknown,
    readonly kind: HttpErrorKind = 'http',
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export type HttpClientOptions = {
  baseUrl: string;
  tokens: TokenStore;
  fetch?: typeof fetch;
  now?: () => number;
  lock?: LockFn;
  /** Transport for requests with `onUploadProgress` (defaults to XMLHttpRequest). */
  upload?: UploadTransport;
  /**
   * A request with no answer by then fails with a clear message instead of spinning forever (default
   * DEFAULT_TIMEOUT_MS; 0 turns it off). Streams and uploads with progress are exempt: they legitimately
   * run for long, and show their own progress.
   */
  timeoutMs?: number;
  /** How a call answered "busy" waits before it is sent again (tests pass a clock of their own). */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
};

export type HttpClient = {
  request<T = unknown>(config: RequestConfig): Promise<HttpResponse<T>>;
  /**
   * The same token rules as `request` (refresh first, one refresh and retry on 401), but answers the raw
   * Response with its body unread, whatever its status, for the caller to stream (e.g. server-sent events).
   */
  stream(config: RequestConfig): Promise<Response>;
  /** Renews the tokens (shared in-flight, cross-tab safe). False when it failed and auth was reset. */
  refresh(): Promise<boolean>;
};

/** Throws the spec's validation messages (section 5) for an incomplete request. */
export function validateRequestConfig(config: RequestConfig): asserts config is RequestConfig & {
  url: string;
  method: string;
  headerType: HeaderType;
} {
  if (!config.url) throw new Error('Missing URL');
  if (!config.method) throw new Error('Missing method');
  if (!config.headerType) throw new Error('Missing header type');
  if (!(HEADER_TYPES as readonly string[]).includes(config.headerType)) {
    throw new Error(`Header type must be one of ${HEADER_TYPES.join(',')}`);
  }
}

export function skipsTokenHandling(url: string): boolean {
  const path = (url.split('?')[0] ?? url).replace(/\/+$/, '');
  return SKIP_REFRESH_PATHS.has(path);
}

function messageOf(data: unknown): string | undefined {
  if (data && typeof data === 'object' && 'message' in data) {
    const message = (data as { message: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return undefined;
}

function buildUrl(baseUrl: string, url: string, params?: Record<string, QueryValue>): string {
  const absolute = /^https?:\/\//.test(url) ? url : `${baseUrl}${url.startsWith('/') ? '' : '/'}${url}`;
  if (!params) return absolute;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const query = search.toString();
  if (!query) return absolute;
  return `${absolute}${absolute.includes('?') ? '&' : '?'}${query}`;
}

async function readBody(response: Response, responseType: RequestConfig['responseType']): Promise<unknown> {
  if (response.status === 204) return null;
  if (responseType === 'blob' && response.ok) return response.blob();
  const text = await response.text();
  if (!text) return null;
  const contentType = response.headers.get('content-type') ?? '';
  if (responseType === 'text' && response.ok) return text;
  if (contentType.includes('json') || /^[[{]/.test(text.trim())) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

class RefreshFailure extends Error {}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const now = options.now ?? (() => Date.now());
  const lock = options.lock ?? createBrowserLock();
  const upload = options.upload ?? xhrUpload;
  const { tokens, baseUrl } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const wait = options.wait ?? waitUnlessAborted;
  let inFlight: Promise<boolean> | null = null;

  async function send(config: RequestConfig & { url: string; method: string; headerType: HeaderType }) {
    const headers = new Headers(config.headers);
    const accept = { blob: '*/*', stream: 'text/event-stream' } as Record<string, string>;
    headers.set('Accept', accept[config.responseType ?? ''] ?? 'application/json');
    const isFormData = typeof FormData !== 'undefined' && config.body instanceof FormData;
    if (config.headerType !== 'file' && config.body !== undefined && !isFormData) {
      headers.set('Content-Type', 'application/json');
    }
    if (config.headerType !== 'public') {
      const { token } = tokens.read();
      if (token) headers.set('Authorization', `Bearer ${token}`);
    }
    let body: BodyInit | undefined;
    if (config.body !== undefined)
      body = isFormData ? (config.body as FormData) : JSON.stringify(config.body);
    // The time-out covers the whole exchange of a plain request: headers and body.
    const timed = timeoutMs > 0 && config.responseType !== 'stream' && !config.onUploadProgress;
    const timer = timed ? new AbortController() : null;
    const handle = timer ? setTimeout(() => timer.abort(), timeoutMs) : undefined;
    const signal =
      timer && config.signal
        ? AbortSignal.any([config.signal, timer.signal])
        : (timer?.signal ?? config.signal);
    try {
      const url = buildUrl(baseUrl, config.url, config.params);
      const init: RequestInit = {
        method: config.method.toUpperCase(),
        headers,
        body,
        signal,
        credentials: config.headerType === 'public' ? 'omit' : 'same-origin',
      };
      const response = config.onUploadProgress
        ? await upload(url, init, config.onUploadProgress)
        : await doFetch(url, init);
      if (config.responseType === 'stream') return { response, data: null };
      return { response, data: await readBody(response, config.responseType) };
    } catch (error) {
      if (timer?.signal.aborted && !config.signal?.aborted) {
        throw new HttpError(TIMEOUT_MESSAGE, 0, null, 'timeout');
      }
      if (error instanceof DOMException && error.name === 'AbortError') {
        throw new HttpError('The request was aborted', 0, null, 'aborted');
      }
      if (error instanceof HttpError) throw error;
      throw new HttpError('Network error — check your connection and try again.', 0, null, 'network');
    } finally {
      clearTimeout(handle);
    }
  }

  async function rotate(): Promise<boolean> {
    const seen = tokens.read();
    return lock(REFRESH_LOCK_NAME, async () => {
      // Another tab may have rotated while we waited for the lock. The ledger says so exactly; the shared entry
      // may not show it yet (decision 050), but also carries pairs the ledger never saw (a sign-in elsewhere).
      const mine = tokens.read();
      const successor = mine.refreshToken ? await tokens.successorOf(mine.refreshToken) : null;
      if (successor) tokens.adopt(successor);
      const shared = await tokens.readShared();
      const held = tokens.read();
      if (
        shared?.token &&
        shared.refreshToken &&
        shared.refreshToken !== held.refreshToken &&
        isNewerToken(shared.token, held.token)
      ) {
        tokens.adopt(shared);
      }
      const current = tokens.read();
      if (
        current.token &&
        current.token !== seen.token &&
        !isTokenExpired(current.token, now(), REFRESH_MARGIN_MS)
      ) {
        return true;
      }
      if (!current.refreshToken) throw new RefreshFailure('Invalid refresh token');
      let response: Response;
      let data: unknown;
      try {
        response = await doFetch(buildUrl(baseUrl, '/auth/refresh'), {
          method: 'POST',
          headers: {
            Accept: 'application/json',
            'Content-Type': 'application/json',
            Authorization: `Bearer ${current.refreshToken}`,
          },
          body: JSON.stringify({ refreshToken: current.refreshToken }),
          credentials: 'same-origin',
        });
        data = await readBody(response, 'json');
      } catch {
        throw new RefreshFailure('Token refresh failed');
      }
      const payload = (data as { data?: { accessToken?: unknown; refreshToken?: unknown } } | null)?.data;
      if (
        !response.ok ||
        typeof payload?.accessToken !== 'string' ||
        typeof payload.refreshToken !== 'string'
      ) {
        throw new RefreshFailure(messageOf(data) ?? 'Token refresh failed');
      }
      await tokens.write(
        { token: payload.accessToken, refreshToken: payload.refreshToken },
        current.refreshToken,
      );
      return true;
    });
  }

  function refresh(): Promise<boolean> {
    inFlight ??= rotate()
      .catch((error: unknown) => {
        tokens.onRefreshFailed(error instanceof Error ? error.message : 'Token refresh failed');
        return false;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  }

  function toError(status: number, data: unknown): HttpError {
    return new HttpError(messageOf(data) ?? `Request failed with status code ${status}`, status, data);
  }

  /** Token handling around one exchange: refresh first when needed, one refresh and retry on a 401. */
  async function exchangeWithTokens(config: RequestConfig) {
    validateRequestConfig(config);
    const needsToken = config.headerType !== 'public';
    const handlesTokens = needsToken && !skipsTokenHandling(config.url);
    if (needsToken) await tokens.whenReady();
    if (handlesTokens) {
      const { token } = tokens.read();
      if (!token || isTokenExpired(token, now(), REFRESH_MARGIN_MS)) {
        if (!(await refresh())) {
          throw new HttpError('Your session has ended. Please sign in again.', 401, null, 'session');
        }
      }
    }
    let { response, data } = await send(config);
    if (response.status === 401 && handlesTokens) {
      // One refresh and one retry; a second 401 is passed on.
      if (await refresh()) {
        if (config.responseType === 'stream') void response.body?.cancel().catch(() => undefined);
        ({ response, data } = await send(config));
      }
    }
    return { response, data };
  }

  /**
   * One call as the caller sees it: a busy answer is sent again after the wait the server asked for, each time
   * with the token rules (the wait can outlast the access token).
   */
  async function exchange(config: RequestConfig) {
    let { response, data } = await exchangeWithTokens(config);
    // An upload is not sent again by itself: its progress bar would start over with no word why.
    for (let retry = 0; retry < BUSY_RETRIES && !config.onUploadProgress; retry++) {
      const delay = busyRetryDelayMs(response);
      if (delay === null) break;
      if (config.responseType === 'stream') void response.body?.cancel().catch(() => undefined);
      try {
        await wait(delay, config.signal);
      } catch {
        throw new HttpError('The request was aborted', 0, null, 'aborted');
      }
      ({ response, data } = await exchangeWithTokens(config));
    }
    return { response, data };
  }

  async function request<T>(config: RequestConfig): Promise<HttpResponse<T>> {
    const { response, data } = await exchange(config);
    if (!response.ok) throw toError(response.status, data);
    return { status: response.status, data: data as T };
  }

  async function stream(config: RequestConfig): Promise<Response> {
    const { response } = await exchange({ ...config, responseType: 'stream' });
    return response;
  }

  return { request, stream, refresh };
}
