import {
  BACKUP_CODE_COUNT,
  backupCodeMessages,
  backupCodesStatus,
  regeneratedBackupCodes,
  twoFactorCodeBody,
} from '@liftoff/contracts/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { ok } from '../../lib/envelope.js';
import { AppError } from '../../lib/errors.js';
import { principalOf, type Principal } from '../../plugins/auth-guard.js';
import type { Mailer } from '../../plugins/mail.js';
import { authMails } from './mails.js';
import { backupCodesRepository, usersRepository } from './repository.js';
import { generateBackupCode, type createTwoFactorService } from './two-factor.js';
import { envelope } from '@liftoff/contracts/common';

type TwoFactor = ReturnType<typeof createTwoFactorService>;

export function createBackupCodesService(db: Db, mailer: Mailer, twoFactor: TwoFactor) {
  return {
    async status(principal: Principal) {
      const user = await usersRepository(db).findById(principal.userId);
      if (!user?.twoFactorEnabled)
        throw new AppError(409, 'CONFLICT', 'Two-step verification is not on for this account.');
      return { remaining: await backupCodesRepository(db).remaining(user.id), total: BACKUP_CODE_COUNT };
    },
    /** A fresh second-factor code first: whoever holds a signed-in laptop alone must not mint new codes. */
    async regenerate(principal: Principal, code: string) {
      const user = await twoFactor.confirmSecondFactor(principal, code);
      const codes = Array.from({ length: BACKUP_CODE_COUNT }, generateBackupCode);
      await db.transaction(async (tx) => {
        await backupCodesRepository(tx).replace(user.id, codes.map(twoFactor.backupHash));
        await mailer.send(user.email, authMails.backupCodesReplaced(), [], tx);
      });
      return { backupCodes: codes };
    },
  };
}

const tags = ['auth'];

export async function backupCodeRoutes(app: FastifyInstance, options: { twoFactor: TwoFactor }) {
  const service = createBackupCodesService(app.db, app.mailer, options.twoFactor);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const credentialLimit = { max: app.config.CREDENTIAL_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 };

  r.get(
    '/api/auth/backup-codes',
    {
      config: { errors: [409] },
      schema: {
        tags,
        summary: 'How many of your backup codes are left (409 without two-step verification)',
        response: { 200: envelope(backupCodesStatus) },
      },
    },
    async (request) => ok(backupCodeMessages.status, await service.status(principalOf(request))),
  );

  r.post(
    '/api/auth/backup-codes/regenerate',
    {
      config: { rateLimit: credentialLimit, errors: [409] },
      schema: {
        tags,
        summary:
          'Replace your backup codes with 10 new ones (shown once), confirmed with a code from your authenticator app or, for the e-mail method, an e-mailed code (generate-two-factor-email-code)',
        body: twoFactorCodeBody,
        response: { 200: envelope(regeneratedBackupCodes) },
      },
    },
    async (request) =>
      ok(backupCodeMessages.regenerated, await service.regenerate(principalOf(request), request.body.code)),
  );
}
