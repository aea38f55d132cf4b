import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { personalRows } from '../../lib/personal-rows.js';
import { membersOf, startupOf } from './owner.js';
import {
  deliverableComments,
  deliverableReviews,
  missionAttachments,
  missionTemplates,
  shares,
  stepTemplates,
  userMissions,
  userRetiredSteps,
  userSteps,
} from './tables.js';

/**
 * The programme data a founder sees, for their export, and what deleting the account removes (app.ts hands it
 * to auth). The progress is their startup's (decision 063): the export holds it marked as shared, and it goes
 * only with the startup, by cascade, when its last member's account goes; the files' bytes are named here then.
 */
export function programsAccountData(db: Db) {
  const ownerOf = async (userId: string, on: DbOrTx = db) => (await startupOf(on, userId)) ?? userId;
  return {
    async sections(userId: string) {
      const startupId = await ownerOf(userId);
      const worksheets = await db
        .select({
          step: stepTemplates.title,
          stepKey: stepTemplates.key,
          status: userSteps.status,
          doLater: userSteps.doLater,
          rating: userSteps.rating,
          answers: userSteps.answers,
          answersUpdatedAt: userSteps.answersUpdatedAt,
          answerVersions: userSteps.answerVersions,
          completedAt: userSteps.completedAt,
          byMe: sql<boolean>`${userSteps.userId} is not distinct from ${userId}::uuid`,
        })
        .from(userSteps)
        .innerJoin(stepTemplates, eq(stepTemplates.id, userSteps.stepTemplateId))
        .where(eq(userSteps.startupId, startupId))
        .orderBy(asc(userSteps.userMissionId), asc(userSteps.index));
      const files = await db
        .select({ file: missionAttachments, mission: missionTemplates.name })
        .from(missionAttachments)
        .innerJoin(userMissions, eq(userMissions.id, missionAttachments.userMissionId))
        .innerJoin(missionTemplates, eq(missionTemplates.id, userMissions.missionTemplateId))
        .where(eq(missionAttachments.startupId, startupId))
        .orderBy(asc(missionAttachments.createdAt));
      const reviews = await db
        .select()
        .from(deliverableReviews)
        .where(eq(deliverableReviews.startupId, startupId));
      // The thread on the founder's own deliverables: what was said, not who the reviewer is.
      const comments = reviews.length
        ? await db
            .select({
              deliverableId: deliverableComments.deliverableId,
              byMe: sql<boolean>`${deliverableComments.authorId} is not distinct from ${userId}::uuid`,
              body: deliverableComments.body,
              createdAt: deliverableComments.createdAt,
            })
            .from(deliverableComments)
            .where(
              inArray(
                deliverableComments.deliverableId,
                reviews.map((r) => r.id),
              ),
            )
            .orderBy(asc(deliverableComments.createdAt))
        : [];
      const links = await db.select().from(shares).where(eq(shares.startupId, startupId));
      // Steps a newer program version dropped, with the answers given to them (decision 042).
      const retired = await db
        .select()
        .from(userRetiredSteps)
        .where(eq(userRetiredSteps.startupId, startupId))
        .orderBy(asc(userRetiredSteps.retiredAt));
      return {
        // Marks the sections below as the startup's, seen by the person rather than theirs alone.
        startupProgram: {
          shared: true,
          about:
            "Your startup's program: shared with the other members, and it stays with them if you delete your account.",
          sections: ['worksheets', 'retiredSteps', 'deliverables', 'shareLinks'],
        },
        worksheets,
        retiredSteps: personalRows(retired),
        deliverables: {
          files: files.map(({ file, mission }) => ({
            ...personalRows([file])[0],
            mission,
            byMe: file.userId === userId,
          })),
          reviews: personalRows(reviews).map(({ reviewerId: _reviewer, ...review }) => review),
          comments,
        },
        shareLinks: personalRows(links),
      };
    },

    /** The files of the founder's startup (which they see), with the storage key that holds their bytes. */
    files: async (userId: string, on: DbOrTx = db) => startupFiles(on, await ownerOf(userId, on)),

    /** The bytes that go with the account: the startup's files, when the person is its last member. */
    async filesDeleted(userId: string, on: DbOrTx = db) {
      const startupId = await startupOf(on, userId);
      if (!startupId) return [];
      if ((await membersOf(on, startupId)).size > 1) return [];
      return startupFiles(on, startupId);
    },
  };
}

function startupFiles(on: DbOrTx, startupId: string) {
  return on
    .select({
      id: missionAttachments.id,
      key: missionAttachments.storageKey,
      name: missionAttachments.fileName,
      mimeType: missionAttachments.mimeType,
      size: missionAttachments.size,
    })
    .from(missionAttachments)
    .where(eq(missionAttachments.startupId, startupId))
    .orderBy(asc(missionAttachments.createdAt));
}
