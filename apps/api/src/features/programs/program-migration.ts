import type { WorksheetField } from '@liftoff/contracts/programs';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';
import { settleMission } from './completion.js';
import { progressRepository, type Status } from './repository.js';
import { templatesRepository } from './templates-repository.js';
import {
  milestoneTemplates,
  missionAttachments,
  missionTemplates,
  programTemplates,
  stepTemplates,
  userMilestones,
  userMissions,
  userPrograms,
  userRetiredSteps,
  userSteps,
} from './tables.js';

/*
 * Moves founders enrolled in older versions of a program to a newly published one, keeping their progress by
 * the stable milestone, mission and step keys. The rule is docs/decisions/042-publishing-a-program-version.md;
 * the comments below say which part of it each pass is.
 */

type Tree = Awaited<ReturnType<ReturnType<typeof templatesRepository>['tree']>>;

/** One founder's progress rows with the keys of the templates they point at. */
async function progressOf(tx: DbOrTx, userProgramId: string) {
  const milestones = await tx
    .select({ id: userMilestones.id, status: userMilestones.status, key: milestoneTemplates.key })
    .from(userMilestones)
    .innerJoin(milestoneTemplates, eq(milestoneTemplates.id, userMilestones.milestoneTemplateId))
    .where(eq(userMilestones.userProgramId, userProgramId));
  const missions = await tx
    .select({
      id: userMissions.id,
      status: userMissions.status,
      key: missionTemplates.key,
      milestoneKey: milestoneTemplates.key,
      userMilestoneId: userMissions.userMilestoneId,
    })
    .from(userMissions)
    .innerJoin(missionTemplates, eq(missionTemplates.id, userMissions.missionTemplateId))
    .innerJoin(milestoneTemplates, eq(milestoneTemplates.id, missionTemplates.milestoneTemplateId))
    .innerJoin(userMilestones, eq(userMilestones.id, userMissions.userMilestoneId))
    .where(eq(userMilestones.userProgramId, userProgramId));
  const steps = await tx
    .select({
      row: userSteps,
      key: stepTemplates.key,
      title: stepTemplates.title,
      fields: stepTemplates.worksheetFields,
      missionKey: missionTemplates.key,
      milestoneKey: milestoneTemplates.key,
    })
    .from(userSteps)
    .innerJoin(stepTemplates, eq(stepTemplates.id, userSteps.stepTemplateId))
    .innerJoin(missionTemplates, eq(missionTemplates.id, stepTemplates.missionTemplateId))
    .innerJoin(milestoneTemplates, eq(milestoneTemplates.id, missionTemplates.milestoneTemplateId))
    .innerJoin(userMissions, eq(userMissions.id, userSteps.userMissionId))
    .innerJoin(userMilestones, eq(userMilestones.id, userMissions.userMilestoneId))
    .where(eq(userMilestones.userProgramId, userProgramId));
  return { milestones, missions, steps };
}

const missionPath = (milestoneKey: string, missionKey: string) => `${milestoneKey}/${missionKey}`;
const stepPath = (milestoneKey: string, missionKey: string, stepKey: string) =>
  `${milestoneKey}/${missionKey}/${stepKey}`;

