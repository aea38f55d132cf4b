import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { expertQuestionMessages, expertQuestions, experts } from './tables.js';

export interface AnsweredQuestion {
  id: string;
  userId: string;
  missionId: string | null;
  subject: string;
  question: string;
  /** The expert's latest answer in the thread. */
  answer: string;
  expertName: string;
  askedAt: Date;
}

/** Expert questions with at least one answer from the expert, newest first (`ids` narrows to those). */
export async function answeredQuestions(db: DbOrTx, ids?: string[]): Promise<AnsweredQuestion[]> {
  const rows = await db
    .select({
      id: expertQuestions.id,
      userId: expertQuestions.userId,
      missionId: expertQuestions.missionId,
      subject: expertQuestions.subject,
      question: expertQuestions.question,
      askedAt: expertQuestions.createdAt,
      firstName: experts.firstName,
      lastName: experts.lastName,
      answer: expertQuestionMessages.body,
      answeredAt: expertQuestionMessages.createdAt,
    })
    .from(expertQuestions)
    .innerJoin(experts, eq(experts.id, expertQuestions.expertId))
    .innerJoin(
      expertQuestionMessages,
      and(
        eq(expertQuestionMessages.questionId, expertQuestions.id),
        eq(expertQuestionMessages.author, 'expert'),
      ),
    )
    .where(
      ids
        ? inArray(expertQuestions.id, ids.length ? ids : ['00000000-0000-0000-0000-000000000000'])
        : undefined,
    )
    .orderBy(desc(expertQuestions.createdAt), desc(expertQuestionMessages.createdAt));
  // One entry per question, carrying its latest answer (rows come latest answer first within a question).
  const seen = new Map<string, AnsweredQuestion>();
  for (const row of rows)
    if (!seen.has(row.id))
      seen.set(row.id, {
        id: row.id,
        userId: row.userId,
        missionId: row.missionId,
        subject: row.subject,
        question: row.question,
        answer: row.answer,
        expertName: `${row.firstName} ${row.lastName}`.trim(),
        askedAt: row.askedAt,
      });
  return [...seen.values()];
}
