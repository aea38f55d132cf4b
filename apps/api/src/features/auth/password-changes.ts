import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import type { Principal } from '../../plugins/auth-guard.js';
import type { Mailer } from '../../plugins/mail.js';
import type { Limiter } from '../../plugins/rate-limit.js';
import { refusePasswordIfCommon, type AccountChecks } from './account-checks.js';
import { mailCooldown } from './mail-cooldown.js';
import { authMails } from './mails.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { codesRepository, refreshTokensRepository, usersRepository } from './repository.js';

const RESET_LINK_TTL_SECONDS = 60 * 60;
const RESET_MAIL = 'password-reset';

/**
 * Changing a password: by a mailed reset link when it is forgotten, or with the current one when signed in.
 * Either way the other sessions end and the owner is told by mail.
 */
export function createPasswordChanges(
  deps: { db: Db; config: Config; mailer: Mailer; limiter: Limiter },
  checks: AccountChecks,
) {
  const { db, config, mailer, limiter } = deps;
  const { guardAccount, countFailure, requireUser } = checks;
  const mayMail = mailCooldown(limiter, config.MAIL_COOLDOWN_SECONDS);

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

  return {
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
  };
}
