import {
  accountDataMessages,
  changeEmailBody,
  changeEmailResult,
  confirmEmailChangeBody,
  confirmEmailChangeResult,
  type ChangeEmailResult,
} from '@liftoff/contracts/auth-account';
import { envelope } from '@liftoff/contracts/common';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { ok } from '../../lib/envelope.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import { principalOf, type Principal } from '../../plugins/auth-guard.js';
import type { Mailer } from '../../plugins/mail.js';
import type { Limiter } from '../../plugins/rate-limit.js';
import { mailCooldown } from './mail-cooldown.js';
import { authMails } from './mails.js';
import { passwordCheck } from './password-check.js';
import { codesRepository, usersRepository } from './repository.js';
import { oneTimeCodes, users } from './tables.js';

/** Long enough to reach a mailbox checked once a day; the link works once. */
const LINK_TTL_SECONDS = 24 * 60 * 60;

/** The same words sign-up uses: it says no more about the address than sign-up already does. */
const taken = () =>
  new AppError(409, 'EMAIL_TAKEN', 'An account with this e-mail already exists.', [
    { path: 'newEmail', message: 'Already registered' },
  ]);

/** A unique-index violation, as PostgreSQL and PGlite report it (Drizzle may wrap the driver's error). */
const isUniqueViolation = (error: unknown): boolean => {
  const code = (error as { code?: string; cause?: { code?: string } } | null)?.code;
  return code === '23505' || (error as { cause?: { code?: string } } | null)?.cause?.code === '23505';
};

function emailChangeLinks(db: DbOrTx) {
  return {
    async create(userId: string, email: string, tokenHash: string, expiresAt: Date) {
      await db.insert(oneTimeCodes).values({
        userId,
        purpose: 'EMAIL_CHANGE',
        codeHash: tokenHash,
        email,
        expiresAt,
        createdAt: new Date(),
      });
    },
    /** The link whatever its state, so a used or expired one can say so. */
    async findByHash(tokenHash: string) {
      const [row] = await db
        .select()
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.purpose, 'EMAIL_CHANGE'), eq(oneTimeCodes.codeHash, tokenHash)));
      return row;
    },
    async open(userId: string) {
      const [row] = await db
        .select({ email: oneTimeCodes.email, expiresAt: oneTimeCodes.expiresAt })
        .from(oneTimeCodes)
        .where(
          and(
            eq(oneTimeCodes.userId, userId),
            eq(oneTimeCodes.purpose, 'EMAIL_CHANGE'),
            isNull(oneTimeCodes.consumedAt),
          ),
        );
      return row;
    },
  };
}

