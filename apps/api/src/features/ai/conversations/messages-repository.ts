import type { MessageSource, MessageStatus } from '@liftoff/contracts/ai';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { stripMarks } from './search-snippet.js';
import { aiMessages } from '../tables.js';

export interface TurnMessage {
  role: 'user' | 'assistant';
  content: string;
  position: number;
  status: MessageStatus;
}

/**
 * The messages of a conversation as answers are written: the turns a prompt is built from, saving an answer as it
 * streams, and the flags and heartbeats by which instances stop and sweep each other's answers.
 */
export function messagesRepository(db: DbOrTx) {
  return {
    /** The latest version of every turn, oldest first, for the model's prompt. */
    async transcript(
      conversationId: string,
      beforePosition?: number,
      maxMessages = 20,
    ): Promise<TurnMessage[]> {
      const rows = await db
        .select({
          role: aiMessages.role,
          content: aiMessages.content,
          position: aiMessages.position,
          status: aiMessages.status,
        })
        .from(aiMessages)
        .where(
          and(
            eq(aiMessages.conversationId, conversationId),
            eq(aiMessages.isLatest, true),
            beforePosition !== undefined ? sql`${aiMessages.position} < ${beforePosition}` : undefined,
          ),
        )
        .orderBy(desc(aiMessages.position))
        .limit(maxMessages);
      return rows.reverse().filter((r) => r.role === 'user' || r.content.length > 0);
    },
    async lastPosition(conversationId: string): Promise<number> {
      const [row] = await db
        .select({ max: sql<number | null>`max(${aiMessages.position})` })
        .from(aiMessages)
        .where(eq(aiMessages.conversationId, conversationId));
      return row?.max === null || row?.max === undefined ? -1 : Number(row.max);
    },
    async findMessage(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(aiMessages)
        .where(and(eq(aiMessages.id, id), eq(aiMessages.userId, userId)));
      return row;
    },
    async insertMessages(rows: (typeof aiMessages.$inferInsert)[]) {
      await db.insert(aiMessages).values(rows);
    },
    /** The answers already given to a question (its earlier versions), oldest first. */
    async answersTo(userId: string, questionId: string): Promise<string[]> {
      const rows = await db
        .select({ content: aiMessages.content })
        .from(aiMessages)
        .where(and(eq(aiMessages.parentId, questionId), eq(aiMessages.userId, userId)))
        .orderBy(aiMessages.version);
      return rows.map((r) => r.content);
    },
    async maxVersion(parentId: string): Promise<number> {
      const [row] = await db
        .select({ max: sql<number | null>`max(${aiMessages.version})` })
        .from(aiMessages)
        .where(eq(aiMessages.parentId, parentId));
      return Number(row?.max ?? 0);
    },
    async supersedeAnswers(parentId: string) {
      await db.update(aiMessages).set({ isLatest: false }).where(eq(aiMessages.parentId, parentId));
    },
    async saveAnswer(
      id: string,
      changes: {
        content: string;
        status?: MessageStatus;
        error?: string | null;
        fallback?: string | null;
        followUpQuestions?: string[];
        sources?: MessageSource[];
      },
    ) {
      await db
        .update(aiMessages)
        .set({ ...changes, content: stripMarks(changes.content), updatedAt: sql`now()` })
        .where(eq(aiMessages.id, id));
    },
    /** Marks the generations in progress of a conversation as to be stopped; any instance may be running them. */
    async requestStop(userId: string, conversationId: string): Promise<string[]> {
      const rows = await db
        .update(aiMessages)
        .set({ stopRequestedAt: sql`now()` })
        .where(
          and(
            eq(aiMessages.conversationId, conversationId),
            eq(aiMessages.userId, userId),
            eq(aiMessages.status, 'STREAMING'),
          ),
        )
        .returning({ id: aiMessages.id });
      return rows.map((r) => r.id);
    },
    /** Tells other instances these answers are still being written (see sweepAbandoned). */
    async heartbeat(ids: string[]) {
      if (!ids.length) return;
      await db
        .update(aiMessages)
        .set({ updatedAt: sql`now()` })
        .where(and(inArray(aiMessages.id, ids), eq(aiMessages.status, 'STREAMING')));
    },
    /**
     * Ends answers still marked STREAMING whose instance has given no sign of life for `silentForMs` (it died
     * mid-answer): they keep the text flushed so far and become ERROR, so the founder sees them and can retry.
     */
    async sweepAbandoned(silentForMs: number, error: string): Promise<number> {
      const rows = await db
        .update(aiMessages)
        .set({ status: 'ERROR', error, stopRequestedAt: null, updatedAt: sql`now()` })
        .where(
          and(
            eq(aiMessages.status, 'STREAMING'),
            sql`${aiMessages.updatedAt} < now() - ${silentForMs} * interval '1 millisecond'`,
          ),
        )
        .returning({ id: aiMessages.id });
      return rows.length;
    },
    async stopRequested(ids: string[]): Promise<string[]> {
      if (!ids.length) return [];
      const rows = await db
        .select({ id: aiMessages.id })
        .from(aiMessages)
        .where(and(inArray(aiMessages.id, ids), isNotNull(aiMessages.stopRequestedAt)));
      return rows.map((r) => r.id);
    },
  };
}
