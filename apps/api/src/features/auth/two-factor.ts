import type {
  Session,
  SetupTwoFactorResult,
  TwoFactorMethod,
  User,
  VerifyTwoFactorResult,
} from '@liftoff/contracts/auth';
import { BACKUP_CODE_COUNT } from '@liftoff/contracts/auth';
import { randomInt } from 'node:crypto';
import QRCode from 'qrcode';
import type { Config } from '../../config.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, notFound, tooManyRequests } from '../../lib/errors.js';
import { openSecret, sealSecret } from '../../lib/secret-box.js';
import { keyedHash, safeEqual, sixDigitCode } from '../../lib/tokens.js';
import type { Principal } from '../../plugins/auth-guard.js';
import type { Mailer } from '../../plugins/mail.js';
import type { Limiter } from '../../plugins/rate-limit.js';
import { mailCooldown } from './mail-cooldown.js';
import { authMails } from './mails.js';
import {
  backupCodesRepository,
  codesRepository,
  refreshTokensRepository,
  toUser,
  usersRepository,
} from './repository.js';
import { matchTotp, newTotpSecret, otpauthUrl } from './totp.js';

const EMAIL_CODE_TTL_SECONDS = 10 * 60;
const RESEND_COOLDOWN_SECONDS = 60;
/** Wrong codes one challenge (a sign-in, a setup, an e-mailed code) takes before it ends. */
export const CHALLENGE_MAX_ATTEMPTS = 5;
const ACCOUNT_WINDOW_SECONDS = 15 * 60;
const BACKUP_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz'; // 31 symbols, no look-alikes
const BACKUP_LENGTH = 10; // 10 × log2(31) ≈ 49.5 bits each

export interface TwoFactorDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  limiter: Limiter;
  issueSession: (
    tx: DbOrTx,
    userId: string,
    twoFactorAuthenticated: boolean,
    familyId?: string,
  ) => Promise<{ token: string; refreshToken: string }>;
}

type UserRow = NonNullable<Awaited<ReturnType<ReturnType<typeof usersRepository>['findById']>>>;

/** Something a wrong code counts against; after CHALLENGE_MAX_ATTEMPTS wrong codes it ends. */
interface Challenge {
  attempts(): Promise<number>;
  addAttempt(): Promise<number>;
  end(): Promise<void>;
  endedMessage: string;
}

const codeDetail = (message: string) => [{ path: 'code', message }];
const triesLeft = (left: number) => `${left} ${left === 1 ? 'try' : 'tries'} left.`;

export function generateBackupCode(): string {
  let code = '';
  for (let i = 0; i < BACKUP_LENGTH; i += 1) code += BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}
const normalizeBackupCode = (code: string) => code.toLowerCase().replace(/[^0-9a-z]/g, '');

/**
 * Two-factor authentication: TOTP or e-mailed codes, backup codes, attempt limits per challenge (a sign-in,
 * a setup, an e-mailed code: 5 wrong codes end it) and per account (10 wrong codes per 15 minutes, then 429),
 * and the second-factor step of sign-in.
 */
