import type { Config } from '../../config.js';
import { AppError, tooManyRequests } from '../../lib/errors.js';
import type { Limiter } from '../../plugins/rate-limit.js';
import { verifyPassword } from './passwords.js';

const ACCOUNT_WINDOW_SECONDS = 15 * 60;

/**
 * The password asked again before a weighty change (a new address, deleting the account). Wrong ones count
 * against the same per-account window as sign-in, so a signed-in laptop left open cannot be used to guess it.
 */
export function passwordCheck(config: Config, limiter: Limiter) {
  return async function confirmPassword(
    user: { email: string; passwordHash: string },
    password: string,
  ): Promise<void> {
    const key = `account:${user.email}`;
    const { count, retryAfterSeconds } = await limiter.count(key);
    if (count >= config.ACCOUNT_RATE_LIMIT_PER_15_MINUTES) throw tooManyRequests(retryAfterSeconds);
    if (await verifyPassword(user.passwordHash, password)) return;
    await limiter.hit(key, config.ACCOUNT_RATE_LIMIT_PER_15_MINUTES, ACCOUNT_WINDOW_SECONDS);
    throw new AppError(400, 'INVALID_CREDENTIALS', 'Your password is not right.', [
      { path: 'password', message: 'Incorrect password' },
    ]);
  };
}