export function createEmailChangeService(deps: { db: Db; config: Config; mailer: Mailer; limiter: Limiter }) {
  const { db, config, mailer } = deps;
  const confirmPassword = passwordCheck(config, deps.limiter);
  const mayMail = mailCooldown(deps.limiter, config.MAIL_COOLDOWN_SECONDS);

  return {
    async request(principal: Principal, newEmail: string, password: string): Promise<ChangeEmailResult> {
      const user = await usersRepository(db).findById(principal.userId);
      if (!user) throw notFound('User not found');
      await confirmPassword(user, password);
      if (newEmail === user.email)
        throw badRequest('This is already the address of your account.', [
          { path: 'newEmail', message: 'Same as the current address' },
        ]);
      if (await usersRepository(db).findByEmail(newEmail)) throw taken();
      // Within the mail cooldown the link already sent stays the one: a new one would close it unseen.
      const pending = await emailChangeLinks(db).open(user.id);
      if (
        pending?.email === newEmail &&
        pending.expiresAt > new Date() &&
        !(await mayMail('email-change', newEmail))
      )
        return { pendingEmail: newEmail, expiresAt: pending.expiresAt.toISOString() };
      const token = randomToken();
      const expiresAt = new Date(Date.now() + LINK_TTL_SECONDS * 1000);
      await db.transaction(async (tx) => {
        // One link at a time: asking again (for this or another address) closes the earlier one.
        await codesRepository(tx).closeAll(user.id, 'EMAIL_CHANGE');
        await emailChangeLinks(tx).create(user.id, newEmail, sha256(token), expiresAt);
        const url = `${config.APP_URL}/confirm-email?token=${encodeURIComponent(token)}`;
        await mailer.send(newEmail, authMails.confirmNewEmail(url), [], tx);
      });
      return { pendingEmail: newEmail, expiresAt: expiresAt.toISOString() };
    },

    /**
     * Opening the link proves the new mailbox is the founder's: the address changes, the old one hears of it.
     * Sessions stay open; their tokens name the user, not the address.
     */
    async confirm(token: string): Promise<{ email: string }> {
      const link = await emailChangeLinks(db).findByHash(sha256(token));
      const refuse = (message: string, detail: string) =>
        new AppError(400, 'CODE_EXPIRED', message, [{ path: 'token', message: detail }]);
      if (!link?.email)
        throw new AppError(
          400,
          'CODE_INVALID',
          'This link is not valid. Ask for a new one from your profile.',
          [{ path: 'token', message: 'Unknown link' }],
        );
      if (link.consumedAt)
        throw refuse(
          'This link was already used, or a newer one replaced it. Ask for a new one from your profile if the address has not changed.',
          'Used',
        );
      if (link.expiresAt <= new Date())
        throw refuse('This link has expired. Ask for a new one from your profile.', 'Expired');
      const newEmail = link.email;
      try {
        return await db.transaction(async (tx) => {
          if (!(await codesRepository(tx).consume(link.id)))
            throw refuse('This link was already used.', 'Used');
          const [before] = await tx
            .select({ email: users.email })
            .from(users)
            .where(eq(users.id, link.userId));
          if (!before) throw refuse('This link is not valid any more.', 'Unknown link');
          await tx
            .update(users)
            .set({ email: newEmail, verified: true, verifiedAt: new Date(), updatedAt: new Date() })
            .where(eq(users.id, link.userId));
          await mailer.send(before.email, authMails.emailChanged(newEmail), [], tx);
          return { email: newEmail };
        });
      } catch (error) {
        // Someone signed up with the address after the link was sent.
        if (isUniqueViolation(error))
          throw new AppError(409, 'EMAIL_TAKEN', 'An account with this e-mail already exists.', [
            { path: 'token', message: 'The address was taken meanwhile' },
          ]);
        throw error;
      }
    },
  };
}

const tags = ['auth'];

/** Changing the account's address: asked with the password, taking effect when the new mailbox opens the link. */
export async function emailChangeRoutes(app: FastifyInstance) {
  const service = createEmailChangeService({
    db: app.db,
    config: app.config,
    mailer: app.mailer,
    limiter: app.limiter,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const credentialLimit = { max: app.config.CREDENTIAL_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 };

  r.post(
    '/api/auth/email-change',
    {
      config: { rateLimit: credentialLimit, errors: [409] },
      schema: {
        tags,
        summary:
          'Ask to change your e-mail address (with your password): a link goes to the new address, and the change takes effect when it is opened (409 when an account uses that address)',
        body: changeEmailBody,
        response: { 200: envelope(changeEmailResult) },
      },
    },
    async (request) =>
      ok(
        accountDataMessages.emailChangeRequested,
        await service.request(principalOf(request), request.body.newEmail, request.body.password),
      ),
  );

  // Public: the link may be opened on a phone that is not signed in.
  r.post(
    '/api/auth/email-change/confirm',
    {
      config: { public: true, rateLimit: credentialLimit, errors: [409] },
      schema: {
        tags,
        summary:
          'Confirm a new e-mail address with the token of the mailed link; says whether the link is unknown, used or expired; notifies the old address',
        security: [],
        body: confirmEmailChangeBody,
        response: { 200: envelope(confirmEmailChangeResult) },
      },
    },
    async (request) => ok(accountDataMessages.emailChanged, await service.confirm(request.body.token)),
  );
}
