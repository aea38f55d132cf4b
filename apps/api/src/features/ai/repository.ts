import type {
  ChatHistoryItem,
  ChatSession,
  Feedback,
  MessageSource,
  MessageStatus,
  SearchHit,
} from '@liftoff/contracts/ai';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { Passage } from './knowledge.js';
import { headlineOf, snippetHtml, stripMarks } from './search-snippet.js';
import { aiConversations, aiFeedback, aiMessages, aiPassages, aiPassageTerms } from './tables.js';

type ConversationRow = typeof aiConversations.$inferSelect;
type MessageRow = typeof aiMessages.$inferSelect;
type FeedbackRow = typeof aiFeedback.$inferSelect;

export interface TurnMessage {
  role: 'user' | 'assistant';
  content: string;
  position: number;
  status: MessageStatus;
}

/** Rows of a raw query; both drivers answer `{ rows }`. */
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

const iso = (date: Date | string) => (date instanceof Date ? date : new Date(date)).toISOString();

export const toSession = (
  row: Pick<ConversationRow, 'id' | 'title' | 'isArchived' | 'createdAt' | 'lastActivityAt'>,
): ChatSession => ({
  conversationId: row.id,
  title: row.title,
  isArchived: row.isArchived,
  createdAt: iso(row.createdAt),
  lastActivityAt: iso(row.lastActivityAt),
});

const toFeedback = (row: FeedbackRow): Feedback => ({
  messageId: row.messageId,
  feedbackType: row.feedbackType,
  reason: row.reason,
  comment: row.comment,
  createdAt: iso(row.createdAt),
});

/** How many of the most recent matching messages a search ranks. */
const SEARCH_CANDIDATES = 1000;

/**
 * Each lexeme's share of `ts_rank(search, query, 1)` (PostgreSQL's rank with the default weights, divided by the
 * log of the passage's length) for a query of OR-ed words: ts_rank adds one such term per query word the passage
 * has, so the sum of a passage's rows for a question's lexemes ranks exactly as ts_rank does. Per lexeme, the
 * occurrences' label weights (A title 1.0, B body 0.4, C context 0.2) decay by the square of their order, as
 * in PostgreSQL's calc_rank_or. Run by the indexer whenever the passages change; float8 throughout for speed.
 */
const REBUILD_PASSAGE_TERMS = sql`
  with terms as (
    select p.key, u.lexeme, cardinality(u.positions) as occurrences, s.*
    from ${aiPassages} p, unnest(p.search) u,
    lateral (
      select max(w) as top, sum(w / (n * n)) as decayed, (array_agg(n order by w desc, n))[1] as top_n
      from (
        select n::float8 as n,
          case label when 'A' then 1.0::float8 when 'B' then 0.4::float8 when 'C' then 0.2::float8 else 0.1::float8 end as w
        from unnest(u.weights) with ordinality o(label, n)) occurrence) s),
  passages as (select key, sum(occurrences)::float8 as length from terms group by key)
  insert into ${aiPassageTerms} (lexeme, passage_key, weight)
  select t.lexeme, t.key,
    (t.top + t.decayed - t.top / (t.top_n * t.top_n)) / 1.64493406685 / (ln(p.length + 1) / ln(2))
  from terms t join passages p using (key)
  order by t.lexeme, t.key`;

