import { LOCKED_MILESTONE_MESSAGE, type Attachment } from '@liftoff/contracts/programs';
import { randomUUID } from 'node:crypto';
import type { EventOf } from '@liftoff/contracts/events';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { FileStorage } from '../../plugins/storage.js';
import { settleMission } from './completion.js';
import { toAttachment } from './program-views.js';
import { checkId, ENDED_MESSAGE } from './progress-checks.js';
import type { Owner } from './owner.js';
import { progressRepository, type Status } from './repository.js';
import { reviewRepository } from './review-repository.js';
import { checkWithdrawal, handInRefusal, recordHandIn } from './review-rules.js';
import { checkUpload } from './uploads.js';

/**
 * A mission's files (its deliverable): handing one in, downloading it, and taking it back while the program
 * team has not reacted to it. The bytes live in file storage, the rows in the database.
 */
export function createMissionAttachments(deps: {
  db: Db;
  storage: FileStorage;
  publish: (event: EventOf<'deliverable.submitted'>) => void;
  people: (ids: string[]) => Promise<Map<string, { name: string }>>;
}) {
  const { db, storage } = deps;

  /** Tells whoever reviews it that a version was handed in (after the commit). */
  async function announceHandIn(
    userId: string,
    missionId: string,
    review: { id: string; reviewerId: string | null },
    title: string,
  ) {
    const [versions, people] = await Promise.all([
      reviewRepository(db).versions(missionId),
      deps.people([userId]),
    ]);
    deps.publish({
      type: 'deliverable.submitted',
      deliverableId: review.id,
      founderId: userId,
      founderName: people.get(userId)?.name ?? 'A founder',
      missionId,
      deliverableTitle: title,
      version: Math.max(1, versions.length),
      reviewerId: review.reviewerId,
    });
  }

  return {
    /** Stores a deliverable (type checked from its bytes) and completes the mission if that was all it needed. */
    async uploadAttachment(
      owner: Owner,
      missionId: string,
      file: { fileName: string; data: Buffer },
    ): Promise<Attachment> {
      checkId(missionId, 'Mission');
      const { startupId, userId } = owner;
      const before = await progressRepository(db).missionContext(startupId, missionId);
      if (!before) throw notFound('Mission not found');
      const refuse = (ctx: { milestoneStatus: Status; missionStatus: Status }) => {
        if (ctx.milestoneStatus === 'LOCKED') return conflict(LOCKED_MILESTONE_MESSAGE);
        if (ctx.milestoneStatus === 'INCOMPLETED' || ctx.missionStatus === 'INCOMPLETED')
          return conflict(ENDED_MESSAGE);
        return null;
      };
      const early =
        refuse(before) ??
        (before.deliverable ? handInRefusal(await reviewRepository(db).statusOfMission(missionId)) : null);
      if (early) throw early;
      const checked = await checkUpload(file.fileName, file.data);
      const storageKey = `attachments/${startupId}/${randomUUID()}`;
      await storage.put(storageKey, file.data, checked.mimeType);
      let done;
      try {
        done = await db.transaction(async (tx) => {
          const repo = progressRepository(tx);
          await repo.lockProgram(before.programId);
          const ctx = (await repo.missionContext(startupId, missionId))!;
          const late = refuse(ctx);
          if (late) throw late;
          // The startup's file; who handed it in is each person's part of the mission.
          const row = await repo.insertAttachment({
            startupId,
            userId,
            userMissionId: missionId,
            fileName: checked.fileName,
            mimeType: checked.mimeType,
            size: file.data.length,
            storageKey,
          });
          const now = new Date();
          // Every file handed in for a deliverable is a version of it, for the program team to review.
          const review = ctx.deliverable ? await recordHandIn(tx, owner, missionId, now) : null;
          await settleMission(tx, { ...ctx, hasDeliverable: Boolean(ctx.deliverable) }, now);
          return {
            attachment: toAttachment(row),
            handIn: review && ctx.deliverable ? { review, title: ctx.deliverable.title } : null,
          };
        });
      } catch (error) {
        await storage.delete(storageKey);
        throw error;
      }
      if (done.handIn) await announceHandIn(userId, missionId, done.handIn.review, done.handIn.title);
      return done.attachment;
    },

    async openAttachment(
      startupId: string,
      missionId: string,
      attachmentId: string,
    ): Promise<{ attachment: Attachment; stream: Readable }> {
      const row = await progressRepository(db).findAttachment(
        startupId,
        checkId(missionId, 'Mission'),
        checkId(attachmentId, 'Attachment'),
      );
      if (!row) throw notFound('Attachment not found');
      return { attachment: toAttachment(row), stream: await storage.getStream(row.storageKey) };
    },

    /**
     * Removes a deliverable file while nobody has reacted to it yet; a completed mission stays completed
     * (decision record 004).
     */
    async deleteAttachment(startupId: string, missionId: string, attachmentId: string): Promise<void> {
      const repo = progressRepository(db);
      const row = await repo.findAttachment(
        startupId,
        checkId(missionId, 'Mission'),
        checkId(attachmentId, 'Attachment'),
      );
      if (!row) throw notFound('Attachment not found');
      await db.transaction(async (tx) => {
        const review = await checkWithdrawal(tx, row.userMissionId);
        await progressRepository(tx).deleteAttachment(row.id);
        await review.withdraw();
      });
      await storage.delete(row.storageKey);
    },
  };
}
