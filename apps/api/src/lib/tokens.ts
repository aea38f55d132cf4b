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
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(userId: string, sessionId: string, twoFactorAuthenticated: boolean): Promise<string> {
    return new SignJWT({ twoFactorAuthenticated, sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.ttlSeconds)
      .sign(this.key);
  }

  async verify(token: string): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
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
