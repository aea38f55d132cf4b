import type { AssignedMilestone } from '@liftoff/contracts/experts-profile';
import { and, asc, eq, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { milestoneTemplates, programTemplates } from './tables.js';

/**
 * The milestones whose content names an expert (by the expert's pack key), for the expert portal (app.ts
 * hands it to the experts feature). Only the newest version of each program counts: older versions stay
 * for the founders enrolled in them, but the assignment an expert should know is the current one.
 */
export function expertMilestones(db: DbOrTx) {
  return async (expertKey: string): Promise<AssignedMilestone[]> => {
    const newest = db
      .select({ key: programTemplates.key, version: max(programTemplates.version).as('newest_version') })
      .from(programTemplates)
      .groupBy(programTemplates.key)
      .as('newest');
    return db
      .select({
        programKey: programTemplates.key,
        programName: programTemplates.name,
        key: milestoneTemplates.key,
        index: milestoneTemplates.index,
        name: milestoneTemplates.name,
        overviewSubtitle: milestoneTemplates.overviewSubtitle,
      })
      .from(milestoneTemplates)
      .innerJoin(programTemplates, eq(programTemplates.id, milestoneTemplates.programTemplateId))
      .innerJoin(
        newest,
        and(eq(newest.key, programTemplates.key), eq(newest.version, programTemplates.version)),
      )
      .where(eq(milestoneTemplates.expertKey, expertKey))
      .orderBy(asc(programTemplates.name), asc(milestoneTemplates.index));
  };
}
