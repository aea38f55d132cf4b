import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError, notFound, tooManyRequests } from '../../lib/errors.js';
import type { Limiter } from '../../plugins/rate-limit.js';
import { isCommonPassword } from './passwords.js';
import { usersRepository } from './repository.js';

const ACCOUNT_WINDOW_SECONDS = 15 * 60;

/** Refuses a new password from the common-passwords list, naming the form field it came in. */
export function refusePasswordIfCommon(password: string, field: string) {
  if (isCommonPassword(password)) {
    throw new AppError(
      400,
      'PASSWORD_REJECTED',
      'This password is too common and easy to guess. Please choose another.',
      [{ path: field, message: 'This password is too common' }],
    );
  }
}

/**
 * The checks that sign-up, sign-in and password changes share: one per-account window of failed credential
 * attempts (a password, an e-mailed code), and the caller's own account row.
 */
export function createAccountChecks(deps: { db: Db; config: Config; limiter: Limiter }) {
  const { db, config, limiter } = deps;

  /** Counts a failed credential attempt against the account and refuses once the window is used up. */
  async function guardAccount(key: string) {
    const { count, retryAfterSeconds } = await limiter.count(`account:${key}`);
    if (count >= config.ACCOUNT_RATE_LIMIT_PER_15_MINUTES) throw tooManyRequests(retryAfterSeconds);
  }
  const countFailure = (key: string) =>
    limiter.hit(`account:${key}`, config.ACCOUNT_RATE_LIMIT_PER_15_MINUTES, ACCOUNT_WINDOW_SECONDS);

  async function requireUser(userId: string) {
    const row = await usersRepository(db).findById(userId);
    if (!row) throw notFound('User not found');
    return row;
  }

  return { guardAccount, countFailure, requireUser };
}

export type AccountChecks = ReturnType<typeof createAccountChecks>;
