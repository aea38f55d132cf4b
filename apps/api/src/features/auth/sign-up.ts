import type { Session, User } from '@liftoff/contracts/auth';
import type { Config } from '../../config.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, tooManyRequests } from '../../lib/errors.js';
import { keyedHash, safeEqual, sixDigitCode } from '../../lib/tokens.js';
import type { Principal } from '../../plugins/auth-guard.js';
import type { Mailer } from '../../plugins/mail.js';
import { refusePasswordIfCommon, type AccountChecks } from './account-checks.js';
import { authMails } from './mails.js';
import { hashPassword } from './passwords.js';
import { codesRepository, toUser, usersRepository } from './repository.js';
import type { Client, SessionTokens } from './session-tokens.js';

const VERIFY_CODE_TTL_SECONDS = 15 * 60;
const RESEND_COOLDOWN_SECONDS = 60;
export const MAX_CODE_ATTEMPTS = 5;

/** What the rest of the app may add to sign-up (handed in by app.ts). */
export interface SignUpHooks {
  /** Asked before an account is created; refuses by throwing (invite-only sign-up). */
  signUpGate?: (email: string) => Promise<void>;
  /** After an account was created (an invitation of the address is accepted here). */
  onSignedUp?: (userId: string, email: string) => Promise<void>;
}

/**
 * Creating an account and proving its e-mail address: sign-up opens a session at once and mails a six-digit
 * code, which the signed-in user then enters (with a limit of wrong tries per code and per account).
 */
export function createSignUp(
  deps: SignUpHooks & { db: Db; config: Config; mailer: Mailer },
  checks: AccountChecks,
  issueSession: SessionTokens['issueSession'],
) {
  const { db, config, mailer } = deps;
  const { guardAccount, countFailure, requireUser } = checks;
  const codeHash = (code: string) => keyedHash(config.JWT_SECRET, code);

  /** Replaces any open verification code; the caller mails the code once its transaction committed. */
  async function newVerificationCode(tx: DbOrTx, userId: string): Promise<string> {
    const codes = codesRepository(tx);
    await codes.closeAll(userId, 'EMAIL_VERIFY');
    const code = sixDigitCode();
    await codes.create(userId, 'EMAIL_VERIFY', codeHash(code), VERIFY_CODE_TTL_SECONDS);
    return code;
  }

  return {
    async signup(
      input: {
        firstName: string;
        lastName: string;
        email: string;
        password: string;
      },
      client: Client = {},
    ): Promise<Session> {
      refusePasswordIfCommon(input.password, 'password');
      await deps.signUpGate?.(input.email);
      const passwordHash = await hashPassword(input.password);
      const { session } = await db.transaction(async (tx) => {
        const row = await usersRepository(tx).insert({ ...input, passwordHash });
        if (!row) {
          throw new AppError(
            409,
            'EMAIL_TAKEN',
            'An account with this e-mail already exists. Sign in instead.',
            [{ path: 'email', message: 'Already registered' }],
          );
        }
        const code = await newVerificationCode(tx, row.id);
        // In the account's transaction: the code's mail is kept exactly when the account is, and sent by the outbox.
        await mailer.send(row.email, authMails.verifyEmail(row.firstName, code), [], tx);
        return {
          session: { ...(await issueSession(tx, row.id, false, undefined, client)), user: toUser(row) },
        };
      });
      await deps.onSignedUp?.(session.user.id, session.user.email);
      // The hook may grant a role (an invited expert): the answer carries it, so the web app sends the
      // person to their own surface rather than to the founders' onboarding.
      const fresh = await usersRepository(db).findById(session.user.id);
      return fresh ? { ...session, user: toUser(fresh) } : session;
    },

    async verifyEmail(principal: Principal, code: string): Promise<User> {
      const user = await requireUser(principal.userId);
      if (user.verified) return toUser(user);
      await guardAccount(user.email);
      const codes = codesRepository(db);
      const open = await codes.latestOpen(user.id, 'EMAIL_VERIFY');
      if (!open || open.expiresAt <= new Date()) {
        throw new AppError(400, 'CODE_EXPIRED', 'This code has expired. Request a new code.', [
          { path: 'code', message: 'Expired' },
        ]);
      }
      if (open.attempts >= MAX_CODE_ATTEMPTS) {
        throw new AppError(400, 'CODE_ATTEMPTS_EXCEEDED', 'Too many wrong codes. Request a new code.', [
          { path: 'code', message: 'Too many tries' },
        ]);
      }
      if (!safeEqual(open.codeHash, codeHash(code))) {
        await countFailure(user.email);
        const attempts = (await codes.addAttempt(open.id)) ?? MAX_CODE_ATTEMPTS;
        const left = MAX_CODE_ATTEMPTS - attempts;
        throw left > 0
          ? new AppError(
              400,
              'CODE_INVALID',
              `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
              [{ path: 'code', message: 'Wrong code' }],
            )
          : new AppError(400, 'CODE_ATTEMPTS_EXCEEDED', 'Too many wrong codes. Request a new code.', [
              { path: 'code', message: 'Too many tries' },
            ]);
      }
      return db.transaction(async (tx) => {
        if (!(await codesRepository(tx).consume(open.id))) {
          throw new AppError(400, 'CODE_EXPIRED', 'This code was already used. Request a new code.', [
            { path: 'code', message: 'Used' },
          ]);
        }
        const updated = await usersRepository(tx).update(user.id, { verified: true, verifiedAt: new Date() });
        return toUser(updated!);
      });
    },

    async resendEmailVerification(principal: Principal): Promise<void> {
      const user = await requireUser(principal.userId);
      if (user.verified) throw new AppError(409, 'CONFLICT', 'Your e-mail address is already verified.');
      const last = await codesRepository(db).latestCreatedAt(user.id, 'EMAIL_VERIFY');
      const wait = last ? RESEND_COOLDOWN_SECONDS - (Date.now() - last.getTime()) / 1000 : 0;
      if (wait > 0)
        throw tooManyRequests(wait, `Please wait ${Math.ceil(wait)} seconds before asking for another code.`);
      await db.transaction(async (tx) => {
        const code = await newVerificationCode(tx, user.id);
        await mailer.send(user.email, authMails.verifyEmail(user.firstName, code), [], tx);
      });
    },

    async emailExists(email: string): Promise<boolean> {
      return Boolean(await usersRepository(db).findByEmail(email));
    },
  };
}
