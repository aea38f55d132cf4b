import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { personalRows } from '../../lib/personal-rows.js';
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
 * One founder's programme data for their export and for deleting the account (app.ts hands it to auth).
 * Rows go with the user by cascade (decision 008); the files' bytes do not, so they are named here.
 */
export function programsAccountData(db: Db) {
  return {
    async sections(userId: string) {
      const worksheets = await db
        .select({
          step: stepTemplates.title,
          stepKey: stepTemplates.key,
          status: userSteps.status,
          doLater: userSteps.doLater,
          rating: userSteps.rating,
          answers: userSteps.answers,
          answersUpdatedAt: userSteps.answersUpdatedAt,
          completedAt: userSteps.completedAt,
        })
        .from(userSteps)
        .innerJoin(stepTemplates, eq(stepTemplates.id, userSteps.stepTemplateId))
        .where(eq(userSteps.userId, userId))
        .orderBy(asc(userSteps.userMissionId), asc(userSteps.index));
      const files = await db
        .select({ file: missionAttachments, mission: missionTemplates.name })
        .from(missionAttachments)
        .innerJoin(userMissions, eq(userMissions.id, missionAttachments.userMissionId))
        .innerJoin(missionTemplates, eq(missionTemplates.id, userMissions.missionTemplateId))
        .where(eq(missionAttachments.userId, userId))
        .orderBy(asc(missionAttachments.createdAt));
      const reviews = await db.select().from(deliverableReviews).where(eq(deliverableReviews.userId, userId));
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
      const links = await db.select().from(shares).where(eq(shares.userId, userId));
      // Steps a newer program version dropped, with the answers given to them (decision 042).
      const retired = await db
        .select()
        .from(userRetiredSteps)
        .where(eq(userRetiredSteps.userId, userId))
        .orderBy(asc(userRetiredSteps.retiredAt));
      return {
        worksheets,
        retiredSteps: personalRows(retired),
        deliverables: {
          files: files.map(({ file, mission }) => ({ ...personalRows([file])[0], mission })),
          reviews: personalRows(reviews).map(({ reviewerId: _reviewer, ...review }) => review),
          comments,
        },
        shareLinks: personalRows(links),
      };
    },

    /** The files the founder handed in, with the storage key that holds their bytes. */
    async files(userId: string, on: DbOrTx = db) {
      return on
        .select({
          id: missionAttachments.id,
          key: missionAttachments.storageKey,
          name: missionAttachments.fileName,
          mimeType: missionAttachments.mimeType,
          size: missionAttachments.size,
        })
        .from(missionAttachments)
        .where(eq(missionAttachments.userId, userId))
        .orderBy(asc(missionAttachments.createdAt));
    },
  };
}
