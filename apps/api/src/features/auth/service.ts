import type { Session, UpdateUserBody, User, UserMeta } from '@liftoff/contracts/auth';
import { randomUUID } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, badRequest, notFound, tooManyRequests } from '../../lib/errors.js';
import {
  keyedHash,
  randomToken,
  safeEqual,
  sha256,
  sixDigitCode,
  type AccessTokens,
} from '../../lib/tokens.js';
import type { Principal } from '../../plugins/auth-guard.js';
import type { Mailer } from '../../plugins/mail.js';
import type { Limiter } from '../../plugins/rate-limit.js';
import { ensureDemoManager } from './demo-manager.js';
import { mailCooldown } from './mail-cooldown.js';
import { authMails } from './mails.js';
import { hashPassword, isCommonPassword, timingDummyHash, verifyPassword } from './passwords.js';
import {
  codesRepository,
  principalReader,
  refreshTokensRepository,
  toUser,
  usersRepository,
} from './repository.js';
import { createTwoFactorService } from './two-factor.js';

const VERIFY_CODE_TTL_SECONDS = 15 * 60;
const RESET_LINK_TTL_SECONDS = 60 * 60;
const RESEND_COOLDOWN_SECONDS = 60;
export const MAX_CODE_ATTEMPTS = 5;
const ACCOUNT_WINDOW_SECONDS = 15 * 60;
const RESET_MAIL = 'password-reset';

export interface AuthServiceDeps {
  db: Db;
  config: Config;
  tokens: AccessTokens;
  mailer: Mailer;
  limiter: Limiter;
  /** Runs in the transaction that completes a profile (the programs feature enrols the user here). */
  onProfileCompleted?: (tx: DbOrTx, userId: string) => Promise<void>;
  /** Asked before an account is created; refuses by throwing (invite-only sign-up). */
  signUpGate?: (email: string) => Promise<void>;
  /** After an account was created (an invitation of the address is accepted here). */
  onSignedUp?: (userId: string, email: string) => Promise<void>;
}

export type AuthService = ReturnType<typeof createAuthService>;

