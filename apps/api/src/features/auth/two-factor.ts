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
import { keyedHash, sixDigitCode } from '../../lib/tokens.js';
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
import { newTotpSecret, otpauthUrl } from './totp.js';
import {
  ACCOUNT_WINDOW_SECONDS,
  CHALLENGE_MAX_ATTEMPTS,
  createSecondFactorChecks,
  setupKey,
  signInKey,
} from './two-factor-checks.js';

const EMAIL_CODE_TTL_SECONDS = 10 * 60;
const RESEND_COOLDOWN_SECONDS = 60;
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
  const backupHash = (code: string) => keyedHash(config.JWT_SECRET, `backup:${normalizeBackupCode(code)}`);
  // The code checks shared with the account pages (see two-factor-checks.ts).
  const checks = createSecondFactorChecks(deps);

  async function requireUser(userId: string): Promise<UserRow> {
    const row = await usersRepository(db).findById(userId);
    if (!row) throw notFound('User not found');
    return row;
  }

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
      await codes.create(user.id, 'TWO_FACTOR_EMAIL', checks.codeHash(code), EMAIL_CODE_TTL_SECONDS);
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
      if (consumeCodeId && !(await codesRepository(tx).consume(consumeCodeId))) throw checks.usedCode();
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
    await checks.guardAccount(user.id);
    if (user.twoFactorMethod === 'EMAIL') {
      const id = await checks.checkEmailCode(user.id, code);
      if (!(await codesRepository(db).consume(id))) throw checks.usedCode();
      return user;
    }
    const key = stepUpKey(user.id);
    await checks.checkTotp(user.id, user.twoFactorSecret ?? '', code, {
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
      // A TOTP setup already in progress keeps its secret, so a QR code scanned before a reload still works;
      // confirming it, or choosing the e-mail method instead, ends it.
      const pending =
        user.twoFactorPendingMethod === 'TOTP' && user.twoFactorPendingSecret
          ? openSecret(config.ENCRYPTION_KEY, user.twoFactorPendingSecret)
          : null;
      const secret = pending ?? newTotpSecret();
      if (!pending)
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
        await checks.guardAccount(user.id);
        if (user.twoFactorMethod === 'EMAIL')
          return signedIn(principal, user, await checks.checkEmailCode(user.id, code));
        await checks.checkTotp(
          user.id,
          user.twoFactorSecret ?? '',
          code,
          checks.signInChallenge(principal.sessionId),
        );
        return signedIn(principal, user);
      }
      const method = user.twoFactorPendingMethod;
      if (!method)
        throw new AppError(
          409,
          'CONFLICT',
          'There is no two-step verification setup to confirm. Start the setup first.',
        );
      await checks.guardAccount(user.id);
      let emailCodeId: string | undefined;
      if (method === 'TOTP')
        await checks.checkTotp(
          user.id,
          user.twoFactorPendingSecret ?? '',
          code,
          checks.setupChallenge(user.id),
        );
      else emailCodeId = await checks.checkEmailCode(user.id, code);

      const codes = Array.from({ length: BACKUP_CODE_COUNT }, generateBackupCode);
      const result = await db.transaction(async (tx) => {
        if (emailCodeId && !(await codesRepository(tx).consume(emailCodeId))) throw checks.usedCode();
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
      await checks.guardAccount(user.id);
      return signedIn(principal, user, await checks.checkEmailCode(user.id, code));
    },

    async verifyBackupCode(principal: Principal, code: string): Promise<Session> {
      const user = await requireUser(principal.userId);
      if (!user.twoFactorEnabled) throw notEnabled();
      if (!pendingSecondFactor(principal, user)) throw notPending();
      await checks.guardAccount(user.id);
      const challenge = checks.signInChallenge(principal.sessionId);
      await checks.refuseEnded(challenge);
      // A conditional update: of two simultaneous uses of one code exactly one gets through.
      if (!(await backupCodesRepository(db).use(user.id, backupHash(code))))
        await checks.wrongCode(user.id, challenge, 'backup');
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
