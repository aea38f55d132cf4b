import {
  createHash,
  createHmac,
  createSecretKey,
  type KeyObject,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import { SignJWT } from 'jose';
import { AppError } from './errors.js';

export interface AccessClaims {
  sub: string;
  /** The refresh-token family (the session) this access token belongs to. */
  sid: string;
  twoFactorAuthenticated: boolean;
  exp: number;
  iat: number;
}

const invalid = () => new AppError(401, 'TOKEN_INVALID', 'Your session is not valid. Please sign in again.');
const expired = () => new AppError(401, 'TOKEN_EXPIRED', 'Your session has expired. Please sign in again.');
const decodeJson = (part: string): unknown => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** How many checked tokens `verify` remembers: a few hours of sign-ins for a busy process, a few MB at most. */
const CHECKED_TOKENS_KEPT = 10_000;

export class AccessTokens {
  // Imported once for signing: handing jose the raw secret makes it import the key again on every call.
  private readonly signingKey: Promise<CryptoKey>;
  // The same for checking: createHmac with a string secret builds a key from it on every call.
  private readonly verifyingKey: KeyObject;
  /**
   * Tokens whose signature and claims have been checked, with their claims. A token is the same string on
   * every call its holder makes for its lifetime, and whether it is well signed never changes; only its expiry
   * does, which is checked on every call. Only a token that passed the check gets in, so nothing forged does.
   */
  private readonly checked = new Map<string, Readonly<AccessClaims>>();
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.verifyingKey = createSecretKey(Buffer.from(secret, 'utf8'));
    this.signingKey = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
  }

  async sign(userId: string, sessionId: string, twoFactorAuthenticated: boolean): Promise<string> {
    return new SignJWT({ twoFactorAuthenticated, sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.ttlSeconds)
      .sign(await this.signingKey);
  }

  /**
   * Checks an access token: HS256 only, signed with our secret, unexpired, with the claims Liftoff issues.
   *
   * Every signed-in request checks one, so this is a synchronous HMAC with node:crypto: Web Crypto's verify
   * (what jose uses) runs on libuv's thread pool, and waking a pool thread cost a third of a millisecond per
   * request on a quiet machine (decision 003). A token seen before skips the HMAC and the parsing.
   */
  verify(token: string): Readonly<AccessClaims> {
    const known = this.checked.get(token);
    if (known) {
      if (known.exp > Math.floor(Date.now() / 1000)) return known;
      this.checked.delete(token);
      throw expired();
    }
    const claims = Object.freeze(this.check(token));
    // The oldest checked token makes room: a Map iterates in insertion order.
    if (this.checked.size >= CHECKED_TOKENS_KEPT) this.checked.delete(this.checked.keys().next().value!);
    this.checked.set(token, claims);
    return claims;
  }

  private check(token: string): AccessClaims {
    const parts = token.split('.');
    if (parts.length !== 3) throw invalid();
    const [header, payload, signature] = parts as [string, string, string];
    const expected = createHmac('sha256', this.verifyingKey)
      .update(`${header}.${payload}`)
      .digest('base64url');
    if (!safeEqual(signature, expected)) throw invalid();
    let head: unknown;
    let claims: unknown;
    try {
      head = decodeJson(header);
      claims = decodeJson(payload);
    } catch {
      throw invalid();
    }
    if (!isObject(head) || head.alg !== 'HS256' || !isObject(claims)) throw invalid();
    const { sub, sid, twoFactorAuthenticated, exp, iat } = claims;
    if (
      typeof sub !== 'string' ||
      typeof sid !== 'string' ||
      typeof twoFactorAuthenticated !== 'boolean' ||
      typeof exp !== 'number' ||
      typeof iat !== 'number'
    )
      throw invalid();
    if (exp <= Math.floor(Date.now() / 1000)) throw expired();
    return { sub, sid, twoFactorAuthenticated, exp, iat };
  }
}

/** An opaque secret with 256 bits of randomness; only its hash is stored. */
export const randomToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Short codes (6 digits) are keyed with a server secret so a leaked table cannot be brute-forced offline. */
export const keyedHash = (secret: string, value: string) =>
  createHmac('sha256', secret).update(value).digest('hex');
export const sixDigitCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
