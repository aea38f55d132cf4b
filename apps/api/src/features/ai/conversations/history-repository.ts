import type { ChatHistoryItem, MessageSource, SearchHit } from '@liftoff/contracts/ai';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { toFeedback } from './feedback-repository.js';
import { headlineOf, snippetHtml } from './search-snippet.js';
import { iso, rowsOf } from '../sql-rows.js';
import { aiFeedback, aiMessages } from '../tables.js';

type MessageRow = typeof aiMessages.$inferSelect;

/** How many of the most recent matching messages a search ranks. */
const SEARCH_CANDIDATES = 1000;

/** What a founder reads back: a session's messages with their versions and ratings, and search across them. */
export function historyRepository(db: DbOrTx) {
  return {
    async history(conversationId: string, userId: string, pageNo: number, pageSize: number) {
      const visible = and(eq(aiMessages.conversationId, conversationId), eq(aiMessages.isLatest, true));
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(aiMessages)
          .where(visible)
          .orderBy(desc(aiMessages.position))
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize),
        db.select({ n: count() }).from(aiMessages).where(visible),
      ]);
      rows.reverse();
      const parents = rows.filter((r) => r.role === 'assistant' && r.parentId).map((r) => r.parentId!);
      const versions = parents.length
        ? await db
            .select()
            .from(aiMessages)
            .where(and(eq(aiMessages.conversationId, conversationId), inArray(aiMessages.parentId, parents)))
            .orderBy(asc(aiMessages.version))
        : [];
      const ids = [...new Set([...rows.map((r) => r.id), ...versions.map((v) => v.id)])];
      const feedbackRows = ids.length
        ? await db
            .select()
            .from(aiFeedback)
            .where(and(eq(aiFeedback.userId, userId), inArray(aiFeedback.messageId, ids)))
        : [];
      const feedbackOf = new Map(feedbackRows.map((f) => [f.messageId, toFeedback(f)]));
      const toVersion = (m: MessageRow) => ({
        id: m.id,
        content: m.content,
        status: m.status,
        error: m.error,
        fallback: m.fallback,
        followUpQuestions: m.followUpQuestions,
        sources: m.sources as MessageSource[],
        createdAt: iso(m.createdAt),
        feedback: feedbackOf.get(m.id) ?? null,
      });
      const items: ChatHistoryItem[] = rows.map((m) => ({
        ...toVersion(m),
        role: m.role,
        messageId: m.role === 'assistant' ? m.parentId : null,
        responseId: m.role === 'assistant' ? m.id : null,
        versions:
          m.role === 'assistant' ? versions.filter((v) => v.parentId === m.parentId).map(toVersion) : [],
      }));
      return { items, total: total?.n ?? 0 };
    },

    /**
     * Ranked search over the caller's message text and session titles, with highlighted, escaped snippets, in one
     * round trip. `total` counts the ranked message candidates (at most SEARCH_CANDIDATES) plus the title hits.
     */
    async search(
      userId: string,
      query: string,
      pageNo: number,
      pageSize: number,
    ): Promise<{ hits: SearchHit[]; total: number }> {
      // Written out at every use rather than taken from a CTE, so the query is a constant the planner folds and
      // estimates from the column statistics: a broad word walks the user's newest messages
      // (ai_messages_user_recent_idx) and stops at the cap, a rare one reads its few matches through the GIN
      // index (docs/decisions/007-ai-coach.md).
      const q = sql`websearch_to_tsquery('english', ${query})`;
      const result = await db.execute(sql`
        with candidates as (
          select m.id, m.role, m.conversation_id, m.search, m.created_at
          from ai_messages m
          where m.user_id = ${userId} and m.is_latest and m.search @@ ${q}
          order by m.created_at desc, m.id desc
          limit ${SEARCH_CANDIDATES}
        ),
        hits as (
          select m.id as message_id, m.role, c.id as conversation_id, c.title, c.is_archived,
                 ts_rank(m.search, ${q}) + case when c.title_search @@ ${q} then 0.1 else 0 end as rank, m.created_at
          from candidates m join ai_conversations c on c.id = m.conversation_id and c.user_id = ${userId}
          union all
          select null, null, c.id, c.title, c.is_archived, ts_rank(c.title_search, ${q}) * 2 as rank,
                 c.last_activity_at
          from ai_conversations c
          where c.user_id = ${userId} and c.title_search @@ ${q}
        ),
        counted as (select count(*) as total from hits),
        page as (
          select * from hits
          order by rank desc, created_at desc, conversation_id, message_id nulls first
          limit ${pageSize} offset ${(pageNo - 1) * pageSize}
        )
        -- Only the page's messages are read again for their text; the left join with counted keeps one row
        -- carrying the total when the page is past the last hit.
        select page.*, counted.total, h.snippet, h.cut_before, h.cut_after
        from counted
          left join page on true
          left join ai_messages msg on msg.id = page.message_id
          left join lateral ${headlineOf(sql`case when page.message_id is null then page.title else msg.content end`, q)} h
            on page.conversation_id is not null
        order by page.rank desc, page.created_at desc, page.conversation_id, page.message_id nulls first`);
      const rows = rowsOf(result);
      return {
        total: Number(rows[0]?.total ?? 0),
        hits: rows
          .filter((r) => r.conversation_id !== null)
          .map((r) => ({
            conversation: {
              id: String(r.conversation_id),
              title: String(r.title),
              isArchived: Boolean(r.is_archived),
            },
            messageId: (r.message_id as string | null) ?? null,
            role: (r.role as 'user' | 'assistant' | null) ?? null,
            snippet: snippetHtml(String(r.snippet ?? ''), r.cut_before === true, r.cut_after === true),
            rank: Number(r.rank),
            createdAt: iso(r.created_at as string),
          })),
      };
    },
  };
}
