import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { openSecret, sealSecret } from '../../lib/secret-box.js';
import { hashPassword } from './passwords.js';
import { usersRepository } from './repository.js';
import { newTotpSecret } from './totp.js';

/**
 * A program manager (and admin, so every studio screen can be tried) for trying the studio locally: verified, two-factor on with an authenticator key that
 * start-up prints, so a developer adds it to their app (or computes codes) and signs in. Created once; an
 * existing account is left as it is and its key printed again (null when its owner changed the method).
 */
export async function ensureDemoManager(
  db: Db,
  config: Config,
  email: string,
  password: string,
): Promise<{ email: string; secret: string | null }> {
  const users = usersRepository(db);
  const existing = await users.findByEmail(email);
  if (existing) {
    const secret =
      existing.twoFactorMethod === 'TOTP' && existing.twoFactorSecret
        ? openSecret(config.ENCRYPTION_KEY, existing.twoFactorSecret)
        : null;
    return { email: existing.email, secret };
  }
  const secret = newTotpSecret();
  const row = await users.insert({
    email,
    passwordHash: await hashPassword(password),
    firstName: 'Morgan',
    lastName: 'Manager',
    verified: true,
    profileCompleted: true,
  });
  if (row)
    await users.update(row.id, {
      roles: ['manager', 'admin'],
      twoFactorEnabled: true,
      twoFactorMethod: 'TOTP',
      twoFactorSecret: sealSecret(config.ENCRYPTION_KEY, secret),
    });
  return { email, secret };
}
