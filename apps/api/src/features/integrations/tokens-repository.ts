import type { ApiToken, ApiTokenScope } from '@liftoff/contracts/integrations';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { apiTokens, type ApiTokenRow } from './tables.js';

export const toApiToken = (row: ApiTokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes,
  hint: row.hint,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

export function apiTokensRepository(db: DbOrTx) {
  return {
    async insert(values: {
      userId: string;
      name: string;
      scopes: ApiTokenScope[];
      tokenHash: string;
      hint: string;
      createdAt: Date;
      expiresAt: Date;
    }): Promise<ApiToken> {
      const [row] = await db.insert(apiTokens).values(values).returning();
      return toApiToken(row!);
    },

    async listFor(userId: string): Promise<ApiToken[]> {
      const rows = await db
        .select()
        .from(apiTokens)
        .where(eq(apiTokens.userId, userId))
        .orderBy(desc(apiTokens.createdAt));
      return rows.map(toApiToken);
    },

    /** Tokens that still work at `now`: the cap on how many a person holds counts these. */
    async countLive(userId: string, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(apiTokens)
        .where(
          and(
            eq(apiTokens.userId, userId),
            isNull(apiTokens.revokedAt),
            sql`${apiTokens.expiresAt} > ${now.toISOString()}`,
          ),
        );
      return row?.n ?? 0;
    },

    async revoke(userId: string, id: string, now: Date): Promise<ApiToken | null> {
      const [row] = await db
        .update(apiTokens)
        .set({ revokedAt: now })
        .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
        .returning();
      return row ? toApiToken(row) : null;
    },

    async findByHash(tokenHash: string): Promise<ApiTokenRow | null> {
      const [row] = await db.select().from(apiTokens).where(eq(apiTokens.tokenHash, tokenHash));
      return row ?? null;
    },

    /** Notes a use, at most once per `interval` of a token, so a busy integration does not write on every call. */
    async touch(id: string, now: Date, intervalMs: number) {
      await db
        .update(apiTokens)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(apiTokens.id, id),
            or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, new Date(now.getTime() - intervalMs))),
          ),
        );
    },
  };
}
