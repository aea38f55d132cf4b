import type { Limiter } from '../../plugins/rate-limit.js';

/**
 * A per-address cooldown for the mails a stranger can set off (a reset link, a sign-in code): within it, a
 * further request is answered exactly as the first but sends nothing, so repeating it neither floods a mailbox
 * nor tells whether the address has an account. Shared by every instance through the limiter.
 */
export function mailCooldown(limiter: Limiter, seconds: number) {
  return async function mayMail(kind: string, email: string): Promise<boolean> {
    if (seconds <= 0) return true;
    return (await limiter.hit(`mail:${kind}:${email.toLowerCase()}`, 1, seconds)).allowed;
  };
}
