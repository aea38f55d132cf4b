import type { Contribution, MissionContributions } from '@liftoff/contracts/programs-contributions';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { memberIdsOf } from './owner.js';
import { checkId } from './progress-checks.js';
import { progressRepository } from './repository.js';
import { missionAttachments, stepTemplates, userSteps } from './tables.js';

const FORMER_MEMBER = 'Former member';

/**
 * Each person's part of one of the startup's missions (decision 063): read from who saved each worksheet
 * field last (`answer_versions`), who completed each step (`user_steps.user_id`) and who handed in each
 * version (`mission_attachments.user_id`). Four reads, whatever the size of the team.
 */
export function createContributions(deps: {
  db: Db;
  people: (ids: string[]) => Promise<Map<string, { name: string }>>;
}) {
  const { db } = deps;
  return {
    async missionContributions(startupId: string, missionId: string): Promise<MissionContributions> {
      const mission = await progressRepository(db).missionContext(startupId, checkId(missionId, 'Mission'));
      if (!mission) throw notFound('Mission not found');
      const [steps, files, members] = await Promise.all([
        db
          .select({
            id: userSteps.id,
            status: userSteps.status,
            userId: userSteps.userId,
            answers: userSteps.answers,
            answerVersions: userSteps.answerVersions,
            fields: stepTemplates.worksheetFields,
          })
          .from(userSteps)
          .innerJoin(stepTemplates, eq(stepTemplates.id, userSteps.stepTemplateId))
          .where(and(eq(userSteps.startupId, startupId), eq(userSteps.userMissionId, missionId)))
          .orderBy(asc(userSteps.index)),
        db
          .select({ userId: missionAttachments.userId })
          .from(missionAttachments)
          .where(
            and(eq(missionAttachments.startupId, startupId), eq(missionAttachments.userMissionId, missionId)),
          )
          .orderBy(asc(missionAttachments.createdAt), asc(missionAttachments.id)),
        memberIdsOf(db, startupId),
      ]);
      const byPerson = new Map<string | null, Omit<Contribution, 'name' | 'member'>>();
      const partOf = (userId: string | null) => {
        let part = byPerson.get(userId);
        if (!part)
          byPerson.set(
            userId,
            (part = { userId, fieldsAnswered: 0, stepsCompleted: [], versionsHandedIn: [] }),
          );
        return part;
      };
      for (const member of members) partOf(member);
      let fieldsTotal = 0;
      for (const step of steps) {
        for (const field of step.fields ?? []) {
          fieldsTotal += 1;
          if (!step.answers[field.key]?.trim()) continue;
          // Answers saved before fields kept their versions are the founder's who held the step then.
          const version = step.answerVersions[field.key];
          partOf(version ? version.by : step.userId).fieldsAnswered += 1;
        }
        if (step.status === 'COMPLETED') partOf(step.userId).stepsCompleted.push(step.id);
      }
      files.forEach((file, index) => partOf(file.userId).versionsHandedIn.push(index + 1));
      const memberIds = new Set(members);
      const ids = [...byPerson.keys()].filter((id): id is string => id !== null);
      const names = await deps.people(ids);
      return {
        missionId,
        fieldsTotal,
        people: [...byPerson.values()].map((part) => ({
          ...part,
          name: (part.userId && names.get(part.userId)?.name) || FORMER_MEMBER,
          member: part.userId !== null && memberIds.has(part.userId),
        })),
      };
    },
  };
}
