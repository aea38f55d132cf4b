import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { refreshTokens } from './tables.js';

export interface SessionRow {
  familyId: string;
  userAgent: string | null;
  ip: string | null;
  signedInAt: Date;
  lastUsedAt: Date;
}

/**
 * Sessions as their owner sees them: one per refresh-token family still open (a row not revoked, not past its
 * expiry). Each sign-in and each refresh adds a row, so the family's first row is the sign-in and its newest
 * the last use — exact to within an access token's lifetime, since calls between refreshes write nothing.
 */
export function sessionsRepository(db: DbOrTx) {
  /** Revokes the user's open sessions that match; answers how many sessions (families) ended. */
  async function revokeOpen(userId: string, which: SQL): Promise<number> {
    const rows = await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, userId), which, isNull(refreshTokens.revokedAt)))
      .returning({ familyId: refreshTokens.familyId });
    return new Set(rows.map((row) => row.familyId)).size;
  }

  return {
    async listOpen(userId: string): Promise<SessionRow[]> {
      const rows = await db
        .select({
          familyId: refreshTokens.familyId,
          // The newest browser the session refreshed from, and the address it signed in from.
          userAgent: sql<
            string | null
          >`(array_agg(${refreshTokens.userAgent} order by ${refreshTokens.createdAt} desc) filter (where ${refreshTokens.userAgent} is not null))[1]`,
          ip: sql<
            string | null
          >`(array_agg(${refreshTokens.ip} order by ${refreshTokens.createdAt} asc) filter (where ${refreshTokens.ip} is not null))[1]`,
          signedInAt: sql<string>`min(${refreshTokens.createdAt})`,
          lastUsedAt: sql<string>`max(${refreshTokens.createdAt})`,
        })
        .from(refreshTokens)
        .where(eq(refreshTokens.userId, userId))
        .groupBy(refreshTokens.familyId)
        .having(sql`bool_or(${refreshTokens.revokedAt} is null) and max(${refreshTokens.expiresAt}) > now()`);
      return rows
        .map((row) => ({
          ...row,
          signedInAt: new Date(row.signedInAt),
          lastUsedAt: new Date(row.lastUsedAt),
        }))
        .sort((a, b) => b.lastUsedAt.getTime() - a.lastUsedAt.getTime());
    },
    /** Ends one of the user's open sessions; false when it is not theirs or already ended. */
    async revoke(userId: string, familyId: string): Promise<boolean> {
      return (await revokeOpen(userId, eq(refreshTokens.familyId, familyId))) > 0;
    },
    /** Ends every open session of the user but one; answers how many sessions ended. */
    revokeOthers: (userId: string, keepFamilyId: string) =>
      revokeOpen(userId, ne(refreshTokens.familyId, keepFamilyId)),
  };
}
