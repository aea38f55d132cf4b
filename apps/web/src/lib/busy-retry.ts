/**
 * An overloaded API answers a call it could not take in time with 503 and `Retry-After`, before doing anything
 * with it (api/plugins/admission.ts), so sending the same call again is safe whatever its method. The client
 * does so by itself a couple of times, so a founder on a busy day sees a slower answer rather than an error.
 * The API answers the same way while its database is out of reach (`DATABASE_UNAVAILABLE`, api/plugins/errors.ts):
 * the call's transaction never committed, so it is sent again alike, riding out a database restart.
 * A 503 without `Retry-After` (a proxy with no instance left) is passed on at once.
 */
export const BUSY_RETRIES = 2;
/** A server asking for longer than this is not waited for: the founder gets its message and the retry button. */
const LONGEST_BUSY_WAIT_MS = 5_000;

/** How long to wait before sending a call again that was answered `response`; null when it must not be. */
export function busyRetryDelayMs(response: Response, random: () => number = Math.random): number | null {
  if (response.status !== 503) return null;
  const seconds = Number(response.headers.get('Retry-After') ?? '');
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds * 1000 > LONGEST_BUSY_WAIT_MS) return null;
  // Up to a third more, so the callers a busy moment turned away do not all come back in the same instant.
  return Math.round(seconds * 1000 * (1 + random() / 3));
}

/** Resolves after `ms`, or rejects with an AbortError as soon as `signal` aborts. */
export function waitUnlessAborted(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => reject(new DOMException('The request was aborted', 'AbortError'));
    if (signal?.aborted) return aborted();
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      aborted();
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
