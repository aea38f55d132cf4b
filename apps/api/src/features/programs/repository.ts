import { and, asc, count, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { progressQueries } from './progress-queries.js';
import {
  missionAttachments,
  missionTemplates,
  programTemplates,
  stepTemplates,
  userMilestones,
  userMissions,
  userPrograms,
  userSteps,
} from './tables.js';

export type Status = 'ONGOING' | 'LOCKED' | 'COMPLETED' | 'INCOMPLETED';

/** A user's progress rows, always scoped by the owning startup. */
export function progressRepository(db: DbOrTx) {
  return {
    async findEnrollment(startupId: string, programKey: string) {
      const [row] = await db
        .select({ id: userPrograms.id })
        .from(userPrograms)
        .where(and(eq(userPrograms.startupId, startupId), eq(userPrograms.programKey, programKey)));
      return row ?? null;
    },

    async insertProgram(values: typeof userPrograms.$inferInsert) {
      const [row] = await db
        .insert(userPrograms)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: userPrograms.id });
      return row ?? null;
    },
    async insertMilestones(values: (typeof userMilestones.$inferInsert)[]) {
      return db
        .insert(userMilestones)
        .values(values)
        .returning({ id: userMilestones.id, milestoneTemplateId: userMilestones.milestoneTemplateId });
    },
    async insertMissions(values: (typeof userMissions.$inferInsert)[]) {
      return db
        .insert(userMissions)
        .values(values)
        .returning({ id: userMissions.id, missionTemplateId: userMissions.missionTemplateId });
    },
    async insertSteps(values: (typeof userSteps.$inferInsert)[]) {
      if (values.length) await db.insert(userSteps).values(values);
    },

    ...progressQueries(db),

    /** A step of the user with everything its transition rules look at. */
    async stepContext(startupId: string, stepId: string) {
      const [row] = await db
        .select({
          stepId: userSteps.id,
          stepIndex: userSteps.index,
          stepStatus: userSteps.status,
          doLater: userSteps.doLater,
          stepType: stepTemplates.type,
          worksheetFields: stepTemplates.worksheetFields,
          answers: userSteps.answers,
          answerVersions: userSteps.answerVersions,
          missionId: userMissions.id,
          milestoneId: userMilestones.id,
          milestoneStatus: userMilestones.status,
          programId: userMilestones.userProgramId,
        })
        .from(userSteps)
        .innerJoin(stepTemplates, eq(stepTemplates.id, userSteps.stepTemplateId))
        .innerJoin(userMissions, eq(userMissions.id, userSteps.userMissionId))
        .innerJoin(userMilestones, eq(userMilestones.id, userMissions.userMilestoneId))
        .where(and(eq(userSteps.startupId, startupId), eq(userSteps.id, stepId)));
      return row ?? null;
    },

    /** A mission of the user with its milestone's status and its program. */
    async missionContext(startupId: string, missionId: string) {
      const [row] = await db
        .select({
          missionId: userMissions.id,
          missionStatus: userMissions.status,
          deliverable: missionTemplates.deliverable,
          milestoneId: userMilestones.id,
          milestoneStatus: userMilestones.status,
          milestoneIndex: userMilestones.index,
          programId: userMilestones.userProgramId,
          requiresApproval: programTemplates.requiresApproval,
        })
        .from(userMissions)
        .innerJoin(missionTemplates, eq(missionTemplates.id, userMissions.missionTemplateId))
        .innerJoin(userMilestones, eq(userMilestones.id, userMissions.userMilestoneId))
        .innerJoin(userPrograms, eq(userPrograms.id, userMilestones.userProgramId))
        .innerJoin(programTemplates, eq(programTemplates.id, userPrograms.programTemplateId))
        .where(and(eq(userMissions.startupId, startupId), eq(userMissions.id, missionId)));
      return row ?? null;
    },

    /** Serializes every progress change of one enrolment (row lock; PGlite runs one transaction at a time anyway). */
    async lockProgram(programId: string) {
      await db
        .select({ id: userPrograms.id })
        .from(userPrograms)
        .where(eq(userPrograms.id, programId))
        .for('update');
    },

    /**
     * Saves one worksheet field only if it is still at `version` (a compare-and-set in one statement, so two
     * saves from the same version cannot both pass, on either database); false when it has moved on.
     */
    async saveAnswerAt(stepId: string, key: string, value: string, version: number, by: string, at: Date) {
      const path = sql`array[${key}]::text[]`;
      const rows = await db
        .update(userSteps)
        .set({
          answers: sql`jsonb_set(${userSteps.answers}, ${path}, to_jsonb(${value}::text))`,
          answerVersions: sql`jsonb_set(${userSteps.answerVersions}, ${path}, jsonb_build_object('version', ${version + 1}::int, 'by', ${by}::text, 'at', ${at.toISOString()}::text))`,
          answersUpdatedAt: at,
        })
        .where(
          and(
            eq(userSteps.id, stepId),
            sql`coalesce((${userSteps.answerVersions} -> ${key} ->> 'version')::int, 0) = ${version}`,
          ),
        )
        .returning({ id: userSteps.id });
      return rows.length === 1;
    },

    async setStep(stepId: string, values: Partial<typeof userSteps.$inferInsert>) {
      await db.update(userSteps).set(values).where(eq(userSteps.id, stepId));
    },

    /** Opens the step at `index` of the mission if it is still locked. */
    async openStep(missionId: string, index: number) {
      await db
        .update(userSteps)
        .set({ status: 'ONGOING' })
        .where(
          and(
            eq(userSteps.userMissionId, missionId),
            eq(userSteps.index, index),
            eq(userSteps.status, 'LOCKED'),
          ),
        );
    },

    async stepStates(missionId: string) {
      return db
        .select({
          id: userSteps.id,
          index: userSteps.index,
          status: userSteps.status,
          doLater: userSteps.doLater,
        })
        .from(userSteps)
        .where(eq(userSteps.userMissionId, missionId))
        .orderBy(asc(userSteps.index));
    },

    async attachmentCount(missionId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(missionAttachments)
        .where(eq(missionAttachments.userMissionId, missionId));
      return row?.n ?? 0;
    },

    /** ONGOING → COMPLETED; answers whether this call made the change. */
    async completeMission(missionId: string, at: Date) {
      const rows = await db
        .update(userMissions)
        .set({ status: 'COMPLETED', completedAt: at })
        .where(and(eq(userMissions.id, missionId), eq(userMissions.status, 'ONGOING')))
        .returning({ id: userMissions.id });
      return rows.length > 0;
    },

    async missionStates(milestoneId: string) {
      return db
        .select({ id: userMissions.id, status: userMissions.status })
        .from(userMissions)
        .where(eq(userMissions.userMilestoneId, milestoneId));
    },

    async completeMilestone(milestoneId: string, at: Date) {
      const rows = await db
        .update(userMilestones)
        .set({ status: 'COMPLETED', completedAt: at })
        .where(and(eq(userMilestones.id, milestoneId), eq(userMilestones.status, 'ONGOING')))
        .returning({
          id: userMilestones.id,
          index: userMilestones.index,
          userProgramId: userMilestones.userProgramId,
        });
      return rows[0] ?? null;
    },

    /** LOCKED → ONGOING for the milestone at `index`, its missions, and each mission's first step. */
    async openMilestone(programId: string, index: number) {
      const [opened] = await db
        .update(userMilestones)
        .set({ status: 'ONGOING' })
        .where(
          and(
            eq(userMilestones.userProgramId, programId),
            eq(userMilestones.index, index),
            eq(userMilestones.status, 'LOCKED'),
          ),
        )
        .returning({ id: userMilestones.id });
      if (!opened) return null;
      const missions = await db
        .update(userMissions)
        .set({ status: 'ONGOING' })
        .where(and(eq(userMissions.userMilestoneId, opened.id), eq(userMissions.status, 'LOCKED')))
        .returning({ id: userMissions.id });
      if (missions.length) {
        await db
          .update(userSteps)
          .set({ status: 'ONGOING' })
          .where(
            and(
              inArray(
                userSteps.userMissionId,
                missions.map((m) => m.id),
              ),
              eq(userSteps.index, 1),
              eq(userSteps.status, 'LOCKED'),
            ),
          );
      }
      return opened.id;
    },

    async completeProgram(programId: string, at: Date) {
      await db
        .update(userPrograms)
        .set({ status: 'COMPLETED', completedAt: at })
        .where(and(eq(userPrograms.id, programId), eq(userPrograms.status, 'ONGOING')));
    },

    /** Enrolments still ONGOING whose end date passed. */
    async overduePrograms(now: Date) {
      return db
        .select({ id: userPrograms.id })
        .from(userPrograms)
        .where(and(eq(userPrograms.status, 'ONGOING'), lt(userPrograms.endsAt, now)));
    },

    /** Closes an enrolment: everything not COMPLETED becomes INCOMPLETED (steps keep their own state). */
    async closeProgram(programId: string) {
      const closed = await db
        .update(userPrograms)
        .set({ status: 'INCOMPLETED' })
        .where(and(eq(userPrograms.id, programId), eq(userPrograms.status, 'ONGOING')))
        .returning({ id: userPrograms.id });
      if (!closed.length) return false;
      const milestones = await db
        .select({ id: userMilestones.id })
        .from(userMilestones)
        .where(eq(userMilestones.userProgramId, programId));
      const ids = milestones.map((m) => m.id);
      await db
        .update(userMilestones)
        .set({ status: 'INCOMPLETED' })
        .where(
          and(eq(userMilestones.userProgramId, programId), sql`${userMilestones.status} <> 'COMPLETED'`),
        );
      if (ids.length) {
        await db
          .update(userMissions)
          .set({ status: 'INCOMPLETED' })
          .where(and(inArray(userMissions.userMilestoneId, ids), sql`${userMissions.status} <> 'COMPLETED'`));
      }
      return true;
    },

    async insertAttachment(values: typeof missionAttachments.$inferInsert) {
      const [row] = await db.insert(missionAttachments).values(values).returning();
      return row!;
    },

    async findAttachment(startupId: string, missionId: string, attachmentId: string) {
      const [row] = await db
        .select()
        .from(missionAttachments)
        .where(
          and(
            eq(missionAttachments.startupId, startupId),
            eq(missionAttachments.userMissionId, missionId),
            eq(missionAttachments.id, attachmentId),
          ),
        );
      return row ?? null;
    },

    async deleteAttachment(attachmentId: string) {
      await db.delete(missionAttachments).where(eq(missionAttachments.id, attachmentId));
    },
  };
}
