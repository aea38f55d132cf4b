import { and, asc, count, desc, eq, inArray, isNotNull, max, sql, type AnyColumn } from 'drizzle-orm';
import type { ProgressStatus } from '@liftoff/contracts/programs';
import { anyUuid } from '../../db/any-of.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { progressRepository } from './repository.js';
import { enrollInProgram } from './enrolment.js';
import { startupOf, startupsOfPeople } from './owner.js';
import {
  deliverableReviews,
  milestoneTemplates,
  missionAttachments,
  missionTemplates,
  programTemplates,
  stepTemplates,
  userMilestones,
  userMissions,
  userPrograms,
  userSteps,
} from './tables.js';

/**
 * Progress read across many founders for the program team's studio (app.ts hands it to the cohorts
 * feature). Each read is one grouped query over the cohort, so a dashboard of hundreds of founders
 * costs a handful of round trips, not one per founder.
 */
/*
 * The progress is the startup's (decision 063); the studio still asks per founder. A founder's rows are their
 * startup's: `column` is one of the startups the given people are members of.
 */
const ofTheirStartups = (column: AnyColumn, userIds: string[]) =>
  sql`${column} in (select m.startup_id from startup_members m where m.user_id = any(${`{${userIds.join(',')}}`}::uuid[]))`;

