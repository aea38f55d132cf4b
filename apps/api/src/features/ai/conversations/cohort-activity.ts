import { and, asc, eq, max } from 'drizzle-orm';
import { anyUuid } from '../../../db/any-of.js';
import type { Db } from '../../../db/client.js';
import { aiMessages } from '../tables.js';

/**
 * How founders use the coach, for the program team's studio (through app.ts): when and how often they
 * asked, never what they wrote or what the coach answered. No content column is ever selected here.
 */
export function cohortCoachActivity(db: Db) {
  return {
    async lastActivity(userIds: string[]) {
      if (!userIds.length) return new Map<string, Date>();
      const rows = await db
        .select({ userId: aiMessages.userId, at: max(aiMessages.createdAt) })
        .from(aiMessages)
        .where(and(anyUuid(aiMessages.userId, userIds), eq(aiMessages.role, 'user')))
        .groupBy(aiMessages.userId);
      return new Map(rows.filter((r) => r.at).map((r) => [r.userId, r.at!]));
    },

    async questionTimes(userId: string) {
      const rows = await db
        .select({ at: aiMessages.createdAt })
        .from(aiMessages)
        .where(and(eq(aiMessages.userId, userId), eq(aiMessages.role, 'user')))
        .orderBy(asc(aiMessages.createdAt));
      return rows.map((r) => r.at);
    },
  };
}
