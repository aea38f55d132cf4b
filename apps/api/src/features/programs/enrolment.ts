import type { Db, DbOrTx } from '../../db/client.js';
import { startupOf } from './owner.js';
import { progressRepository } from './repository.js';
import { templatesRepository } from './templates-repository.js';

/**
 * Enrols the user's startup in the newest version of the program `programKey` (a cohort's), or of the default program
 * when it is null; a no-op when already enrolled in it or when there is no such program. An enrolment in
 * another program stays as it is, with its history. Enrolment is the startup's (decision 063): a co-founder
 * joining an enrolled startup is not enrolled again, and someone in no startup yet is enrolled once their
 * profile makes them one. Only `tx` is used.
 */
export async function enrollInProgram(
  tx: DbOrTx,
  userId: string,
  programKey: string | null,
  now = new Date(),
): Promise<string | null> {
  const templates = templatesRepository(tx);
  const template = programKey ? await templates.findNewest(programKey) : await templates.findDefault();
  if (!template) return null;
  const startupId = await startupOf(tx, userId);
  if (!startupId) return null;
  const repo = progressRepository(tx);
  if (await repo.findEnrollment(startupId, template.key)) return null;
  const tree = await templatesRepository(tx).tree(template.id);
  const program = await repo.insertProgram({
    startupId,
    userId,
    programTemplateId: template.id,
    programKey: template.key,
    status: 'ONGOING',
    endsAt: template.durationDays ? new Date(now.getTime() + template.durationDays * 86_400_000) : null,
  });
  if (!program) return null;
  const firstMilestone = tree.milestones[0]?.id;
  const milestones = await repo.insertMilestones(
    tree.milestones.map((m) => ({
      startupId,
      userId,
      userProgramId: program.id,
      milestoneTemplateId: m.id,
      index: m.index,
      status: m.id === firstMilestone ? 'ONGOING' : 'LOCKED',
    })),
  );
  const milestoneIds = new Map(milestones.map((m) => [m.milestoneTemplateId, m.id]));
  const missions = await repo.insertMissions(
    tree.missions.map((m) => ({
      startupId,
      userId,
      userMilestoneId: milestoneIds.get(m.milestoneTemplateId)!,
      missionTemplateId: m.id,
      index: m.index,
      status: m.milestoneTemplateId === firstMilestone ? 'ONGOING' : 'LOCKED',
    })),
  );
  const missionIds = new Map(missions.map((m) => [m.missionTemplateId, m.id]));
  const openMissions = new Set(
    tree.missions.filter((m) => m.milestoneTemplateId === firstMilestone).map((m) => m.id),
  );
  await repo.insertSteps(
    tree.steps.map((s) => ({
      startupId,
      userId,
      userMissionId: missionIds.get(s.missionTemplateId)!,
      stepTemplateId: s.id,
      index: s.index,
      status: openMissions.has(s.missionTemplateId) && s.index === 1 ? 'ONGOING' : 'LOCKED',
    })),
  );
  return program.id;
}

/** Closes every enrolment whose end date passed (unfinished milestones and missions become INCOMPLETED). */
export async function closeOverduePrograms(db: Db, now = new Date()): Promise<number> {
  let closed = 0;
  for (const { id } of await progressRepository(db).overduePrograms(now)) {
    const done = await db.transaction(async (tx) => {
      const repo = progressRepository(tx);
      await repo.lockProgram(id);
      return repo.closeProgram(id);
    });
    if (done) closed += 1;
  }
  return closed;
}