/** Answers with their fields' labels in the worksheet's order, readable without the old template. */
function labelledAnswers(answers: Record<string, string>, fields: WorksheetField[] | null) {
  const order = (key: string) => {
    const i = fields?.findIndex((f) => f.key === key) ?? -1;
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  return Object.entries(answers)
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
    .map(([key, value]) => ({ key, label: fields?.find((f) => f.key === key)?.label ?? key, value }));
}

/**
 * Refuses the version before anything moves when it drops a milestone or mission in which a founder handed
 * in files: those are the founder's work and their reviews; deleting them is not the publisher's call.
 */
async function refuseDroppedWork(tx: DbOrTx, programKey: string, tree: Tree, newTemplateId: string) {
  const kept = new Set(tree.missions.map((m) => missionPath(m.milestoneKey, m.key)));
  const withFiles = await tx
    .select({ milestoneKey: milestoneTemplates.key, missionKey: missionTemplates.key, files: count() })
    .from(missionAttachments)
    .innerJoin(userMissions, eq(userMissions.id, missionAttachments.userMissionId))
    .innerJoin(missionTemplates, eq(missionTemplates.id, userMissions.missionTemplateId))
    .innerJoin(milestoneTemplates, eq(milestoneTemplates.id, missionTemplates.milestoneTemplateId))
    .innerJoin(userMilestones, eq(userMilestones.id, userMissions.userMilestoneId))
    .innerJoin(userPrograms, eq(userPrograms.id, userMilestones.userProgramId))
    .where(and(eq(userPrograms.programKey, programKey), ne(userPrograms.programTemplateId, newTemplateId)))
    .groupBy(milestoneTemplates.key, missionTemplates.key);
  const dropped = withFiles.filter((m) => !kept.has(missionPath(m.milestoneKey, m.missionKey)));
  if (dropped.length)
    throw conflict(
      `Founders handed in files for the mission${dropped.length > 1 ? 's' : ''} ${dropped
        .map((m) => `"${m.milestoneKey}/${m.missionKey}"`)
        .join(', ')}; keep ${dropped.length > 1 ? 'them' : 'it'} in the new version.`,
    );
}

/**
 * Moves every founder enrolled in another version of `programKey` to `newTemplateId`. Runs inside the
 * publishing transaction, after the new version's rows were stored; answers how many founders moved.
 */
export async function moveFoundersToVersion(
  tx: DbOrTx,
  programKey: string,
  newTemplateId: string,
  now = new Date(),
): Promise<number> {
  const tree = await templatesRepository(tx).tree(newTemplateId);
  await refuseDroppedWork(tx, programKey, tree, newTemplateId);
  const [template] = await tx
    .select({ requiresApproval: programTemplates.requiresApproval })
    .from(programTemplates)
    .where(eq(programTemplates.id, newTemplateId));
  const enrolments = await tx
    .select({
      id: userPrograms.id,
      startupId: userPrograms.startupId,
      userId: userPrograms.userId,
      version: programTemplates.version,
    })
    .from(userPrograms)
    .innerJoin(programTemplates, eq(programTemplates.id, userPrograms.programTemplateId))
    .where(and(eq(userPrograms.programKey, programKey), ne(userPrograms.programTemplateId, newTemplateId)));
  for (const enrolment of enrolments) {
    await progressRepository(tx).lockProgram(enrolment.id);
    await moveOne(
      tx,
      { ...enrolment, requiresApproval: template!.requiresApproval },
      tree,
      newTemplateId,
      now,
    );
  }
  return enrolments.length;
}

async function moveOne(
  tx: DbOrTx,
  enrolment: {
    id: string;
    startupId: string;
    userId: string | null;
    version: number;
    requiresApproval: boolean;
  },
  tree: Tree,
  newTemplateId: string,
  now: Date,
) {
  const [program] = await tx.select().from(userPrograms).where(eq(userPrograms.id, enrolment.id));
  const closed = program!.status === 'INCOMPLETED';
  const progress = await progressOf(tx, enrolment.id);
  const { startupId, userId } = enrolment;

  // Steps the new version no longer has: their history moves to the retired steps, then the row goes.
  const newSteps = new Map(tree.steps.map((s) => [stepPath(s.milestoneKey, s.missionKey, s.key), s]));
  const gone = progress.steps.filter((s) => !newSteps.has(stepPath(s.milestoneKey, s.missionKey, s.key)));
  const touched = gone.filter(
    (s) =>
      s.row.status !== 'LOCKED' || s.row.doLater || s.row.rating || Object.keys(s.row.answers).length > 0,
  );
  if (touched.length)
    await tx.insert(userRetiredSteps).values(
      touched.map((s) => ({
        startupId,
        userId,
        userProgramId: enrolment.id,
        fromVersion: enrolment.version,
        milestoneKey: s.milestoneKey,
        missionKey: s.missionKey,
        stepKey: s.key,
        title: s.title,
        status: s.row.status,
        doLater: s.row.doLater,
        rating: s.row.rating,
        answers: labelledAnswers(s.row.answers, s.fields),
        completedAt: s.row.completedAt,
        retiredAt: now,
      })),
    );
  if (gone.length)
    await tx.delete(userSteps).where(
      inArray(
        userSteps.id,
        gone.map((s) => s.row.id),
      ),
    );

  // Missions and milestones the new version no longer has (none holds files: refuseDroppedWork).
  const newMissions = new Map(tree.missions.map((m) => [missionPath(m.milestoneKey, m.key), m]));
  const goneMissions = progress.missions.filter((m) => !newMissions.has(missionPath(m.milestoneKey, m.key)));
  if (goneMissions.length)
    await tx.delete(userMissions).where(
      inArray(
        userMissions.id,
        goneMissions.map((m) => m.id),
      ),
    );
  const newMilestones = new Map(tree.milestones.map((m) => [m.key, m]));
  const goneMilestones = progress.milestones.filter((m) => !newMilestones.has(m.key));
  if (goneMilestones.length)
    await tx.delete(userMilestones).where(
      inArray(
        userMilestones.id,
        goneMilestones.map((m) => m.id),
      ),
    );

  // Kept rows point at the new version's templates (its texts are served from now on) in its order; new
  // ones start closed and are opened by the passes below, as the progress rules would have opened them.
  const milestoneIds = new Map<string, { id: string; status: Status }>();
  for (const m of tree.milestones) {
    const mine = progress.milestones.find((p) => p.key === m.key);
    if (mine) {
      await tx
        .update(userMilestones)
        .set({ milestoneTemplateId: m.id, index: m.index })
        .where(eq(userMilestones.id, mine.id));
      milestoneIds.set(m.key, { id: mine.id, status: mine.status });
    } else {
      const status: Status = closed ? 'INCOMPLETED' : 'LOCKED';
      const [row] = await tx
        .insert(userMilestones)
        .values({
          startupId,
          userId,
          userProgramId: enrolment.id,
          milestoneTemplateId: m.id,
          index: m.index,
          status,
        })
        .returning({ id: userMilestones.id });
      milestoneIds.set(m.key, { id: row!.id, status });
    }
  }
  const missionIds = new Map<string, string>();
  for (const m of tree.missions) {
    const mine = progress.missions.find((p) => p.milestoneKey === m.milestoneKey && p.key === m.key);
    const milestone = milestoneIds.get(m.milestoneKey)!;
    if (mine) {
      await tx
        .update(userMissions)
        .set({ missionTemplateId: m.id, index: m.index })
        .where(eq(userMissions.id, mine.id));
      missionIds.set(missionPath(m.milestoneKey, m.key), mine.id);
      continue;
    }
    // A new mission of an open (or completed) milestone is open, as all missions of an open milestone are.
    const status: Status =
      milestone.status === 'ONGOING' || milestone.status === 'COMPLETED'
        ? 'ONGOING'
        : milestone.status === 'INCOMPLETED'
          ? 'INCOMPLETED'
          : 'LOCKED';
    const [row] = await tx
      .insert(userMissions)
      .values({
        startupId,
        userId,
        userMilestoneId: milestone.id,
        missionTemplateId: m.id,
        index: m.index,
        status,
      })
      .returning({ id: userMissions.id });
    missionIds.set(missionPath(m.milestoneKey, m.key), row!.id);
  }
  for (const s of tree.steps) {
    const path = stepPath(s.milestoneKey, s.missionKey, s.key);
    const mine = progress.steps.find((p) => stepPath(p.milestoneKey, p.missionKey, p.key) === path);
    if (mine)
      await tx
        .update(userSteps)
        .set({ stepTemplateId: s.id, index: s.index })
        .where(eq(userSteps.id, mine.row.id));
    else
      await tx.insert(userSteps).values({
        startupId,
        userId,
        userMissionId: missionIds.get(missionPath(s.milestoneKey, s.missionKey))!,
        stepTemplateId: s.id,
        index: s.index,
        status: 'LOCKED',
      });
  }
  await tx
    .update(userPrograms)
    .set({ programTemplateId: newTemplateId })
    .where(eq(userPrograms.id, enrolment.id));
  if (closed) return;
  await openWhatIsReached(tx, enrolment, tree, milestoneIds, missionIds, now);
}

/**
 * The progress rules applied to the moved rows: the first locked milestone after completed ones opens; in
 * an open mission a locked step opens when the one before it is done or put off (a new step, or the step
 * after a removed one); a mission whose remaining steps are all done settles as after a next-step call.
 */
async function openWhatIsReached(
  tx: DbOrTx,
  enrolment: { id: string; requiresApproval: boolean },
  tree: Tree,
  milestoneIds: Map<string, { id: string }>,
  missionIds: Map<string, string>,
  now: Date,
) {
  const repo = progressRepository(tx);
  const milestones = await tx
    .select({ id: userMilestones.id, index: userMilestones.index, status: userMilestones.status })
    .from(userMilestones)
    .where(eq(userMilestones.userProgramId, enrolment.id))
    .orderBy(asc(userMilestones.index));
  const firstOpen = milestones.find((m) => m.status !== 'COMPLETED');
  if (firstOpen?.status === 'LOCKED') {
    await repo.openMilestone(enrolment.id, firstOpen.index);
    await tx
      .update(userPrograms)
      .set({ status: 'ONGOING', completedAt: null })
      .where(and(eq(userPrograms.id, enrolment.id), eq(userPrograms.status, 'COMPLETED')));
  }
  for (const mission of tree.missions) {
    const missionId = missionIds.get(missionPath(mission.milestoneKey, mission.key))!;
    const [row] = await tx
      .select({ status: userMissions.status })
      .from(userMissions)
      .where(eq(userMissions.id, missionId));
    if (row!.status !== 'ONGOING' && row!.status !== 'COMPLETED') continue;
    const steps = await tx
      .select({ id: userSteps.id, status: userSteps.status, doLater: userSteps.doLater })
      .from(userSteps)
      .where(eq(userSteps.userMissionId, missionId))
      .orderBy(asc(userSteps.index));
    let previousDone = true;
    for (const step of steps) {
      if (step.status === 'LOCKED' && previousDone) {
        await tx.update(userSteps).set({ status: 'ONGOING' }).where(eq(userSteps.id, step.id));
        step.status = 'ONGOING';
      }
      previousDone = step.status === 'COMPLETED' || step.doLater;
    }
    if (row!.status === 'ONGOING')
      await settleMission(
        tx,
        {
          missionId,
          milestoneId: milestoneIds.get(mission.milestoneKey)!.id,
          programId: enrolment.id,
          hasDeliverable: Boolean(mission.hasDeliverable),
          requiresApproval: enrolment.requiresApproval,
        },
        now,
      );
  }
}

/** A startup's retired steps in the given enrolments, oldest first, for the milestones' outcomes. */
export async function retiredStepsOf(tx: DbOrTx, startupId: string, userProgramIds: string[]) {
  if (!userProgramIds.length) return [];
  const rows = await tx
    .select()
    .from(userRetiredSteps)
    .where(
      and(eq(userRetiredSteps.startupId, startupId), inArray(userRetiredSteps.userProgramId, userProgramIds)),
    )
    .orderBy(
      asc(userRetiredSteps.retiredAt),
      asc(userRetiredSteps.missionKey),
      asc(userRetiredSteps.stepKey),
    );
  return rows.map((row) => ({
    userProgramId: row.userProgramId,
    milestoneKey: row.milestoneKey,
    missionKey: row.missionKey,
    stepKey: row.stepKey,
    title: row.title,
    status: row.status,
    doLater: row.doLater,
    rating: row.rating,
    answers: row.answers,
    completedAt: row.completedAt?.toISOString() ?? null,
    fromVersion: row.fromVersion,
    retiredAt: row.retiredAt.toISOString(),
  }));
}