export function createTwoFactorService(deps: TwoFactorDeps) {
  const { db, config, mailer, limiter } = deps;
  const mayMail = mailCooldown(limiter, config.MAIL_COOLDOWN_SECONDS);
  const codeHash = (code: string) => keyedHash(config.JWT_SECRET, code);
  const backupHash = (code: string) => keyedHash(config.JWT_SECRET, `backup:${normalizeBackupCode(code)}`);
  const accountKey = (userId: string) => `2fa:${userId}`;
  const setupKey = (userId: string) => `2fa-setup:${userId}`;
  const signInKey = (sessionId: string) => `2fa-sign-in:${sessionId}`;
  const challengeWindowSeconds = config.REFRESH_TOKEN_TTL_DAYS * 86_400;

  async function requireUser(userId: string): Promise<UserRow> {
    const row = await usersRepository(db).findById(userId);
    if (!row) throw notFound('User not found');
    return row;
  }

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

  /** Replaces any open e-mailed code with a new one and mails it (once a minute at most unless `force`). */
  async function mailCode(user: UserRow, force = false) {
    if (!force) {
      const last = await codesRepository(db).latestCreatedAt(user.id, 'TWO_FACTOR_EMAIL');
      const wait = last ? RESEND_COOLDOWN_SECONDS - (Date.now() - last.getTime()) / 1000 : 0;
      if (wait > 0)
        throw tooManyRequests(wait, `Please wait ${Math.ceil(wait)} seconds before asking for another code.`);
    }
    const code = sixDigitCode();
    await db.transaction(async (tx) => {
      const codes = codesRepository(tx);
      await codes.closeAll(user.id, 'TWO_FACTOR_EMAIL');
      await codes.create(user.id, 'TWO_FACTOR_EMAIL', codeHash(code), EMAIL_CODE_TTL_SECONDS);
      await mailer.send(user.email, authMails.twoFactorCode(code), [], tx);
    });
  }

  /** The session passed its second factor: its family says so, and a new token pair says so too. */
  async function passSecondFactor(tx: DbOrTx, principal: Principal, user: UserRow): Promise<Session> {
    if (!(await refreshTokensRepository(tx).markFamilyTwoFactor(principal.sessionId))) {
      throw new AppError(401, 'TOKEN_INVALID', 'Your session has ended. Please sign in again.');
    }
    const pair = await deps.issueSession(tx, user.id, true, principal.sessionId);
    return { ...pair, user: toUser(user) };
  }

  const pendingSecondFactor = (principal: Principal, user: UserRow) =>
    user.twoFactorEnabled && !principal.twoFactorAuthenticated;
  const notPending = () =>
    new AppError(409, 'CONFLICT', 'This session has already passed two-step verification.');
  const notEnabled = () => new AppError(409, 'CONFLICT', 'Two-step verification is not on for this account.');

  async function signedIn(principal: Principal, user: UserRow, consumeCodeId?: string): Promise<Session> {
    const result = await db.transaction(async (tx) => {
      if (consumeCodeId && !(await codesRepository(tx).consume(consumeCodeId))) throw usedCode();
      return passSecondFactor(tx, principal, user);
    });
    await limiter.reset(signInKey(principal.sessionId));
    return result;
  }

  const stepUpKey = (userId: string) => `2fa-step-up:${userId}`;

  /**
   * Asks a session that already passed two-step verification for a fresh code before a weighty change (new
   * backup codes): the authenticator's code, or for the e-mail method an e-mailed one. Wrong codes count like
   * any other, 5 in a row end the confirmation until a right one.
   */
  async function confirmSecondFactor(principal: Principal, code: string): Promise<UserRow> {
    const user = await requireUser(principal.userId);
    if (!user.twoFactorEnabled) throw notEnabled();
    if (!principal.twoFactorAuthenticated)
      throw new AppError(403, 'TWO_FACTOR_REQUIRED', 'Please complete two-factor authentication first.');
    await guardAccount(user.id);
    if (user.twoFactorMethod === 'EMAIL') {
      const id = await checkEmailCode(user.id, code);
      if (!(await codesRepository(db).consume(id))) throw usedCode();
      return user;
    }
    const key = stepUpKey(user.id);
    await checkTotp(user.id, user.twoFactorSecret ?? '', code, {
      attempts: async () => (await limiter.count(key)).count,
      addAttempt: async () => (await limiter.hit(key, CHALLENGE_MAX_ATTEMPTS, ACCOUNT_WINDOW_SECONDS)).count,
      end: async () => {},
      endedMessage: 'Too many wrong codes. Try again in a few minutes.',
    });
    await limiter.reset(key);
    return user;
  }

  return {
    confirmSecondFactor,
    backupHash,

    /** Login of a two-factor user with method EMAIL mails a code at once. */
    async onLogin(user: UserRow) {
      // Anyone with the password can sign in again and again: within the cooldown the last code stays the one.
      if (
        user.twoFactorEnabled &&
        user.twoFactorMethod === 'EMAIL' &&
        (await mayMail('sign-in-code', user.email))
      )
        await mailCode(user, true);
    },

    async setup(principal: Principal, method: TwoFactorMethod): Promise<SetupTwoFactorResult> {
      const user = await requireUser(principal.userId);
      await limiter.reset(setupKey(user.id));
      if (method === 'EMAIL') {
        await mailCode(user);
        await usersRepository(db).update(user.id, {
          twoFactorPendingMethod: 'EMAIL',
          twoFactorPendingSecret: null,
        });
        return {};
      }
      const secret = newTotpSecret();
      await usersRepository(db).update(user.id, {
        twoFactorPendingMethod: 'TOTP',
        twoFactorPendingSecret: sealSecret(config.ENCRYPTION_KEY, secret),
      });
      const url = otpauthUrl(secret, user.email);
      return {
        qrCodeUrl: await QRCode.toDataURL(url, { type: 'image/png', margin: 2, width: 240 }),
        secret,
        otpauthUrl: url,
      };
    },

    /** Passes the second factor at sign-in, or confirms a setup in progress (then answers the backup codes). */
    async verify(principal: Principal, code: string): Promise<VerifyTwoFactorResult> {
      const user = await requireUser(principal.userId);
      if (pendingSecondFactor(principal, user)) {
        await guardAccount(user.id);
        if (user.twoFactorMethod === 'EMAIL')
          return signedIn(principal, user, await checkEmailCode(user.id, code));
        await checkTotp(user.id, user.twoFactorSecret ?? '', code, signInChallenge(principal.sessionId));
        return signedIn(principal, user);
      }
      const method = user.twoFactorPendingMethod;
      if (!method)
        throw new AppError(
          409,
          'CONFLICT',
          'There is no two-step verification setup to confirm. Start the setup first.',
        );
      await guardAccount(user.id);
      let emailCodeId: string | undefined;
      if (method === 'TOTP')
        await checkTotp(user.id, user.twoFactorPendingSecret ?? '', code, setupChallenge(user.id));
      else emailCodeId = await checkEmailCode(user.id, code);

      const codes = Array.from({ length: BACKUP_CODE_COUNT }, generateBackupCode);
      const result = await db.transaction(async (tx) => {
        if (emailCodeId && !(await codesRepository(tx).consume(emailCodeId))) throw usedCode();
        const updated = await usersRepository(tx).update(user.id, {
          twoFactorEnabled: true,
          twoFactorMethod: method,
          twoFactorSecret: method === 'TOTP' ? user.twoFactorPendingSecret : null,
          twoFactorPendingMethod: null,
          twoFactorPendingSecret: null,
        });
        await backupCodesRepository(tx).replace(user.id, codes.map(backupHash));
        await mailer.send(user.email, authMails.twoFactorEnabled(method), [], tx);
        return passSecondFactor(tx, principal, updated!);
      });
      await limiter.reset(setupKey(user.id));
      return { ...result, backupCodes: codes };
    },

    /** Mails a new code for the e-mail method: at sign-in, or for a setup in progress. */
    async resend(principal: Principal): Promise<void> {
      const user = await requireUser(principal.userId);
      if (pendingSecondFactor(principal, user)) {
        if (user.twoFactorMethod !== 'EMAIL') {
          throw new AppError(
            409,
            'CONFLICT',
            'Your authenticator app shows your codes. To get one by e-mail, choose "E-mail me a code".',
          );
        }
        return mailCode(user);
      }
      if (user.twoFactorPendingMethod !== 'EMAIL')
        throw new AppError(409, 'CONFLICT', 'There is no e-mailed code to resend.');
      return mailCode(user);
    },

    /** Mails a one-time sign-in code to any two-factor user, whatever the method. */
    async generateEmailCode(principal: Principal): Promise<void> {
      const user = await requireUser(principal.userId);
      if (!user.twoFactorEnabled) throw notEnabled();
      return mailCode(user);
    },

    async verifyEmailCode(principal: Principal, code: string): Promise<Session> {
      const user = await requireUser(principal.userId);
      if (!user.twoFactorEnabled) throw notEnabled();
      if (!pendingSecondFactor(principal, user)) throw notPending();
      await guardAccount(user.id);
      return signedIn(principal, user, await checkEmailCode(user.id, code));
    },

    async verifyBackupCode(principal: Principal, code: string): Promise<Session> {
      const user = await requireUser(principal.userId);
      if (!user.twoFactorEnabled) throw notEnabled();
      if (!pendingSecondFactor(principal, user)) throw notPending();
      await guardAccount(user.id);
      const challenge = signInChallenge(principal.sessionId);
      await refuseEnded(challenge);
      // A conditional update: of two simultaneous uses of one code exactly one gets through.
      if (!(await backupCodesRepository(db).use(user.id, backupHash(code))))
        await wrongCode(user.id, challenge, 'backup');
      return signedIn(principal, user);
    },

    async disable(principal: Principal): Promise<User> {
      const user = await requireUser(principal.userId);
      if (!user.twoFactorEnabled) throw notEnabled();
      if (!principal.twoFactorAuthenticated) {
        throw new AppError(403, 'TWO_FACTOR_REQUIRED', 'Please complete two-factor authentication first.');
      }
      const updated = await db.transaction(async (tx) => {
        await backupCodesRepository(tx).deleteAll(user.id);
        await codesRepository(tx).closeAll(user.id, 'TWO_FACTOR_EMAIL');
        await mailer.send(user.email, authMails.twoFactorDisabled(), [], tx);
        return usersRepository(tx).update(user.id, {
          twoFactorEnabled: false,
          twoFactorMethod: null,
          twoFactorSecret: null,
          twoFactorPendingMethod: null,
          twoFactorPendingSecret: null,
          twoFactorLastStep: null,
        });
      });
      return toUser(updated!);
    },
  };
}
