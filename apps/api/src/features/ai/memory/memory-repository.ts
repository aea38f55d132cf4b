import type { AiMemory } from '@liftoff/contracts/ai-memory';
import { and, asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { iso } from '../sql-rows.js';
import { aiMemories } from '../tables.js';

type MemoryRow = typeof aiMemories.$inferSelect;

const toMemory = (row: MemoryRow): AiMemory => ({
  id: row.id,
  content: row.content,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

/** A founder's memories; every read and write names the founder, so no one reaches another's. */
export function memoryRepository(db: DbOrTx) {
  const mine = (userId: string, id: string) => and(eq(aiMemories.userId, userId), eq(aiMemories.id, id));
  return {
    async listMemories(userId: string): Promise<AiMemory[]> {
      const rows = await db
        .select()
        .from(aiMemories)
        .where(eq(aiMemories.userId, userId))
        .orderBy(asc(aiMemories.createdAt), asc(aiMemories.id));
      return rows.map(toMemory);
    },
    async countMemories(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(aiMemories).where(eq(aiMemories.userId, userId));
      return Number(row?.n ?? 0);
    },
    async insertMemory(userId: string, content: string): Promise<AiMemory> {
      const [row] = await db.insert(aiMemories).values({ userId, content }).returning();
      return toMemory(row!);
    },
    async updateMemory(userId: string, id: string, content: string): Promise<AiMemory | null> {
      const [row] = await db
        .update(aiMemories)
        .set({ content, updatedAt: new Date() })
        .where(mine(userId, id))
        .returning();
      return row ? toMemory(row) : null;
    },
    async deleteMemory(userId: string, id: string): Promise<boolean> {
      const rows = await db.delete(aiMemories).where(mine(userId, id)).returning({ id: aiMemories.id });
      return rows.length > 0;
    },
  };
}
