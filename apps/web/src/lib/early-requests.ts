import { isTokenExpired } from './jwt';
import { readPersistedTokens } from './persisted-auth';
import type { KeyValueStorage } from './persisted-auth';

/*
 * The first screen's data, asked for by the boot module (main.tsx) while the app's code is still on its way.
 * Before, the requests left only once that code had arrived, run, and restored the saved session: on a phone's
 * connection the page then waited for its data after waiting for its code. Each early request is exactly the
 * request the app's HTTP client would send (same address, same headers, the saved token): when the client asks
 * for it, it gets the answer already under way instead of a second request (`fetchTakingEarlyAnswers`), and
 * treats it as its own (a 401 still refreshes and retries). An answer nobody asks for is dropped.
 */

/** Must match what lib/http-client sends on a plain GET, or the app will not recognise its own request. */
const ACCEPT = 'application/json';
/** An early answer is for the start only: taken later, it could be older than what the founder just did. */
const FRESH_FOR_MS = 15_000;

type EarlyRequest = { url: string; authorization: string; sentAt: number; answer: Promise<Response> };

let early: EarlyRequest[] = [];

export type EarlyRequestOptions = {
  storage: KeyValueStorage;
  sessionKey: Promise<CryptoKey>;
  /** Addresses as the HTTP client builds them (the API base included). */
  urls: readonly string[];
  /** Tokens this close to expiry are refreshed by the app first; an early request would only be refused. */
  expiryMarginMs: number;
  fetch?: typeof fetch;
  now?: () => number;
};

/** Sends the early requests with the saved session's token; nothing when there is none or it has expired. */
export async function sendEarlyRequests(options: EarlyRequestOptions): Promise<void> {
  const now = options.now ?? Date.now;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const tokens = await readPersistedTokens(options.storage, await options.sessionKey).catch(() => null);
  const token = tokens?.token;
  if (!token || isTokenExpired(token, now(), options.expiryMarginMs)) return;
  const authorization = `Bearer ${token}`;
  for (const url of options.urls) {
    const answer = doFetch(url, {
      method: 'GET',
      headers: { Accept: ACCEPT, Authorization: authorization },
      credentials: 'same-origin',
    });
    // Nobody may ever take it: a failure must not surface as an unhandled rejection.
    answer.catch(() => undefined);
    early.push({ url, authorization, sentAt: now(), answer });
  }
}

/** The early answer to exactly this request, taken once; undefined when there is none to take. */
function takeEarlyAnswer(
  url: string,
  init: RequestInit | undefined,
  now: number = Date.now(),
): Promise<Response> | undefined {
  early = early.filter((request) => now - request.sentAt < FRESH_FOR_MS);
  if ((init?.method ?? 'GET').toUpperCase() !== 'GET' || init?.body != null) return undefined;
  const headers = new Headers(init?.headers);
  if (headers.get('Accept') !== ACCEPT) return undefined;
  const index = early.findIndex(
    (request) => request.url === url && request.authorization === headers.get('Authorization'),
  );
  if (index < 0) return undefined;
  const [request] = early.splice(index, 1);
  return request?.answer;
}

/**
 * `fetch` for the app's HTTP client: an early answer to the same request when there is one, else the network.
 * The client's abort signal (its time-out, a screen leaving) still ends the wait; an early request that failed is
 * sent again, as if it had not been sent early.
 */
export function fetchTakingEarlyAnswers(
  fetchFromNetwork: typeof fetch = (input, init) => fetch(input, init),
) {
  return (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const answer = typeof input === 'string' ? takeEarlyAnswer(input, init) : undefined;
    if (!answer) return fetchFromNetwork(input, init);
    const signal = init?.signal;
    return new Promise<Response>((resolve, reject) => {
      const abort = () => reject(signal?.reason ?? new DOMException('The request was aborted', 'AbortError'));
      if (signal?.aborted) return abort();
      signal?.addEventListener('abort', abort, { once: true });
      answer
        .catch(() => fetchFromNetwork(input, init))
        .then(resolve, reject)
        .finally(() => signal?.removeEventListener('abort', abort));
    });
  };
}

/** Forgets every early request (tests; a sign-out needs nothing, the token would no longer match). */
export function forgetEarlyRequests(): void {
  early = [];
}