export function aiRepository(db: DbOrTx) {
  return {
    // ----- knowledge -----
    async passageHashes(): Promise<Map<string, string>> {
      const rows = await db.select({ key: aiPassages.key, hash: aiPassages.hash }).from(aiPassages);
      return new Map(rows.map((r) => [r.key, r.hash]));
    },
    async upsertPassages(passages: Passage[]) {
      for (let i = 0; i < passages.length; i += 200) {
        await db
          .insert(aiPassages)
          .values(passages.slice(i, i + 200))
          .onConflictDoUpdate({
            target: aiPassages.key,
            set: {
              kind: sql`excluded.kind`,
              title: sql`excluded.title`,
              context: sql`excluded.context`,
              body: sql`excluded.body`,
              url: sql`excluded.url`,
              milestoneKey: sql`excluded.milestone_key`,
              missionKey: sql`excluded.mission_key`,
              stepKey: sql`excluded.step_key`,
              hash: sql`excluded.hash`,
            },
          });
      }
    },
    async deletePassagesExcept(keys: string[]) {
      if (!keys.length) await db.delete(aiPassages);
      else await db.delete(aiPassages).where(notInArray(aiPassages.key, keys));
    },
    /**
     * Rebuilds the inverted index of the passages from their tsvectors, in one transaction. Questions read the
     * old index until it commits; the lock makes instances that start together rebuild one after the other.
     */
    async rebuildPassageTerms() {
      await db.transaction(async (tx) => {
        await tx.execute(sql`lock table ${aiPassageTerms} in share row exclusive mode`);
        await tx.delete(aiPassageTerms);
        await tx.execute(REBUILD_PASSAGE_TERMS);
      });
    },
    async hasPassageTerms(): Promise<boolean> {
      const [row] = await db.select({ key: aiPassageTerms.passageKey }).from(aiPassageTerms).limit(1);
      return Boolean(row);
    },
    /** The whole inverted index: the coach ranks from it in memory (docs/decisions/013). */
    async passageTerms(): Promise<{ lexeme: string; passageKey: string; weight: number }[]> {
      return db.select().from(aiPassageTerms);
    },
    /** Each word's lexemes in the English configuration the passages are indexed with (none for a stop word). */
    async wordLexemes(words: string[]): Promise<Map<string, string[]>> {
      // One JSON parameter: drizzle would spread an array into a list of parameters.
      const result = await db.execute(
        sql`select w as word, tsvector_to_array(to_tsvector('english', w)) as lexemes
            from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) as w`,
      );
      return new Map(rowsOf(result).map((r) => [String(r.word), r.lexemes as string[]]));
    },
    async textLexemes(text: string): Promise<string[]> {
      const result = await db.execute(
        sql`select tsvector_to_array(to_tsvector('english', ${text})) as lexemes`,
      );
      return (rowsOf(result)[0]?.lexemes as string[] | undefined) ?? [];
    },

    // ----- conversations -----
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

    // ----- messages -----
    /** The latest version of every turn, oldest first, for the model's prompt. */
    async transcript(
      conversationId: string,
      beforePosition?: number,
      maxMessages = 20,
    ): Promise<TurnMessage[]> {
      const rows = await db
        .select({
          role: aiMessages.role,
          content: aiMessages.content,
          position: aiMessages.position,
          status: aiMessages.status,
        })
        .from(aiMessages)
        .where(
          and(
            eq(aiMessages.conversationId, conversationId),
            eq(aiMessages.isLatest, true),
            beforePosition !== undefined ? sql`${aiMessages.position} < ${beforePosition}` : undefined,
          ),
        )
        .orderBy(desc(aiMessages.position))
        .limit(maxMessages);
      return rows.reverse().filter((r) => r.role === 'user' || r.content.length > 0);
    },
    async lastPosition(conversationId: string): Promise<number> {
      const [row] = await db
        .select({ max: sql<number | null>`max(${aiMessages.position})` })
        .from(aiMessages)
        .where(eq(aiMessages.conversationId, conversationId));
      return row?.max === null || row?.max === undefined ? -1 : Number(row.max);
    },
    async findMessage(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(aiMessages)
        .where(and(eq(aiMessages.id, id), eq(aiMessages.userId, userId)));
      return row;
    },
    async insertMessages(rows: (typeof aiMessages.$inferInsert)[]) {
      await db.insert(aiMessages).values(rows);
    },
    /** The answers already given to a question (its earlier versions), oldest first. */
    async answersTo(userId: string, questionId: string): Promise<string[]> {
      const rows = await db
        .select({ content: aiMessages.content })
        .from(aiMessages)
        .where(and(eq(aiMessages.parentId, questionId), eq(aiMessages.userId, userId)))
        .orderBy(aiMessages.version);
      return rows.map((r) => r.content);
    },
    async maxVersion(parentId: string): Promise<number> {
      const [row] = await db
        .select({ max: sql<number | null>`max(${aiMessages.version})` })
        .from(aiMessages)
        .where(eq(aiMessages.parentId, parentId));
      return Number(row?.max ?? 0);
    },
    async supersedeAnswers(parentId: string) {
      await db.update(aiMessages).set({ isLatest: false }).where(eq(aiMessages.parentId, parentId));
    },
    async saveAnswer(
      id: string,
      changes: {
        content: string;
        status?: MessageStatus;
        error?: string | null;
        fallback?: string | null;
        followUpQuestions?: string[];
        sources?: MessageSource[];
      },
    ) {
      await db
        .update(aiMessages)
        .set({ ...changes, content: stripMarks(changes.content), updatedAt: sql`now()` })
        .where(eq(aiMessages.id, id));
    },
    /** Marks the generations in progress of a conversation as to be stopped; any instance may be running them. */
    async requestStop(userId: string, conversationId: string): Promise<string[]> {
      const rows = await db
        .update(aiMessages)
        .set({ stopRequestedAt: sql`now()` })
        .where(
          and(
            eq(aiMessages.conversationId, conversationId),
            eq(aiMessages.userId, userId),
            eq(aiMessages.status, 'STREAMING'),
          ),
        )
        .returning({ id: aiMessages.id });
      return rows.map((r) => r.id);
    },
    /** Tells other instances these answers are still being written (see sweepAbandoned). */
    async heartbeat(ids: string[]) {
      if (!ids.length) return;
      await db
        .update(aiMessages)
        .set({ updatedAt: sql`now()` })
        .where(and(inArray(aiMessages.id, ids), eq(aiMessages.status, 'STREAMING')));
    },
    /**
     * Ends answers still marked STREAMING whose instance has given no sign of life for `silentForMs` (it died
     * mid-answer): they keep the text flushed so far and become ERROR, so the founder sees them and can retry.
     */
    async sweepAbandoned(silentForMs: number, error: string): Promise<number> {
      const rows = await db
        .update(aiMessages)
        .set({ status: 'ERROR', error, stopRequestedAt: null, updatedAt: sql`now()` })
        .where(
          and(
            eq(aiMessages.status, 'STREAMING'),
            sql`${aiMessages.updatedAt} < now() - ${silentForMs} * interval '1 millisecond'`,
          ),
        )
        .returning({ id: aiMessages.id });
      return rows.length;
    },
    async stopRequested(ids: string[]): Promise<string[]> {
      if (!ids.length) return [];
      const rows = await db
        .select({ id: aiMessages.id })
        .from(aiMessages)
        .where(and(inArray(aiMessages.id, ids), isNotNull(aiMessages.stopRequestedAt)));
      return rows.map((r) => r.id);
    },

    // ----- history -----
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

    // ----- feedback -----
    async upsertFeedback(
      userId: string,
      messageId: string,
      input: { feedbackType: 'LIKE' | 'DISLIKE'; reason?: string; comment?: string },
    ) {
      const values = {
        feedbackType: input.feedbackType,
        reason: input.reason ?? null,
        comment: input.comment ?? null,
        createdAt: new Date(),
      };
      const [row] = await db
        .insert(aiFeedback)
        .values({ userId, messageId, ...values })
        .onConflictDoUpdate({ target: [aiFeedback.messageId, aiFeedback.userId], set: values })
        .returning();
      return toFeedback(row!);
    },
  };
}

export type AiRepository = ReturnType<typeof aiRepository>;
