import type { ChatSession } from '@liftoff/contracts/ai';
import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { iso } from '../sql-rows.js';
import { aiConversations } from '../tables.js';

type ConversationRow = typeof aiConversations.$inferSelect;

export const toSession = (
  row: Pick<ConversationRow, 'id' | 'title' | 'isArchived' | 'createdAt' | 'lastActivityAt'>,
): ChatSession => ({
  conversationId: row.id,
  title: row.title,
  isArchived: row.isArchived,
  createdAt: iso(row.createdAt),
  lastActivityAt: iso(row.lastActivityAt),
});

/** A founder's chat sessions: finding, listing, naming, archiving and deleting them. */
export function conversationsRepository(db: DbOrTx) {
  return {
    /** Whoever owns it: only to tell a free id from a taken one. */
    async findConversationOfAnyone(id: string) {
      const [row] = await db.select().from(aiConversations).where(eq(aiConversations.id, id));
      return row;
    },
    async findConversation(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(aiConversations)
        .where(and(eq(aiConversations.id, id), eq(aiConversations.userId, userId)));
      return row;
    },
    /** Creates the session, or moves the caller's own session with that id back to the top (with a new title if given). */
    async upsertConversation(
      userId: string,
      id: string,
      title: string | undefined,
      placeholder = 'New chat',
    ) {
      const [row] = await db
        .insert(aiConversations)
        .values({ id, userId, title: title ?? placeholder, titlePending: !title })
        .onConflictDoUpdate({
          target: aiConversations.id,
          set: {
            lastActivityAt: sql`now()`,
            isArchived: false,
            ...(title ? { title, titlePending: false } : {}),
          },
          setWhere: eq(aiConversations.userId, userId),
        })
        .returning();
      return row;
    },
    async listConversations(
      userId: string,
      archived: boolean,
      pageNo: number,
      pageSize: number,
      search?: string,
    ) {
      const where = and(
        eq(aiConversations.userId, userId),
        eq(aiConversations.isArchived, archived),
        search ? ilike(aiConversations.title, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(aiConversations)
          .where(where)
          .orderBy(desc(aiConversations.lastActivityAt), desc(aiConversations.id))
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize),
        db.select({ n: count() }).from(aiConversations).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async updateConversation(
      userId: string,
      id: string,
      changes: Partial<Pick<ConversationRow, 'title' | 'titlePending' | 'isArchived'>>,
      touch: boolean,
    ) {
      const [row] = await db
        .update(aiConversations)
        .set({ ...changes, ...(touch ? { lastActivityAt: sql`now()` } : {}) })
        .where(and(eq(aiConversations.id, id), eq(aiConversations.userId, userId)))
        .returning();
      return row;
    },
    /** Sets a generated title unless the user named the session in the meantime. */
    async setGeneratedTitle(id: string, title: string) {
      await db
        .update(aiConversations)
        .set({ title, titlePending: false })
        .where(and(eq(aiConversations.id, id), eq(aiConversations.titlePending, true)));
    },
    /** Serializes writers of one conversation (positions are read, then written). */
    async lockConversation(id: string) {
      await db
        .select({ id: aiConversations.id })
        .from(aiConversations)
        .where(eq(aiConversations.id, id))
        .for('update');
    },
    async touchConversation(id: string) {
      await db
        .update(aiConversations)
        .set({ lastActivityAt: sql`now()` })
        .where(eq(aiConversations.id, id));
    },
    async deleteConversations(userId: string, ids: string[]) {
      const rows = await db
        .delete(aiConversations)
        .where(and(eq(aiConversations.userId, userId), inArray(aiConversations.id, ids)))
        .returning({ id: aiConversations.id });
      return rows.length;
    },
    async archiveConversations(userId: string, ids: string[]) {
      const rows = await db
        .update(aiConversations)
        .set({ isArchived: true })
        .where(and(eq(aiConversations.userId, userId), inArray(aiConversations.id, ids)))
        .returning({ id: aiConversations.id });
      return rows.length;
    },
  };
}
