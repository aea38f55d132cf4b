import type { Session } from '@liftoff/contracts/auth';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { AccountChecks } from './account-checks.js';
import { timingDummyHash, verifyPassword } from './passwords.js';
import { toUser, usersRepository } from './repository.js';
import type { Client, SessionTokens } from './session-tokens.js';
import type { createTwoFactorService } from './two-factor.js';

/**
 * Signing in with e-mail and password. An unknown address costs the same password check as a known one,
 * and either failure counts against the address's window of failed attempts.
 */
export function createSignIn(deps: {
  db: Db;
  checks: AccountChecks;
  issueSession: SessionTokens['issueSession'];
  twoFactor: Pick<ReturnType<typeof createTwoFactorService>, 'onLogin'>;
}) {
  const { db, checks, issueSession, twoFactor } = deps;
  const { guardAccount, countFailure } = checks;

  return {
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
  };
}
