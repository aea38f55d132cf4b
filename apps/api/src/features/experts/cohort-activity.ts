import { and, asc, count, eq, gte, inArray, lt, max } from 'drizzle-orm';
import { anyUuid } from '../../db/any-of.js';
import type { Db } from '../../db/client.js';
import { expertQuestions, experts, meetingRequests } from './tables.js';

const expertName = (row: { firstName: string; lastName: string }) => `${row.firstName} ${row.lastName}`;

/** What founders did with experts, read across a cohort for the program team's studio (through app.ts). */
export function cohortExpertsActivity(db: Db) {
  return {
    /** Questions asked before `before`. Experts do not answer in Liftoff yet, so every question still waits. */
    async unansweredQuestions(userIds: string[], before: Date) {
      if (!userIds.length) return 0;
      const [row] = await db
        .select({ n: count() })
        .from(expertQuestions)
        .where(and(anyUuid(expertQuestions.userId, userIds), lt(expertQuestions.createdAt, before)));
      return row?.n ?? 0;
    },

    async meetings(userIds: string[], from: Date, to: Date) {
      if (!userIds.length) return [];
      const rows = await db
        .select({
          userId: meetingRequests.userId,
          firstName: experts.firstName,
          lastName: experts.lastName,
          startsAt: meetingRequests.startsAt,
          status: meetingRequests.status,
        })
        .from(meetingRequests)
        .innerJoin(experts, eq(experts.id, meetingRequests.expertId))
        .where(
          and(
            anyUuid(meetingRequests.userId, userIds),
            gte(meetingRequests.startsAt, from),
            lt(meetingRequests.startsAt, to),
            inArray(meetingRequests.status, ['REQUESTED', 'ACCEPTED']),
          ),
        )
        .orderBy(asc(meetingRequests.startsAt));
      return rows.map((r) => ({
        userId: r.userId,
        expertName: expertName(r),
        startsAt: r.startsAt,
        status: r.status,
      }));
    },

    async lastActivity(userIds: string[]) {
      const last = new Map<string, Date>();
      if (!userIds.length) return last;
      const questions = await db
        .select({ userId: expertQuestions.userId, at: max(expertQuestions.createdAt) })
        .from(expertQuestions)
        .where(anyUuid(expertQuestions.userId, userIds))
        .groupBy(expertQuestions.userId);
      const meetings = await db
        .select({ userId: meetingRequests.userId, at: max(meetingRequests.createdAt) })
        .from(meetingRequests)
        .where(anyUuid(meetingRequests.userId, userIds))
        .groupBy(meetingRequests.userId);
      for (const row of [...questions, ...meetings]) {
        const seen = last.get(row.userId);
        if (row.at && (!seen || row.at > seen)) last.set(row.userId, row.at);
      }
      return last;
    },

    async history(userId: string) {
      const questions = await db
        .select({
          at: expertQuestions.createdAt,
          subject: expertQuestions.subject,
          firstName: experts.firstName,
          lastName: experts.lastName,
        })
        .from(expertQuestions)
        .innerJoin(experts, eq(experts.id, expertQuestions.expertId))
        .where(eq(expertQuestions.userId, userId));
      const meetings = await db
        .select({
          at: meetingRequests.createdAt,
          startsAt: meetingRequests.startsAt,
          status: meetingRequests.status,
          firstName: experts.firstName,
          lastName: experts.lastName,
        })
        .from(meetingRequests)
        .innerJoin(experts, eq(experts.id, meetingRequests.expertId))
        .where(eq(meetingRequests.userId, userId));
      return {
        questions: questions.map((q) => ({ at: q.at, subject: q.subject, expertName: expertName(q) })),
        meetings: meetings.map((m) => ({
          at: m.at,
          startsAt: m.startsAt,
          status: m.status,
          expertName: expertName(m),
        })),
      };
    },
  };
}
