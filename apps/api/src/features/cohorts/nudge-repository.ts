import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { cohortNudges } from './tables.js';

export type NudgeRow = typeof cohortNudges.$inferSelect;

/** The nudges sent to founders. */
export function nudgeRepository(db: DbOrTx) {
  return {
    async insert(values: (typeof cohortNudges.$inferInsert)[]): Promise<NudgeRow[]> {
      if (!values.length) return [];
      return db.insert(cohortNudges).values(values).returning();
    },
    /** One founder's nudges in one cohort, newest first. */
    ofFounder(cohortId: string, founderId: string): Promise<NudgeRow[]> {
      return db
        .select()
        .from(cohortNudges)
        .where(and(eq(cohortNudges.cohortId, cohortId), eq(cohortNudges.founderId, founderId)))
        .orderBy(desc(cohortNudges.sentAt));
    },
  };
}
