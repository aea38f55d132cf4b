import type { Db } from '../../db/client.js';
import type { ProfileHooks } from './own-account.js';
import { hashPassword } from './passwords.js';
import { usersRepository } from './repository.js';

/**
 * A ready account for trying the product; created once, never overwritten. Its profile is complete, so the
 * completion hook runs for it as for a founder who finished onboarding (the programs feature enrols it).
 */
export async function ensureDemoAccount(
  db: Db,
  hooks: ProfileHooks,
  email: string,
  password: string,
): Promise<'created' | 'exists'> {
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
    if (row) await hooks.onProfileCompleted?.(tx, row.id);
    return row;
  });
  return created ? 'created' : 'exists';
}
