import type { SupportInboxQuery, SupportStatus } from '@liftoff/contracts/support';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { feedback, feedbackReplies, type FeedbackReplyRow, type FeedbackRow } from './tables.js';

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The studio's support inbox: messages with their status and replies. */
export function inboxRepository(db: DbOrTx) {
  return {
    async list(query: SupportInboxQuery): Promise<{ rows: FeedbackRow[]; total: number }> {
      const conditions: SQL[] = [];
      if (query.status) conditions.push(eq(feedback.status, query.status));
      if (query.kind) conditions.push(eq(feedback.kind, query.kind));
      if (query.q) {
        const pattern = likePattern(query.q);
        conditions.push(
          or(
            ilike(feedback.subject, pattern),
            ilike(feedback.message, pattern),
            ilike(feedback.email, pattern),
          )!,
        );
      }
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(feedback)
          .where(where)
          .orderBy(desc(feedback.createdAt), desc(feedback.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ value: count() }).from(feedback).where(where),
      ]);
      return { rows, total: Number(total?.value ?? 0) };
    },
    /** The founder's own messages, newest first. */
    mine(userId: string): Promise<FeedbackRow[]> {
      return db
        .select()
        .from(feedback)
        .where(eq(feedback.userId, userId))
        .orderBy(desc(feedback.createdAt), desc(feedback.id))
        .limit(100);
    },
    async find(id: string): Promise<FeedbackRow | undefined> {
      const [row] = await db.select().from(feedback).where(eq(feedback.id, id));
      return row;
    },
    async setStatus(id: string, status: SupportStatus): Promise<void> {
      await db.update(feedback).set({ status }).where(eq(feedback.id, id));
    },
    async addReply(values: {
      feedbackId: string;
      authorId: string;
      message: string;
    }): Promise<FeedbackReplyRow> {
      const [row] = await db.insert(feedbackReplies).values(values).returning();
      return row!;
    },
    async replies(feedbackIds: string[]): Promise<FeedbackReplyRow[]> {
      if (!feedbackIds.length) return [];
      return db
        .select()
        .from(feedbackReplies)
        .where(inArray(feedbackReplies.feedbackId, feedbackIds))
        .orderBy(asc(feedbackReplies.createdAt));
    },
  };
}