export function cohortProgress(db: Db) {
  return {
    /** Enrols a founder who joins a cohort in its program; an enrolment in another program keeps its history. */
    async enroll(tx: DbOrTx, userId: string, programKey: string) {
      await enrollInProgram(tx, userId, programKey);
    },

    async programExists(key: string) {
      const [row] = await db
        .select({ id: programTemplates.id })
        .from(programTemplates)
        .where(eq(programTemplates.key, key))
        .limit(1);
      return Boolean(row);
    },

    async programs() {
      const rows = await db
        .selectDistinctOn([programTemplates.key], {
          key: programTemplates.key,
          name: programTemplates.name,
          summary: programTemplates.summary,
        })
        .from(programTemplates)
        .orderBy(asc(programTemplates.key), desc(programTemplates.version));
      return rows.sort((a, b) => a.name.localeCompare(b.name));
    },

    async milestones(programKey: string) {
      const [template] = await db
        .select({ id: programTemplates.id })
        .from(programTemplates)
        .where(eq(programTemplates.key, programKey))
        .orderBy(desc(programTemplates.version))
        .limit(1);
      if (!template) return [];
      return db
        .select({
          index: milestoneTemplates.index,
          key: milestoneTemplates.key,
          name: milestoneTemplates.name,
        })
        .from(milestoneTemplates)
        .where(eq(milestoneTemplates.programTemplateId, template.id))
        .orderBy(asc(milestoneTemplates.index));
    },

    /**
     * One row per founder, from the step summaries each milestone carries (kept by the database as steps
     * change, decision 038): the milestone cells come as one JSON array per founder and the activity
     * dates are reduced in the query, because turning thousands of rows and dates into objects cost more
     * than the query itself on the embedded database.
     */
    async overview(userIds: string[], programKey: string) {
      if (!userIds.length) return { cells: [], activity: [] };
      const lastStepAt = sql`greatest(max(${userMilestones.lastStepAt}), max(${userMilestones.lastAnswerAt}))`;
      // Each member shows their startup's progress (one row per startup is the dashboard's next step).
      const startupOfMember = await startupsOfPeople(db, userIds);
      const startupIds = [...new Set(startupOfMember.values())];
      if (!startupIds.length) return { cells: [], activity: [] };
      const rowsOfStartups = await db
        .select({
          startupId: userPrograms.startupId,
          lastStepAt: sql<Date | null>`${lastStepAt}`.mapWith(userMilestones.lastStepAt),
          // Steps carry no start time; the open step started when the one before it was done (or at enrolment).
          openStepSince: sql<Date | null>`case when ${userPrograms.status} = 'ONGOING'
            and bool_or(${userMilestones.stepsOpen} > 0)
            then greatest(${userPrograms.createdAt}, ${lastStepAt}, max(${userMilestones.completedAt})) end`.mapWith(
            userMilestones.lastStepAt,
          ),
          cells: sql<string>`json_agg(json_build_array(${userMilestones.index}, ${userMilestones.status},
            ${userMilestones.stepsDone}, ${userMilestones.stepsTotal}))::text`,
        })
        .from(userPrograms)
        .innerJoin(userMilestones, eq(userMilestones.userProgramId, userPrograms.id))
        .where(and(anyUuid(userPrograms.startupId, startupIds), eq(userPrograms.programKey, programKey)))
        .groupBy(userPrograms.id);
      const uploads = await db
        .select({ startupId: missionAttachments.startupId, at: max(missionAttachments.createdAt) })
        .from(missionAttachments)
        .where(anyUuid(missionAttachments.startupId, startupIds))
        .groupBy(missionAttachments.startupId);
      const byStartup = new Map(rowsOfStartups.map((row) => [row.startupId, row]));
      const uploadAt = new Map(uploads.map((u) => [u.startupId, u.at]));
      const rows = [...startupOfMember].flatMap(([userId, startupId]) => {
        const row = byStartup.get(startupId);
        return row ? [{ ...row, userId, lastUploadAt: uploadAt.get(startupId) ?? null }] : [];
      });
      return {
        cells: rows.flatMap((row) =>
          (JSON.parse(row.cells) as [number, ProgressStatus, number, number][]).map(
            ([index, status, stepsDone, stepsTotal]) => ({
              userId: row.userId,
              index,
              status,
              stepsDone,
              stepsTotal,
            }),
          ),
        ),
        activity: rows.map((row) => ({
          userId: row.userId,
          lastStepAt: row.lastStepAt,
          openStepSince: row.openStepSince,
          lastUploadAt: row.lastUploadAt,
        })),
      };
    },

    /** Deliverables the program team has still to act on: handed in (again) or taken into review. */
    async deliverablesAwaitingReview(userIds: string[]) {
      if (!userIds.length) return 0;
      const [row] = await db
        .select({ n: count() })
        .from(deliverableReviews)
        .where(
          and(
            ofTheirStartups(deliverableReviews.startupId, userIds),
            inArray(deliverableReviews.status, ['submitted', 'in_review']),
          ),
        );
      return row?.n ?? 0;
    },

    async closeEnrollments(tx: DbOrTx, userIds: string[], programKey: string) {
      if (!userIds.length) return 0;
      const repo = progressRepository(tx);
      const open = await tx
        .select({ id: userPrograms.id })
        .from(userPrograms)
        .where(
          and(
            ofTheirStartups(userPrograms.startupId, userIds),
            eq(userPrograms.programKey, programKey),
            eq(userPrograms.status, 'ONGOING'),
          ),
        );
      let closed = 0;
      for (const { id } of open) {
        await repo.lockProgram(id);
        if (await repo.closeProgram(id)) closed += 1;
      }
      return closed;
    },

    /**
     * INCOMPLETED → ONGOING for one mission, with its milestone and enrolment so its steps can be taken
     * again; the enrolment loses its own end date so the programs sweep does not close it at once.
     */
    async reopenMission(userId: string, missionId: string): Promise<'reopened' | 'not-found' | 'not-closed'> {
      return db.transaction(async (tx) => {
        const repo = progressRepository(tx);
        const context = await repo.missionContext((await startupOf(tx, userId)) ?? userId, missionId);
        if (!context) return 'not-found';
        await repo.lockProgram(context.programId);
        const [mission] = await tx
          .update(userMissions)
          .set({ status: 'ONGOING' })
          .where(and(eq(userMissions.id, missionId), eq(userMissions.status, 'INCOMPLETED')))
          .returning({ id: userMissions.id });
        if (!mission) return 'not-closed';
        await tx
          .update(userMilestones)
          .set({ status: 'ONGOING' })
          .where(and(eq(userMilestones.id, context.milestoneId), eq(userMilestones.status, 'INCOMPLETED')));
        await tx
          .update(userPrograms)
          .set({ status: 'ONGOING', endsAt: null })
          .where(and(eq(userPrograms.id, context.programId), eq(userPrograms.status, 'INCOMPLETED')));
        await repo.openStep(missionId, 1);
        return 'reopened';
      });
    },

    async history(userId: string, programKey: string) {
      const startupId = (await startupOf(db, userId)) ?? userId;
      const missions = await db
        .select({
          id: userMissions.id,
          milestoneName: milestoneTemplates.name,
          name: missionTemplates.name,
          status: userMissions.status,
        })
        .from(userPrograms)
        .innerJoin(userMilestones, eq(userMilestones.userProgramId, userPrograms.id))
        .innerJoin(milestoneTemplates, eq(milestoneTemplates.id, userMilestones.milestoneTemplateId))
        .innerJoin(userMissions, eq(userMissions.userMilestoneId, userMilestones.id))
        .innerJoin(missionTemplates, eq(missionTemplates.id, userMissions.missionTemplateId))
        .where(and(eq(userPrograms.startupId, startupId), eq(userPrograms.programKey, programKey)))
        .orderBy(asc(userMilestones.index), asc(userMissions.index));
      const steps = await db
        .select({ at: userSteps.completedAt, title: stepTemplates.title, missionName: missionTemplates.name })
        .from(userSteps)
        .innerJoin(stepTemplates, eq(stepTemplates.id, userSteps.stepTemplateId))
        .innerJoin(userMissions, eq(userMissions.id, userSteps.userMissionId))
        .innerJoin(missionTemplates, eq(missionTemplates.id, userMissions.missionTemplateId))
        .where(and(eq(userSteps.startupId, startupId), isNotNull(userSteps.completedAt)));
      const deliverables = await db
        .select({
          at: missionAttachments.createdAt,
          fileName: missionAttachments.fileName,
          missionName: missionTemplates.name,
        })
        .from(missionAttachments)
        .innerJoin(userMissions, eq(userMissions.id, missionAttachments.userMissionId))
        .innerJoin(missionTemplates, eq(missionTemplates.id, userMissions.missionTemplateId))
        .where(eq(missionAttachments.startupId, startupId));
      return { missions, steps: steps.map((s) => ({ ...s, at: s.at! })), deliverables };
    },
  };
}
