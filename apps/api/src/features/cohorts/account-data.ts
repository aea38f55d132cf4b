import { eq, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { cohortInvitations, cohortMembers, cohorts } from './tables.js';

/**
 * One founder's cohorts for their export, and what deleting the account removes beyond the cascade: the
 * invitations to their address, which name them and their startup and have no key to the account once used.
 */
export function cohortsAccountData(db: Db) {
  return {
    async sections(userId: string) {
      const rows = await db
        .select({ cohort: cohorts.name, joinedAt: cohortMembers.joinedAt })
        .from(cohortMembers)
        .innerJoin(cohorts, eq(cohorts.id, cohortMembers.cohortId))
        .where(eq(cohortMembers.userId, userId));
      return { cohorts: rows };
    },
    async forget(tx: DbOrTx, userId: string, email: string) {
      await tx
        .delete(cohortInvitations)
        .where(or(eq(cohortInvitations.acceptedUserId, userId), eq(cohortInvitations.email, email)));
    },
  };
}
