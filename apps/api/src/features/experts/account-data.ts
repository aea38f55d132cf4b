import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { personalRows } from '../../lib/personal-rows.js';
import { expertQuestionMessages, expertQuestions, experts, meetingRequests } from './tables.js';

/** One founder's meetings and questions to experts, for their data export (app.ts hands it to auth). */
export function expertsAccountData(db: Db) {
  const expertName = { expertFirstName: experts.firstName, expertLastName: experts.lastName };
  return {
    async sections(userId: string) {
      const meetings = await db
        .select({ meeting: meetingRequests, ...expertName })
        .from(meetingRequests)
        .innerJoin(experts, eq(experts.id, meetingRequests.expertId))
        .where(eq(meetingRequests.userId, userId))
        .orderBy(asc(meetingRequests.createdAt));
      const questions = await db
        .select({ question: expertQuestions, ...expertName })
        .from(expertQuestions)
        .innerJoin(experts, eq(experts.id, expertQuestions.expertId))
        .where(eq(expertQuestions.userId, userId))
        .orderBy(asc(expertQuestions.createdAt));
      const ids = questions.map((q) => q.question.id);
      const messages = ids.length
        ? await db
            .select()
            .from(expertQuestionMessages)
            .where(inArray(expertQuestionMessages.questionId, ids))
            .orderBy(asc(expertQuestionMessages.createdAt))
        : [];
      const expert = (row: { expertFirstName: string; expertLastName: string }) =>
        `${row.expertFirstName} ${row.expertLastName}`.trim();
      return {
        meetings: meetings.map((row) => ({ ...personalRows([row.meeting])[0], expert: expert(row) })),
        expertQuestions: questions.map((row) => ({
          ...personalRows([row.question])[0],
          expert: expert(row),
          messages: personalRows(messages.filter((m) => m.questionId === row.question.id)),
        })),
      };
    },
  };
}