/** The browser and address a call came from, kept with the session it opens or refreshes. */
export interface Client {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, config, tokens, mailer, limiter } = deps;
  const codeHash = (code: string) => keyedHash(config.JWT_SECRET, code);
  const mayMail = mailCooldown(limiter, config.MAIL_COOLDOWN_SECONDS);

  function refusePasswordIfCommon(password: string, field: string) {
    if (isCommonPassword(password)) {
      throw new AppError(
        400,
        'PASSWORD_REJECTED',
        'This password is too common and easy to guess. Please choose another.',
        [{ path: field, message: 'This password is too common' }],
      );
    }
  }

  /** Counts a failed credential attempt against the account and refuses once the window is used up. */
  async function guardAccount(key: string) {
    const { count, retryAfterSeconds } = await limiter.count(`account:${key}`);
    if (count >= config.ACCOUNT_RATE_LIMIT_PER_15_MINUTES) throw tooManyRequests(retryAfterSeconds);
  }
  const countFailure = (key: string) =>
    limiter.hit(`account:${key}`, config.ACCOUNT_RATE_LIMIT_PER_15_MINUTES, ACCOUNT_WINDOW_SECONDS);

  /** Starts a session: a new refresh-token family and an access token bound to it. */
  async function issueSession(
    tx: DbOrTx,
    userId: string,
    twoFactorAuthenticated: boolean,
    familyId: string = randomUUID(),
    client: Client = {},
  ) {
    const refreshToken = randomToken();
    await refreshTokensRepository(tx).create({
      userId,
      familyId,
      tokenHash: sha256(refreshToken),
      twoFactorAuthenticated,
      userAgent: client.userAgent?.slice(0, 400) ?? null,
      ip: client.ip ?? null,
      expiresAt: new Date(Date.now() + config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
    });
    const token = await tokens.sign(userId, familyId, twoFactorAuthenticated);
    return { token, refreshToken };
  }

  // The reset link is made when the outbox sends the request: for an address without an account, nothing is.
  mailer.handle(RESET_MAIL, async (email) => {
    const user = await usersRepository(db).findByEmail(email);
    if (!user) return null;
    const token = randomToken();
    await db.transaction(async (tx) => {
      const codes = codesRepository(tx);
      await codes.closeAll(user.id, 'PASSWORD_RESET');
      await codes.create(user.id, 'PASSWORD_RESET', sha256(token), RESET_LINK_TTL_SECONDS);
    });
    const url = `${config.APP_URL}/reset-password?token=${encodeURIComponent(token)}`;
    return { content: authMails.resetPassword(url) };
  });

  const twoFactor = createTwoFactorService({
    db,
    config,
    mailer,
    limiter,
    issueSession,
  });

  /** Replaces any open verification code; the caller mails the code once its transaction committed. */
  async function newVerificationCode(tx: DbOrTx, userId: string): Promise<string> {
    const codes = codesRepository(tx);
    await codes.closeAll(userId, 'EMAIL_VERIFY');
    const code = sixDigitCode();
    await codes.create(userId, 'EMAIL_VERIFY', codeHash(code), VERIFY_CODE_TTL_SECONDS);
    return code;
  }

  async function requireUser(userId: string) {
    const row = await usersRepository(db).findById(userId);
    if (!row) throw notFound('User not found');
    return row;
  }

  /** Only the caller's own id is visible; any other id answers 404 (no existence leak). */
  function ownId(principal: Principal, id: string) {
    if (principal.userId !== id) throw notFound('User not found');
  }

  return {
    twoFactor,

    loadPrincipal: principalReader(db),

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

    async login(input: { email: string; password: string }, client: Client = {}): Promise<Session> {
      await guardAccount(input.email);
      const row = await usersRepository(db).findByEmail(input.email);
      const valid = await verifyPassword(row?.passwordHash ?? (await timingDummyHash()), input.password);
      if (!row || !valid) {
        await countFailure(input.email);
        throw new AppError(401, 'INVALID_CREDENTIALS', 'Incorrect e-mail or password.');
      }
      // A two-factor user's token opens only the second step until a code is verified.
      const result = { ...(await issueSession(db, row.id, false, undefined, client)), user: toUser(row) };
      await twoFactor.onLogin(row);
      return result;
    },

    /** The guard's standing read already holds the user: this call makes no read of its own. */
    me(principal: Principal): User {
      return principal.user;
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

    /**
     * Answers the same way, with the same work, whether or not the account exists: the request goes to the mail
     * outbox as it is, and the outbox looks the account up when it sends (the handler above).
     */
    async sendResetLink(email: string): Promise<void> {
      if (await mayMail(RESET_MAIL, email)) await mailer.request(RESET_MAIL, email);
    },

    async resetPassword(input: { token: string; password: string }): Promise<void> {
      refusePasswordIfCommon(input.password, 'password');
      const codes = codesRepository(db);
      const open = await codes.findOpenByHash('PASSWORD_RESET', sha256(input.token));
      const expired = () =>
        new AppError(
          400,
          'CODE_EXPIRED',
          'This reset link has expired or was already used. Request a new one.',
          [{ path: 'token', message: 'Expired or used' }],
        );
      if (!open || open.expiresAt <= new Date()) throw expired();
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        if (!(await codesRepository(tx).consume(open.id))) throw expired();
        await refreshTokensRepository(tx).revokeAllOfUser(open.userId);
        // Following the link proves the mailbox is the user's.
        const user = await usersRepository(tx).update(open.userId, { passwordHash, verified: true });
        if (user) await mailer.send(user.email, authMails.passwordChanged(), [], tx);
      });
    },

    async changePassword(
      principal: Principal,
      input: { currentPassword: string; newPassword: string },
    ): Promise<void> {
      const user = await requireUser(principal.userId);
      await guardAccount(user.email);
      if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
        await countFailure(user.email);
        throw new AppError(400, 'INVALID_CREDENTIALS', 'Your current password is not right.', [
          { path: 'currentPassword', message: 'Incorrect password' },
        ]);
      }
      refusePasswordIfCommon(input.newPassword, 'newPassword');
      if (input.currentPassword === input.newPassword) {
        throw badRequest('Choose a password different from the current one.', [
          { path: 'newPassword', message: 'Same as the current password' },
        ]);
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await usersRepository(tx).update(user.id, { passwordHash });
        await refreshTokensRepository(tx).revokeAllOfUser(user.id, principal.sessionId);
        await mailer.send(user.email, authMails.passwordChanged(), [], tx);
      });
    },

    async emailExists(email: string): Promise<boolean> {
      return Boolean(await usersRepository(db).findByEmail(email));
    },

    /** Rotates the refresh token; a token presented after its rotation revokes its whole family. */
    async refresh(
      refreshToken: string,
      client: Client = {},
    ): Promise<{ accessToken: string; refreshToken: string }> {
      const repository = refreshTokensRepository(db);
      const row = await repository.findByHash(sha256(refreshToken));
      const invalid = (message = 'Your session has ended. Please sign in again.') =>
        new AppError(401, 'TOKEN_INVALID', message);
      if (!row || row.revokedAt) throw invalid();
      if (row.expiresAt <= new Date())
        throw new AppError(401, 'TOKEN_EXPIRED', 'Your session has expired. Please sign in again.');
      // The rotation and its successor commit together: a concurrent use of the same token waits on the
      // rotation's row lock, finds it rotated, and its family revocation then sees (and revokes) the successor.
      const next = row.rotatedAt
        ? null
        : await db.transaction(async (tx) =>
            (await refreshTokensRepository(tx).markRotated(row.id))
              ? issueSession(tx, row.userId, row.twoFactorAuthenticated, row.familyId, client)
              : null,
          );
      if (!next) {
        await repository.revokeFamily(row.familyId);
        throw invalid('This session was signed out for your safety. Please sign in again.');
      }
      return { accessToken: next.token, refreshToken: next.refreshToken };
    },

    /** Ends the session of a refresh token, or of an access token (a client that logs out with its bearer). */
    async logout(token: string): Promise<void> {
      const repository = refreshTokensRepository(db);
      const row = await repository.findByHash(sha256(token));
      if (row) return repository.revokeFamily(row.familyId);
      let sessionId: string | null = null;
      try {
        sessionId = tokens.verify(token).sid;
      } catch {
        // Neither kind of token: there is no session to end, and logout answers the same.
      }
      if (sessionId) await repository.revokeFamily(sessionId);
    },

    async updateUser(principal: Principal, id: string, changes: UpdateUserBody): Promise<User> {
      ownId(principal, id);
      return db.transaction(async (tx) => {
        const users = usersRepository(tx);
        const current = await users.findById(id);
        if (!current) throw notFound('User not found');
        const next = { ...current, ...changes };
        const completing = changes.profileCompleted === true && !current.profileCompleted;
        if (completing) {
          const meta = next.meta as UserMeta;
          const missing = [
            !next.firstName && 'firstName',
            !next.lastName && 'lastName',
            !meta.startupName && 'meta.startupName',
            !meta.stage && 'meta.stage',
            !meta.industry && 'meta.industry',
          ].filter((field): field is string => Boolean(field));
          if (missing.length) {
            throw new AppError(
              400,
              'PROFILE_INCOMPLETE',
              `To complete your profile, add: ${missing.join(', ')}.`,
              missing.map((path) => ({ path, message: 'Required to complete the profile' })),
            );
          }
        }
        if (changes.profileCompleted === false && current.profileCompleted) {
          throw badRequest('A completed profile cannot be marked incomplete.', [
            { path: 'profileCompleted', message: 'Cannot be undone' },
          ]);
        }
        const updated = await users.update(id, changes);
        if (completing) await deps.onProfileCompleted?.(tx, id);
        return toUser(updated!);
      });
    },

    /** Merges the answers into the saved meta (a null removes a key), so nothing saved earlier is lost. */
    async updateMeta(principal: Principal, id: string, meta: UserMeta): Promise<User> {
      ownId(principal, id);
      return db.transaction(async (tx) => {
        const users = usersRepository(tx);
        const current = await users.findById(id);
        if (!current) throw notFound('User not found');
        const merged: Record<string, unknown> = { ...current.meta };
        for (const [key, value] of Object.entries(meta)) {
          if (value === null) delete merged[key];
          else merged[key] = value;
        }
        return toUser((await users.update(id, { meta: merged }))!);
      });
    },

    /** The studio's demo manager (two-factor on); answers its authenticator key for start-up to print. */
    ensureDemoManager: (email: string, password: string) => ensureDemoManager(db, config, email, password),

    /** A ready account for trying the product; created once, never overwritten. */
    async ensureDemoAccount(email: string, password: string): Promise<'created' | 'exists'> {
      const users = usersRepository(db);
      if (await users.findByEmail(email)) return 'exists';
      const created = await db.transaction(async (tx) => {
        const row = await usersRepository(tx).insert({
          email,
          passwordHash: await hashPassword(password),
          firstName: 'Dana',
          lastName: 'Demo',
          verified: true,
          profileCompleted: true,
          meta: {
            startupName: 'Demo Ventures',
            stage: 'Pre-seed',
            industry: 'B2B SaaS',
            goals: 'Find product-market fit and raise a seed round.',
          },
        });
        if (row) await deps.onProfileCompleted?.(tx, row.id);
        return row;
      });
      return created ? 'created' : 'exists';
    },
  };
}
