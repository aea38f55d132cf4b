import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from './errors.js';

export interface AccessClaims {
  sub: string;
  /** The refresh-token family (the session) this access token belongs to. */
  sid: string;
  twoFactorAuthenticated: boolean;
  exp: number;
  iat: number;
}

export class AccessTokens {
  // Imported once: handing jose the raw secret makes it import the key again on every call, which more than
  // triples the cost of checking a token (and every signed-in request checks one).
  private readonly key: Promise<CryptoKey>;
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async sign(userId: string, sessionId: string, twoFactorAuthenticated: boolean): Promise<string> {
    return new SignJWT({ twoFactorAuthenticated, sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.ttlSeconds)
      .sign(await this.key);
  }

  async verify(token: string): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'] });
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.twoFactorAuthenticated !== 'boolean' ||
        typeof payload.sid !== 'string'
      )
        throw new Error('claims');
      return payload as unknown as AccessClaims;
    } catch (error) {
      if (error instanceof errors.JWTExpired)
        throw new AppError(401, 'TOKEN_EXPIRED', 'Your session has expired. Please sign in again.');
      throw new AppError(401, 'TOKEN_INVALID', 'Your session is not valid. Please sign in again.');
    }
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
