import type { Role } from '@liftoff/contracts/auth';
import { eq } from 'drizzle-orm';
import type { App } from '../../src/app.js';
import { users } from '../../src/features/auth/tables.js';
import { totpUser } from '../auth/two-factor-support.js';
import { readyUser } from './accounts.js';

/**
 * A ready account holding exactly `roles`, signed in (past the second factor when it has one). Two-factor is
 * on by default, as the studio requires for the program team. The roles are written to the row directly, as
 * the command line or another admin would have granted them.
 */
export async function personWith(app: App, roles: Role[], { twoFactor = true } = {}) {
  if (twoFactor) {
    const account = await totpUser(app);
    await setRoles(app, account.user.id, roles);
    return { ...account, token: account.session.token, roles };
  }
  const account = await readyUser(app);
  await setRoles(app, account.user.id, roles);
  return { ...account, secret: null, roles };
}

export async function setRoles(app: App, userId: string, roles: Role[]) {
  await app.db.update(users).set({ roles }).where(eq(users.id, userId));
}
