/** Reads a JWT payload without verifying it: the client only needs `exp` and `twoFactorAuthenticated`. */
export type TokenClaims = { exp?: number; iat?: number; sub?: string; twoFactorAuthenticated?: boolean };

/** Spec section 9: refresh when the access token expires within this margin. */
export const REFRESH_MARGIN_MS = 5_000;

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

export function decodeToken(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1]));
    if (!payload || typeof payload !== 'object') return null;
    return payload as TokenClaims;
  } catch {
    return null;
  }
}

/** Expiry in milliseconds, or null when the token cannot be decoded or carries no exp. */
export function tokenExpiresAt(token: string | null | undefined): number | null {
  const exp = decodeToken(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

/**
 * Spec section 5: a token is expired when it cannot be decoded or its exp is before now.
 * `marginMs` widens "now" (the request path uses 5 s; the guard and refresh-token checks use none).
 */
export function isTokenExpired(token: string | null | undefined, now: number, marginMs = 0): boolean {
  const expiresAt = tokenExpiresAt(token);
  if (expiresAt === null) return true;
  return expiresAt < now + marginMs;
}

/** True when `candidate` is a later access token than `current` (used to adopt another tab's tokens). */
export function isNewerToken(
  candidate: string | null | undefined,
  current: string | null | undefined,
): boolean {
  const a = tokenExpiresAt(candidate);
  if (a === null) return false;
  const b = tokenExpiresAt(current);
  if (b === null) return true;
  if (a !== b) return a > b;
  const ai = decodeToken(candidate)?.iat ?? 0;
  const bi = decodeToken(current)?.iat ?? 0;
  return ai > bi;
}
