import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { oidcAttempts, oidcHandoffs, oidcIdentities } from '../tables.js';

export type OidcAttemptRow = typeof oidcAttempts.$inferSelect;
export type OidcHandoffRow = typeof oidcHandoffs.$inferSelect;

export function oidcRepository(db: DbOrTx) {
  return {
    async addAttempt(values: typeof oidcAttempts.$inferInsert) {
      await db.insert(oidcAttempts).values(values);
    },

    /** Takes the open attempt of this state, once: a replayed callback finds nothing. */
    async takeAttempt(stateHash: string, now: Date): Promise<OidcAttemptRow | null> {
      const [row] = await db
        .update(oidcAttempts)
        .set({ usedAt: now })
        .where(
          and(
            eq(oidcAttempts.stateHash, stateHash),
            isNull(oidcAttempts.usedAt),
            gt(oidcAttempts.expiresAt, now),
          ),
        )
        .returning();
      return row ?? null;
    },

    async addHandoff(values: typeof oidcHandoffs.$inferInsert) {
      await db.insert(oidcHandoffs).values(values);
    },

    async openHandoff(codeHash: string, now: Date): Promise<OidcHandoffRow | null> {
      const [row] = await db
        .select()
        .from(oidcHandoffs)
        .where(
          and(
            eq(oidcHandoffs.codeHash, codeHash),
            isNull(oidcHandoffs.usedAt),
            gt(oidcHandoffs.expiresAt, now),
          ),
        );
      return row ?? null;
    },

    /** Marks the hand-off used; false when another call used it first. */
    async useHandoff(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(oidcHandoffs)
        .set({ usedAt: now })
        .where(and(eq(oidcHandoffs.id, id), isNull(oidcHandoffs.usedAt)))
        .returning({ id: oidcHandoffs.id });
      return rows.length > 0;
    },

    async identity(provider: string, subject: string) {
      const [row] = await db
        .select()
        .from(oidcIdentities)
        .where(and(eq(oidcIdentities.provider, provider), eq(oidcIdentities.subject, subject)));
      return row ?? null;
    },

    async link(values: { userId: string; provider: string; subject: string; email: string }) {
      await db.insert(oidcIdentities).values(values).onConflictDoNothing();
    },
  };
}
