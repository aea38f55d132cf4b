import type { Feedback } from '@liftoff/contracts/ai';
import type { DbOrTx } from '../../../db/client.js';
import { iso } from '../sql-rows.js';
import { aiFeedback } from '../tables.js';

type FeedbackRow = typeof aiFeedback.$inferSelect;

export const toFeedback = (row: FeedbackRow): Feedback => ({
  messageId: row.messageId,
  feedbackType: row.feedbackType,
  reason: row.reason,
  comment: row.comment,
  createdAt: iso(row.createdAt),
});

/** A founder's rating of an answer (read back with the history, history-repository.ts). */
export function feedbackRepository(db: DbOrTx) {
  return {
    async upsertFeedback(
      userId: string,
      messageId: string,
      input: { feedbackType: 'LIKE' | 'DISLIKE'; reason?: string; comment?: string },
    ) {
      const values = {
        feedbackType: input.feedbackType,
        reason: input.reason ?? null,
        comment: input.comment ?? null,
        createdAt: new Date(),
      };
      const [row] = await db
        .insert(aiFeedback)
        .values({ userId, messageId, ...values })
        .onConflictDoUpdate({ target: [aiFeedback.messageId, aiFeedback.userId], set: values })
        .returning();
      return toFeedback(row!);
    },
  };
}
