import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { personalRows } from '../../lib/personal-rows.js';
import { feedback, feedbackReplies } from './tables.js';

/** One founder's messages to support and the answers, for their data export (app.ts hands it to auth). */
export function supportAccountData(db: Db) {
  return {
    async sections(userId: string) {
      const sent = await db
        .select()
        .from(feedback)
        .where(eq(feedback.userId, userId))
        .orderBy(asc(feedback.createdAt));
      const replies = sent.length
        ? await db
            .select({
              feedbackId: feedbackReplies.feedbackId,
              message: feedbackReplies.message,
              createdAt: feedbackReplies.createdAt,
            })
            .from(feedbackReplies)
            .where(
              inArray(
                feedbackReplies.feedbackId,
                sent.map((f) => f.id),
              ),
            )
            .orderBy(asc(feedbackReplies.createdAt))
        : [];
      return {
        supportQuestions: personalRows(sent).map((row) => ({
          ...row,
          replies: replies.filter((r) => r.feedbackId === row.id),
        })),
      };
    },
  };
}
