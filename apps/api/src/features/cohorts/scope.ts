import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { cohortManagers, cohortMembers } from './tables.js';

/** Who is asking: the guard's principal (only its id and roles matter here). */
export interface ScopedPerson {
  userId: string;
  roles: readonly string[];
}

/**
 * Which founders a member of the program team may see: admins every founder, managers the founders in
 * the cohorts they manage. Handed to other features by app.ts, so they scope studio reads the same way
 * (a founder outside the scope answers 404 there too).
 */
export interface CohortScope {
  managesFounder(person: ScopedPerson, founderId: string): Promise<boolean>;
  /** 'all' for admins; otherwise the ids of the founders in the caller's cohorts. */
  managedFounderIds(person: ScopedPerson): Promise<string[] | 'all'>;
}

const isAdmin = (person: ScopedPerson) => person.roles.includes('admin');
const isManager = (person: ScopedPerson) => person.roles.includes('manager');

export function createCohortScope(db: DbOrTx): CohortScope {
  return {
    async managesFounder(person, founderId) {
      if (isAdmin(person)) return true;
      if (!isManager(person)) return false;
      const [row] = await db
        .select({ userId: cohortMembers.userId })
        .from(cohortMembers)
        .innerJoin(cohortManagers, eq(cohortManagers.cohortId, cohortMembers.cohortId))
        .where(and(eq(cohortMembers.userId, founderId), eq(cohortManagers.userId, person.userId)))
        .limit(1);
      return Boolean(row);
    },

    async managedFounderIds(person) {
      if (isAdmin(person)) return 'all';
      if (!isManager(person)) return [];
      const rows = await db
        .select({ userId: cohortMembers.userId })
        .from(cohortMembers)
        .innerJoin(cohortManagers, eq(cohortManagers.cohortId, cohortMembers.cohortId))
        .where(eq(cohortManagers.userId, person.userId));
      return rows.map((row) => row.userId);
    },
  };
}
