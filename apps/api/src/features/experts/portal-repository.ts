import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { isUuid } from './repository.js';
import {
  expertQuestionMessages,
  expertQuestions,
  experts,
  type ExpertQuestionMessageRow,
  type ExpertQuestionRow,
  type ExpertRow,
} from './tables.js';

type QuestionStatus = ExpertQuestionRow['status'];

/** The expert portal's SQL: accounts linked to profiles, and question threads scoped to one side. */
export function portalRepository(db: DbOrTx) {
  return {
    async expertOfUser(userId: string): Promise<ExpertRow | undefined> {
      const [row] = await db.select().from(experts).where(eq(experts.userId, userId));
      return row;
    },
    async expertByEmail(email: string): Promise<ExpertRow | undefined> {
      const [row] = await db
        .select()
        .from(experts)
        .where(eq(sql`lower(${experts.email})`, email));
      return row;
    },
    async markInvited(id: string): Promise<ExpertRow> {
      const [row] = await db
        .update(experts)
        .set({ invitedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(experts.id, id))
        .returning();
      return row!;
    },
    /** Links the account unless the profile already has one; answers whether it linked. */
    async link(expertId: string, userId: string): Promise<boolean> {
      const rows = await db
        .update(experts)
        .set({ userId, updatedAt: sql`now()` })
        .where(and(eq(experts.id, expertId), isNull(experts.userId)))
        .returning({ id: experts.id });
      return rows.length > 0;
    },

    async questionsOfExpert(expertId: string, status?: QuestionStatus): Promise<ExpertQuestionRow[]> {
      return db
        .select()
        .from(expertQuestions)
        .where(
          and(
            eq(expertQuestions.expertId, expertId),
            status ? eq(expertQuestions.status, status) : undefined,
          ),
        )
        .orderBy(desc(expertQuestions.createdAt), desc(expertQuestions.id));
    },
    async questionOfExpert(expertId: string, id: string): Promise<ExpertQuestionRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select()
        .from(expertQuestions)
        .where(and(eq(expertQuestions.id, id), eq(expertQuestions.expertId, expertId)));
      return row;
    },
    async questionOfFounder(userId: string, id: string): Promise<ExpertQuestionRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select()
        .from(expertQuestions)
        .where(and(eq(expertQuestions.id, id), eq(expertQuestions.userId, userId)));
      return row;
    },
    async messagesOf(questionId: string): Promise<ExpertQuestionMessageRow[]> {
      return db
        .select()
        .from(expertQuestionMessages)
        .where(eq(expertQuestionMessages.questionId, questionId))
        .orderBy(asc(expertQuestionMessages.createdAt), asc(expertQuestionMessages.id));
    },
    async messagesOfMany(ids: string[]): Promise<Map<string, ExpertQuestionMessageRow[]>> {
      const byQuestion = new Map<string, ExpertQuestionMessageRow[]>();
      if (!ids.length) return byQuestion;
      const rows = await db
        .select()
        .from(expertQuestionMessages)
        .where(inArray(expertQuestionMessages.questionId, ids))
        .orderBy(asc(expertQuestionMessages.createdAt), asc(expertQuestionMessages.id));
      for (const row of rows)
        byQuestion.set(row.questionId, [...(byQuestion.get(row.questionId) ?? []), row]);
      return byQuestion;
    },
    async insertMessage(values: typeof expertQuestionMessages.$inferInsert) {
      const [row] = await db.insert(expertQuestionMessages).values(values).returning();
      return row!;
    },
    async setStatus(id: string, status: QuestionStatus): Promise<ExpertQuestionRow> {
      const [row] = await db
        .update(expertQuestions)
        .set({ status })
        .where(eq(expertQuestions.id, id))
        .returning();
      return row!;
    },
    async close(id: string): Promise<ExpertQuestionRow> {
      const [row] = await db
        .update(expertQuestions)
        .set({ status: 'CLOSED', closedAt: sql`now()` })
        .where(eq(expertQuestions.id, id))
        .returning();
      return row!;
    },
  };
}
