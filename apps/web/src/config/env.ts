/*
 * Read without a schema library: this module runs before the first screen, and zod is not first-load code
 * (the sign-in screen does without it; bench/first-load-js.mjs).
 */
export type Env = {
  /** Where the API answers, without a trailing slash. */
  VITE_API_BASE: string;
  /** Milliseconds a request may wait for its answer (streams and uploads exempt); 0 turns it off. */
  VITE_REQUEST_TIMEOUT_MS: number;
};

/** Parsed once at start; a bad variable stops the app with its name (architecture.md, convention 7). */
export function parseEnv(source: Record<string, unknown>): Env {
  const bad: string[] = [];

  let apiBase = '/api';
  const base = source.VITE_API_BASE;
  if (base !== undefined) {
    const trimmed = typeof base === 'string' ? base.trim() : '';
    if (trimmed) apiBase = trimmed;
    else bad.push('VITE_API_BASE');
  }

  let timeoutMs = 30_000;
  const timeout = source.VITE_REQUEST_TIMEOUT_MS;
  if (timeout !== undefined) {
    const value = Number(timeout);
    if (Number.isInteger(value) && value >= 0) timeoutMs = value;
    else bad.push('VITE_REQUEST_TIMEOUT_MS');
  }

  if (bad.length) throw new Error(`Invalid web configuration: ${bad.join(', ')}`);
  return { VITE_API_BASE: apiBase.replace(/\/+$/, ''), VITE_REQUEST_TIMEOUT_MS: timeoutMs };
}

export const env: Env = parseEnv({
  VITE_API_BASE: import.meta.env.VITE_API_BASE || undefined,
  VITE_REQUEST_TIMEOUT_MS: import.meta.env.VITE_REQUEST_TIMEOUT_MS || undefined,
});
