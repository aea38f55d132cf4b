import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError, tooManyRequests } from '../../lib/errors.js';
import { openSecret } from '../../lib/secret-box.js';
import { keyedHash, safeEqual } from '../../lib/tokens.js';
import type { Limiter } from '../../plugins/rate-limit.js';
import { codesRepository, refreshTokensRepository, usersRepository } from './repository.js';
import { matchTotp } from './totp.js';

/** Wrong codes one challenge (a sign-in, a setup, an e-mailed code) takes before it ends. */
export const CHALLENGE_MAX_ATTEMPTS = 5;
export const ACCOUNT_WINDOW_SECONDS = 15 * 60;

/** Something a wrong code counts against; after CHALLENGE_MAX_ATTEMPTS wrong codes it ends. */
export interface Challenge {
  attempts(): Promise<number>;
  addAttempt(): Promise<number>;
  end(): Promise<void>;
  endedMessage: string;
}

const codeDetail = (message: string) => [{ path: 'code', message }];
const triesLeft = (left: number) => `${left} ${left === 1 ? 'try' : 'tries'} left.`;

export const setupKey = (userId: string) => `2fa-setup:${userId}`;
export const signInKey = (sessionId: string) => `2fa-sign-in:${sessionId}`;

/**
 * The checks of a second-factor code: TOTP or e-mailed codes against their challenge (5 wrong codes end it) and
 * the account (ACCOUNT_RATE_LIMIT_PER_15_MINUTES wrong codes per 15 minutes, then 429).
 */
export function createSecondFactorChecks(deps: { db: Db; config: Config; limiter: Limiter }) {
  const { db, config, limiter } = deps;
  const codeHash = (code: string) => keyedHash(config.JWT_SECRET, code);
  const accountKey = (userId: string) => `2fa:${userId}`;
  const challengeWindowSeconds = config.REFRESH_TOKEN_TTL_DAYS * 86_400;

  /** At most ACCOUNT_RATE_LIMIT_PER_15_MINUTES wrong codes per account across every second-factor call. */
  async function guardAccount(userId: string) {
    const { count, retryAfterSeconds } = await limiter.count(accountKey(userId));
    if (count >= config.ACCOUNT_RATE_LIMIT_PER_15_MINUTES) {
      throw tooManyRequests(
        retryAfterSeconds,
        `Too many wrong codes. Try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minutes.`,
      );
    }
  }

  async function refuseEnded(challenge: Challenge) {
    if ((await challenge.attempts()) >= CHALLENGE_MAX_ATTEMPTS) {
      throw new AppError(400, 'CODE_ATTEMPTS_EXCEEDED', challenge.endedMessage, codeDetail('Too many tries'));
    }
  }

  /** Counts a wrong code against the account and the challenge, ends the challenge on its last try. */
  async function wrongCode(
    userId: string,
    challenge: Challenge,
    kind: 'wrong' | 'expired' | 'used' | 'backup',
  ): Promise<never> {
    await limiter.hit(accountKey(userId), config.ACCOUNT_RATE_LIMIT_PER_15_MINUTES, ACCOUNT_WINDOW_SECONDS);
    const left = CHALLENGE_MAX_ATTEMPTS - (await challenge.addAttempt());
    if (left <= 0) {
      await challenge.end();
      throw new AppError(400, 'CODE_ATTEMPTS_EXCEEDED', challenge.endedMessage, codeDetail('Too many tries'));
    }
    switch (kind) {
      case 'expired':
        throw new AppError(
          400,
          'CODE_EXPIRED',
          `This code has expired. Enter the code your app shows now. ${triesLeft(left)}`,
          codeDetail('Expired'),
        );
      case 'used':
        throw new AppError(
          400,
          'CODE_INVALID',
          `This code was already used. Wait for the next code in your app. ${triesLeft(left)}`,
          codeDetail('Already used'),
        );
      case 'backup':
        throw new AppError(
          400,
          'CODE_INVALID',
          `That backup code is not right or was already used. ${triesLeft(left)}`,
          codeDetail('Wrong or used code'),
        );
      default:
        throw new AppError(
          400,
          'CODE_INVALID',
          `That code is not right. ${triesLeft(left)}`,
          codeDetail('Wrong code'),
        );
    }
  }

  /** The second step of one sign-in (a session still waiting for its second factor). */
  function signInChallenge(sessionId: string): Challenge {
    const key = signInKey(sessionId);
    return {
      attempts: async () => (await limiter.count(key)).count,
      addAttempt: async () => (await limiter.hit(key, CHALLENGE_MAX_ATTEMPTS, challengeWindowSeconds)).count,
      // The sign-in is over: its session is revoked and the user starts again with the password.
      end: () => refreshTokensRepository(db).revokeFamily(sessionId),
      endedMessage: 'Too many wrong codes. Please sign in again.',
    };
  }

  function setupChallenge(userId: string): Challenge {
    const key = setupKey(userId);
    return {
      attempts: async () => (await limiter.count(key)).count,
      addAttempt: async () => (await limiter.hit(key, CHALLENGE_MAX_ATTEMPTS, challengeWindowSeconds)).count,
      end: async () => {
        await usersRepository(db).update(userId, {
          twoFactorPendingMethod: null,
          twoFactorPendingSecret: null,
        });
        await limiter.reset(key);
      },
      endedMessage: 'Too many wrong codes. Start the two-step verification setup again.',
    };
  }

  /** Checks a TOTP code (drift ±1 step) and records its step, so the same code is never accepted twice. */
  async function checkTotp(userId: string, sealedSecret: string, code: string, challenge: Challenge) {
    await refuseEnded(challenge);
    const match = matchTotp(openSecret(config.ENCRYPTION_KEY, sealedSecret), code);
    if (match.kind === 'wrong') await wrongCode(userId, challenge, 'wrong');
    if (match.kind === 'expired') await wrongCode(userId, challenge, 'expired');
    if (match.kind === 'valid' && !(await usersRepository(db).acceptTotpStep(userId, match.step))) {
      await wrongCode(userId, challenge, 'used');
    }
  }

  /** Checks the open e-mailed code (its own challenge); answers its id for the transaction to consume. */
  async function checkEmailCode(userId: string, code: string): Promise<string> {
    const codes = codesRepository(db);
    const open = await codes.latestOpen(userId, 'TWO_FACTOR_EMAIL');
    if (!open)
      throw new AppError(
        400,
        'CODE_EXPIRED',
        'There is no code waiting. Request a new code.',
        codeDetail('No code'),
      );
    if (open.expiresAt <= new Date()) {
      throw new AppError(
        400,
        'CODE_EXPIRED',
        'This code has expired. Request a new code.',
        codeDetail('Expired'),
      );
    }
    const challenge: Challenge = {
      attempts: async () => open.attempts,
      addAttempt: async () => (await codes.addAttempt(open.id)) ?? CHALLENGE_MAX_ATTEMPTS,
      end: () => codes.closeAll(userId, 'TWO_FACTOR_EMAIL'),
      endedMessage: 'Too many wrong codes. Request a new code.',
    };
    await refuseEnded(challenge);
    if (!safeEqual(open.codeHash, codeHash(code))) await wrongCode(userId, challenge, 'wrong');
    return open.id;
  }

  const usedCode = () =>
    new AppError(400, 'CODE_EXPIRED', 'This code was already used. Request a new code.', codeDetail('Used'));

  return {
    codeHash,
    guardAccount,
    refuseEnded,
    wrongCode,
    signInChallenge,
    setupChallenge,
    checkTotp,
    checkEmailCode,
    usedCode,
  };
}
