import { Secret, TOTP } from 'otpauth';
import { safeEqual } from '../../lib/tokens.js';

/** RFC 6238 as authenticator apps use it: HMAC-SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** One step of clock drift either way is accepted. */
const DRIFT_STEPS = 1;
/** Codes of up to this many earlier steps are recognised as expired (a clearer message than "wrong"). */
const EXPIRED_LOOKBACK_STEPS = 10;
const ISSUER = 'Liftoff';

/** A new 160-bit secret, base32 as authenticator apps expect it. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export function otpauthUrl(secret: string, accountName: string): string {
  return new TOTP({
    issuer: ISSUER,
    label: accountName,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  }).toString();
}

export const timeStep = (nowMs: number) => Math.floor(nowMs / 1000 / PERIOD_SECONDS);

function codeAt(secret: string, step: number): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
    timestamp: step * PERIOD_SECONDS * 1000,
  });
}

export type TotpMatch = { kind: 'valid'; step: number } | { kind: 'expired' } | { kind: 'wrong' };

/**
 * Which time step a code belongs to: within the drift window it is valid (the newest matching step wins,
 * so the caller's replay guard compares against it); a code of a recent earlier step is expired.
 */
export function matchTotp(secret: string, code: string, nowMs = Date.now()): TotpMatch {
  const current = timeStep(nowMs);
  for (let step = current + DRIFT_STEPS; step >= current - DRIFT_STEPS; step -= 1) {
    if (safeEqual(codeAt(secret, step), code)) return { kind: 'valid', step };
  }
  for (let step = current - DRIFT_STEPS - 1; step >= current - EXPIRED_LOOKBACK_STEPS; step -= 1) {
    if (safeEqual(codeAt(secret, step), code)) return { kind: 'expired' };
  }
  return { kind: 'wrong' };
}
