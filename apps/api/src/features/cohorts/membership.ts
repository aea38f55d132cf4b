import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { cohortManagers, cohortMembers, cohorts } from './tables.js';

/**
 * Which cohort founders are in, read in batches for other rooms' studio lists (the review queue's cohort
 * column and filter); app.ts hands these to them, so they never import this room.
 */
export function cohortMembership(db: DbOrTx) {
  return {
    async cohortsOf(userIds: string[]): Promise<Map<string, { id: string; name: string }>> {
      if (!userIds.length) return new Map();
      const rows = await db
        .select({ userId: cohortMembers.userId, id: cohorts.id, name: cohorts.name })
        .from(cohortMembers)
        .innerJoin(cohorts, eq(cohorts.id, cohortMembers.cohortId))
        .where(inArray(cohortMembers.userId, userIds));
      return new Map(rows.map((row) => [row.userId, { id: row.id, name: row.name }]));
    },

    /** The program of the founder's cohort, or null when they are in none (then the default program). */
    async programOf(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ programKey: cohorts.programKey })
        .from(cohortMembers)
        .innerJoin(cohorts, eq(cohorts.id, cohortMembers.cohortId))
        .where(eq(cohortMembers.userId, userId));
      return row?.programKey ?? null;
    },

    /** The managers of the founder's cohort (none when the founder is in no cohort). */
    async managersOf(founderId: string): Promise<string[]> {
      const rows = await db
        .select({ userId: cohortManagers.userId })
        .from(cohortMembers)
        .innerJoin(cohortManagers, eq(cohortManagers.cohortId, cohortMembers.cohortId))
        .where(eq(cohortMembers.userId, founderId));
      return rows.map((row) => row.userId);
    },

    async founders(cohortId: string): Promise<string[]> {
      const rows = await db
        .select({ userId: cohortMembers.userId })
        .from(cohortMembers)
        .where(eq(cohortMembers.cohortId, cohortId));
      return rows.map((row) => row.userId);
    },
  };
}
