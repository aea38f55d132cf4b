import { accountDataMessages, deleteAccountBody } from '@liftoff/contracts/auth-account';
import { envelope } from '@liftoff/contracts/common';
import type { FastifyInstance, FastifyBaseLogger } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { ok } from '../../lib/envelope.js';
import { AppError, notFound } from '../../lib/errors.js';
import { principalOf, type Principal } from '../../plugins/auth-guard.js';
import type { FileStorage } from '../../plugins/file-storage.js';
import type { Mailer } from '../../plugins/mail.js';
import type { Limiter } from '../../plugins/rate-limit.js';
import { authMails } from './mails.js';
import { passwordCheck } from './password-check.js';
import type { PersonalDataSource } from './personal-data.js';
import { backupCodesRepository, usersRepository } from './repository.js';
import { users } from './tables.js';
import { eq } from 'drizzle-orm';
import type { createTwoFactorService } from './two-factor.js';

type TwoFactor = ReturnType<typeof createTwoFactorService>;

export interface AccountDeletionDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  limiter: Limiter;
  storage: FileStorage;
  log: FastifyBaseLogger;
  twoFactor: TwoFactor;
  sources: PersonalDataSource[];
}

export function createAccountDeletionService(deps: AccountDeletionDeps) {
  const { db, mailer, twoFactor, sources } = deps;
  const confirmPassword = passwordCheck(deps.config, deps.limiter);

  /** With two-step verification on, a code (six digits: the app's or an e-mailed one) or a backup code. */
  async function confirmSecondFactor(principal: Principal, code: string | undefined) {
    if (!code)
      throw new AppError(
        400,
        'VALIDATION_FAILED',
        'Enter a code from your authenticator app or a backup code.',
        [{ path: 'code', message: 'Required with two-step verification' }],
      );
    if (/^\d{6}$/.test(code)) return void (await twoFactor.confirmSecondFactor(principal, code));
    if (!(await backupCodesRepository(db).use(principal.userId, twoFactor.backupHash(code))))
      throw new AppError(400, 'CODE_INVALID', 'That backup code is not right or was already used.', [
        { path: 'code', message: 'Wrong or used code' },
      ]);
  }

  return {
    async delete(principal: Principal, input: { password: string; code?: string | undefined }) {
      const user = await usersRepository(db).findById(principal.userId);
      if (!user) throw notFound('User not found');
      await confirmPassword(user, input.password);
      if (user.twoFactorEnabled) await confirmSecondFactor(principal, input.code);
      // The files' keys are read before their rows go with the account.
      const files = (
        await Promise.all(sources.map((s) => (s.filesDeleted ?? s.files)?.(user.id) ?? []))
      ).flat();
      const afterwards: (() => void)[] = [];
      await db.transaction(async (tx) => {
        for (const source of sources) {
          const after = await source.forget?.(tx, user.id, user.email);
          if (after) afterwards.push(after);
        }
        // Mails still waiting for this address (and the record of those sent) go; the confirmation is the last.
        await mailer.forget(user.email, tx);
        await mailer.send(user.email, authMails.accountDeleted(), [], tx);
        // Every row keyed to the user cascades (decision 008): sessions end with their refresh tokens, at once.
        await tx.delete(users).where(eq(users.id, user.id));
      });
      for (const after of afterwards) after();
      // After the commit: a failed removal leaves bytes no record points at, never a record without its file.
      for (const file of files)
        await deps.storage
          .delete(file.key)
          .catch((error) =>
            deps.log.error({ err: error, key: file.key }, 'removing a deleted account file failed'),
          );
    },
  };
}

/** Deleting the account, with the password and (when it is on) the second factor. */
export async function accountDeletionRoutes(
  app: FastifyInstance,
  options: { twoFactor: TwoFactor; sources: PersonalDataSource[] },
) {
  const service = createAccountDeletionService({
    db: app.db,
    config: app.config,
    mailer: app.mailer,
    limiter: app.limiter,
    storage: app.storage,
    log: app.log,
    ...options,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const credentialLimit = { max: app.config.CREDENTIAL_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 };

  // A POST: a body on DELETE is dropped by some clients and proxies.
  r.post(
    '/api/auth/account/delete',
    {
      config: { rateLimit: credentialLimit },
      schema: {
        tags: ['auth'],
        summary:
          'Delete your account and everything it holds (password, and with two-step verification on a code or a backup code); every session ends at once and a confirmation is mailed',
        body: deleteAccountBody,
        response: { 200: envelope(z.object({})) },
      },
    },
    async (request) => {
      await service.delete(principalOf(request), request.body);
      return ok(accountDataMessages.accountDeleted, {});
    },
  );
}
