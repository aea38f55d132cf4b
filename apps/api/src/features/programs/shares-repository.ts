import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { missionAttachments, shares } from './tables.js';

/** Share links: found by the token's hash, owned by a user. */
export function sharesRepository(db: DbOrTx) {
  return {
    async insert(values: typeof shares.$inferInsert) {
      const [row] = await db.insert(shares).values(values).returning();
      return row!;
    },
    async findActive(tokenHash: string) {
      const [row] = await db
        .select()
        .from(shares)
        .where(and(eq(shares.tokenHash, tokenHash), isNull(shares.revokedAt)));
      return row ?? null;
    },
    /** The user's links not revoked, newest first, optionally for one deliverable or milestone. */
    async listActive(startupId: string, where: { kind?: 'attachment' | 'outcome'; targetId?: string }) {
      return db
        .select()
        .from(shares)
        .where(
          and(
            eq(shares.startupId, startupId),
            isNull(shares.revokedAt),
            where.kind ? eq(shares.kind, where.kind) : undefined,
            where.targetId
              ? or(eq(shares.attachmentId, where.targetId), eq(shares.userMilestoneId, where.targetId))
              : undefined,
          ),
        )
        .orderBy(desc(shares.createdAt));
    },
    async attachmentNames(startupId: string, ids: string[]) {
      if (!ids.length) return new Map<string, string>();
      const rows = await db
        .select({ id: missionAttachments.id, fileName: missionAttachments.fileName })
        .from(missionAttachments)
        .where(and(eq(missionAttachments.startupId, startupId), inArray(missionAttachments.id, ids)));
      return new Map(rows.map((r) => [r.id, r.fileName]));
    },
    /** One more opening, counted in the row so concurrent openings all count. */
    async countOpen(shareId: string, at: Date) {
      await db
        .update(shares)
        .set({ openCount: sql`${shares.openCount} + 1`, lastOpenedAt: at })
        .where(eq(shares.id, shareId));
    },
    async revoke(startupId: string, tokenHash: string) {
      const rows = await db
        .update(shares)
        .set({ revokedAt: new Date() })
        .where(
          and(eq(shares.startupId, startupId), eq(shares.tokenHash, tokenHash), isNull(shares.revokedAt)),
        )
        .returning({ id: shares.id });
      return rows.length > 0;
    },
    async findAttachmentById(startupId: string, attachmentId: string) {
      const [row] = await db
        .select()
        .from(missionAttachments)
        .where(and(eq(missionAttachments.startupId, startupId), eq(missionAttachments.id, attachmentId)));
      return row ?? null;
    },
  };
}
