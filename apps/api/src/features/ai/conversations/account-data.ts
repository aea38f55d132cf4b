import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { personalRows } from '../../../lib/personal-rows.js';
import { aiConversations, aiFeedback, aiMemories, aiMessages } from '../tables.js';

/** One founder's coach conversations, every version of every message, and their memories, for their data export. */
export function aiAccountData(db: Db) {
  return {
    async sections(userId: string) {
      const conversations = await db
        .select()
        .from(aiConversations)
        .where(eq(aiConversations.userId, userId))
        .orderBy(asc(aiConversations.createdAt));
      const messages = await db
        .select()
        .from(aiMessages)
        .where(eq(aiMessages.userId, userId))
        .orderBy(asc(aiMessages.position), asc(aiMessages.version));
      const ratings = await db.select().from(aiFeedback).where(eq(aiFeedback.userId, userId));
      const memories = await db
        .select()
        .from(aiMemories)
        .where(eq(aiMemories.userId, userId))
        .orderBy(asc(aiMemories.createdAt));
      return {
        coachConversations: personalRows(conversations).map((conversation) => ({
          ...conversation,
          messages: personalRows(messages.filter((m) => m.conversationId === conversation.id)),
        })),
        coachFeedback: personalRows(ratings),
        coachMemories: personalRows(memories),
      };
    },
  };
}
