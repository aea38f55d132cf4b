import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { cohortMembers, cohortMilestoneWindows, cohorts, pacingNotices } from './tables.js';

export type WindowRow = typeof cohortMilestoneWindows.$inferSelect;

/** The milestone windows of cohorts and the notices sent about them. */
export function pacingRepository(db: DbOrTx) {
  return {
    windows(cohortId: string): Promise<WindowRow[]> {
      return db.select().from(cohortMilestoneWindows).where(eq(cohortMilestoneWindows.cohortId, cohortId));
    },
    async setWindow(values: Omit<WindowRow, 'updatedAt'>) {
      const { cohortId: _c, milestoneKey: _k, ...changes } = values;
      await db
        .insert(cohortMilestoneWindows)
        .values(values)
        .onConflictDoUpdate({
          target: [cohortMilestoneWindows.cohortId, cohortMilestoneWindows.milestoneKey],
          set: { ...changes, updatedAt: new Date() },
        });
    },
    async deleteWindow(cohortId: string, milestoneKey: string) {
      const rows = await db
        .delete(cohortMilestoneWindows)
        .where(
          and(
            eq(cohortMilestoneWindows.cohortId, cohortId),
            eq(cohortMilestoneWindows.milestoneKey, milestoneKey),
          ),
        )
        .returning({ key: cohortMilestoneWindows.milestoneKey });
      return rows.length > 0;
    },
    /** The founder's cohort (program and zone) and its windows; null outside any cohort. */
    async ofFounder(userId: string) {
      const [cohort] = await db
        .select({ id: cohorts.id, programKey: cohorts.programKey, timeZone: cohorts.timeZone })
        .from(cohortMembers)
        .innerJoin(cohorts, eq(cohorts.id, cohortMembers.cohortId))
        .where(eq(cohortMembers.userId, userId));
      if (!cohort) return null;
      return { cohort, windows: await this.windows(cohort.id) };
    },
    /** Windows of open cohorts due before `by` (already due, or due soon), with their cohort. */
    dueBy(by: Date) {
      return db
        .select({ window: cohortMilestoneWindows, cohort: cohorts })
        .from(cohortMilestoneWindows)
        .innerJoin(cohorts, eq(cohorts.id, cohortMilestoneWindows.cohortId))
        .where(and(lte(cohortMilestoneWindows.dueAt, by), isNull(cohorts.closedAt)))
        .orderBy(asc(cohortMilestoneWindows.cohortId), asc(cohortMilestoneWindows.dueAt));
    },
    /** Records a notice as sent; false when it already was (by this instance or another). */
    async recordNotice(values: typeof pacingNotices.$inferInsert) {
      const rows = await db
        .insert(pacingNotices)
        .values(values)
        .onConflictDoNothing()
        .returning({ userId: pacingNotices.userId });
      return rows.length > 0;
    },
  };
}
