import { randomUUID } from 'node:crypto';
import type { Page, ChatSession } from '@liftoff/contracts/ai';
import type { Db } from '../../../db/client.js';
import { notFound } from '../../../lib/errors.js';
import {
  fallbackFollowUps,
  fallbackTitle,
  pickPassages,
  type CoachContext,
  type CoachContextProvider,
  type CoachUserContext,
} from '../model/context.js';
import type { Generation, GenerationManager, GenerationRequest } from '../model/generation.js';
import type { RetrievedPassage } from '../retrieval/knowledge.js';
import { detectLanguage } from '../retrieval/language.js';
import { aiRepository, toSession } from '../repository.js';
import { classifyMessage, safetyCheck } from '../safety/safety.js';
import { standingFollowUps, standingIntent, standingSources } from '../standing/standing-answers.js';
import { standingPreference } from '../standing/standing-preference.js';
import { stripMarks } from './search-snippet.js';
import type { PassageRetriever } from '../retrieval/retrieval.js';

export interface AiServiceDeps {
  db: Db;
  contextProvider: CoachContextProvider;
  /** What the founder asked the coach to keep (memory/), read fresh for every answer: an edit counts at once. */
  memories: (userId: string) => Promise<string[]>;
  generations: GenerationManager;
  /** Ranks the coach's knowledge (as indexed on start) for a question. */
  retrieve: PassageRetriever;
  /** Admits an answer within the founder's running and hourly caps. */
  admitAnswer: (userId: string) => Promise<() => void>;
  /** AI_CRISIS_RESOURCES: the crisis lines the safety pre-check gives. */
  crisisResources: string[];
}

const sessionNotFound = () => notFound('Chat session not found');
const pageOf = <T>(items: T[], total: number, pageNo: number, pageSize: number): Page<T> => ({
  items,
  total,
  pageNo,
  pageSize,
  lastPage: Math.max(1, Math.ceil(total / pageSize)),
});

export type ChatRequest =
  | { kind: 'completion'; input: string; conversationId?: string; stepId?: string }
  | { kind: 'continue'; input: string; conversationId: string; stepId?: string }
  | { kind: 'retry'; conversationId: string; messageId: string; responseId: string };

/** What a question's turn writes: the question (unless it is a retry) and the answer's placeholder row. */
interface Turn {
  userId: string;
  conversationId: string;
  /** The conversation is created with this turn. */
  isNew: boolean;
  question: string;
  userMessageId: string;
  responseId: string;
  /** Set for a retry: the answered message and the position its answers take. */
  retryOf: { messageId: string; position: number } | null;
}

/**
 * Saves a turn in one transaction: creates or locks the conversation, writes the question and the answer's
 * placeholder (a retry: a new version of the answer, superseding the others), and moves the session to the top.
 */
function saveTurn(db: Db, turn: Turn) {
  const { userId, conversationId, question, userMessageId, responseId, retryOf } = turn;
  return db.transaction(async (tx) => {
    const r = aiRepository(tx);
    if (turn.isNew) {
      const created = await r.upsertConversation(userId, conversationId, undefined, fallbackTitle(question));
      if (!created) throw sessionNotFound();
    } else await r.lockConversation(conversationId);
    if (retryOf) {
      const version = (await r.maxVersion(retryOf.messageId)) + 1;
      await r.supersedeAnswers(retryOf.messageId);
      await r.insertMessages([
        {
          id: responseId,
          conversationId,
          userId,
          role: 'assistant',
          position: retryOf.position,
          parentId: retryOf.messageId,
          version,
          status: 'STREAMING',
        },
      ]);
    } else {
      // A question takes the next even position, its answer the odd one after it.
      let position = (await r.lastPosition(conversationId)) + 1;
      if (position % 2 === 1) position += 1;
      await r.insertMessages([
        {
          id: userMessageId,
          conversationId,
          userId,
          role: 'user',
          position,
          content: stripMarks(question),
          status: 'COMPLETE',
        },
        {
          id: responseId,
          conversationId,
          userId,
          role: 'assistant',
          position: position + 1,
          parentId: userMessageId,
          status: 'STREAMING',
        },
      ]);
    }
    await r.touchConversation(conversationId);
  });
}

export function createAiService(deps: AiServiceDeps) {
  const { db, contextProvider, generations, retrieve } = deps;
  const repo = aiRepository(db);

  // The founder's context (profile and program position) is read for every question; a few seconds of
  // staleness is harmless and keeps the time to the first token low.
  const contextCache = new Map<string, { at: number; value: Promise<CoachUserContext> }>();
  const CONTEXT_TTL_MS = 10_000;
  function userContext(userId: string): Promise<CoachUserContext> {
    const hit = contextCache.get(userId);
    if (hit && Date.now() - hit.at < CONTEXT_TTL_MS) return hit.value;
    const value = contextProvider.userContext(userId).catch(() => {
      contextCache.delete(userId);
      return { firstName: null, startupName: null, stage: null, industry: null };
    });
    if (contextCache.size > 5_000) contextCache.delete(contextCache.keys().next().value!);
    contextCache.set(userId, { at: Date.now(), value });
    return value;
  }

  /**
   * Everything an answer needs before the model is asked: the conversation (404 unless it is the caller's), the
   * question, the founder's context, the passages and the transcript. Reads only; the turn's rows are written
   * by `persist` once the model call is under way.
   */
  async function prepareAnswer(userId: string, request: ChatRequest): Promise<GenerationRequest> {
    let conversationId: string;
    let isNew = false;
    let question: string;
    let retryOf: Turn['retryOf'] = null;
    let titlePending = false;

    if (request.kind === 'retry') {
      const [conversation, message, response] = await Promise.all([
        repo.findConversation(userId, request.conversationId),
        repo.findMessage(userId, request.messageId),
        repo.findMessage(userId, request.responseId),
      ]);
      if (!conversation) throw sessionNotFound();
      if (!message || message.role !== 'user' || message.conversationId !== conversation.id)
        throw notFound('Message not found');
      if (!response || response.parentId !== message.id) throw notFound('Response not found');
      conversationId = conversation.id;
      question = message.content;
      retryOf = { messageId: message.id, position: response.position };
      titlePending = conversation.titlePending && message.position === 0;
    } else {
      question = request.input;
      if (request.conversationId) {
        // A client may name a new conversation itself (so it can stop the answer before any event arrives);
        // an id that is someone else's is refused before anything streams.
        const conversation = await repo.findConversationOfAnyone(request.conversationId);
        if (!conversation || conversation.userId !== userId) {
          if (request.kind === 'continue' || conversation) throw sessionNotFound();
          isNew = true;
        } else titlePending = conversation.titlePending;
        conversationId = request.conversationId;
      } else {
        conversationId = randomUUID();
        isNew = true;
      }
      if (isNew) titlePending = true;
    }

    // The safety pre-check comes before retrieval and any model call (docs/decisions/016).
    const unsafe = classifyMessage(question);
    const language = detectLanguage(question);
    const stepId = request.kind === 'retry' ? undefined : request.stepId;
    // A question about the founder's own standing is answered from it, not from the program's text.
    const intent = unsafe ? null : standingIntent(question, Boolean(stepId));
    const transcriptRead = isNew
      ? Promise.resolve([])
      : repo.transcript(conversationId, retryOf ? retryOf.position - 1 : undefined);
    const [baseUser, retrieved, transcript, memories] = await Promise.all([
      // Asked from inside a step, the worksheet answers just saved must be in it: no cached context.
      // So must a standing question just after the founder finished a step.
      stepId || intent
        ? contextProvider.userContext(userId, stepId ? { stepId } : {}).catch(() => userContext(userId))
        : userContext(userId),
      // A follow-up is searched in the light of the conversation so far, for a model too (decision 018); a
      // first question has no transcript to wait for.
      unsafe || intent
        ? Promise.resolve([])
        : transcriptRead.then((earlier) => retrieve(question, 12, earlier)),
      transcriptRead,
      unsafe ? Promise.resolve([]) : deps.memories(userId),
    ]);
    const user: CoachUserContext = memories.length ? { ...baseUser, memories } : baseUser;
    // The founder's current mission is preferred only when the question is about their current work.
    const prefer = standingPreference(question, user);
    const ranked = [...retrieved].sort(
      (a: RetrievedPassage, b: RetrievedPassage) => b.rank * prefer(b) - a.rank * prefer(a),
    );
    const verdict = unsafe
      ? safetyCheck(
          question,
          {
            firstName: user.firstName,
            missionName: user.mission?.name ?? null,
            crisisResources: deps.crisisResources,
          },
          language,
        )
      : null;
    const answersStanding = intent && (user.standing || user.focusStep) ? intent : null;
    const picked = pickPassages(ranked, user, 4);
    const context: CoachContext = {
      ...picked,
      ...(answersStanding ? { intent: answersStanding, sources: standingSources(user) } : {}),
      language,
      crisisResources: deps.crisisResources,
    };
    const suggestions = verdict
      ? []
      : answersStanding
        ? standingFollowUps(answersStanding, user)
        : fallbackFollowUps(context, question, ranked);
    const userMessageId = retryOf?.messageId ?? randomUUID();
    const responseId = randomUUID();
    const ids = { conversationId, userMessageId, responseId };
    const firstTurn = retryOf ? retryOf.position === 1 : isNew || transcript.length === 0;

    const persist = () =>
      saveTurn(db, {
        userId,
        conversationId,
        isNew,
        question,
        userMessageId,
        responseId,
        retryOf,
      });
    return {
      ids,
      userId,
      question,
      history: transcript,
      context,
      suggestions,
      titleFallback: titlePending && firstTurn ? fallbackTitle(question) : null,
      ...(verdict ? { reply: { kind: verdict.kind, text: verdict.answer } } : {}),
      persist,
    };
  }

  return {
    /**
     * Starts an answer and returns it at once; the caller streams it or waits for `finished`. `authorization`
     * settles when the caller's standing is confirmed (the chat routes authorize in their handler): the reads
     * of the caller's own data overlap it, and nothing is written or asked of the model before it.
     */
    async chat(userId: string, request: ChatRequest, authorization: Promise<unknown>): Promise<Generation> {
      const preparing = prepareAnswer(userId, request);
      // The caps are counted meanwhile too (a shared counter is a round trip), never in front of the model.
      const admitting = deps.admitAnswer(userId);
      // A refused caller hears only the refusal, even when the reads failed first.
      preparing.catch(() => {});
      admitting.catch(() => {});
      try {
        await authorization;
      } catch (error) {
        void admitting.then((release) => release());
        throw error;
      }
      const release = await admitting;
      let generation: Generation;
      try {
        generation = generations.start(await preparing);
      } catch (error) {
        release();
        throw error;
      }
      void generation.finished.finally(release);
      return generation;
    },

    async stop(userId: string, conversationId: string) {
      // This instance's answers stop at once, even a brand-new chat's whose rows are not written yet.
      const local = generations.stopLocal(userId, conversationId);
      if (!local && !(await repo.findConversation(userId, conversationId))) throw sessionNotFound();
      const flagged = await repo.requestStop(userId, conversationId);
      return { conversationId, stopped: local || flagged.length > 0 };
    },

    async createSession(
      userId: string,
      input: { conversationId?: string; title?: string },
    ): Promise<ChatSession> {
      const row = await repo.upsertConversation(userId, input.conversationId ?? randomUUID(), input.title);
      if (!row) throw sessionNotFound();
      return toSession(row);
    },
    async listSessions(
      userId: string,
      archived: boolean,
      query: { pageNo: number; pageSize: number; search?: string },
    ) {
      const { rows, total } = await repo.listConversations(
        userId,
        archived,
        query.pageNo,
        query.pageSize,
        query.search || undefined,
      );
      return pageOf(rows.map(toSession), total, query.pageNo, query.pageSize);
    },
    async getSession(userId: string, id: string) {
      const row = await repo.findConversation(userId, id);
      if (!row) throw sessionNotFound();
      return toSession(row);
    },
    async renameSession(userId: string, id: string, title: string) {
      const row = await repo.updateConversation(userId, id, { title, titlePending: false }, false);
      if (!row) throw sessionNotFound();
      return toSession(row);
    },
    async archiveSession(userId: string, id: string, archived: boolean) {
      // Restoring puts the session back at the top of the active list.
      const row = await repo.updateConversation(userId, id, { isArchived: archived }, !archived);
      if (!row) throw sessionNotFound();
      return toSession(row);
    },
    async deleteSession(userId: string, id: string) {
      if (!(await repo.deleteConversations(userId, [id]))) throw sessionNotFound();
    },
    async bulk(userId: string, action: 'archive' | 'delete', ids: string[]) {
      const unique = [...new Set(ids)];
      const affected =
        action === 'archive'
          ? await repo.archiveConversations(userId, unique)
          : await repo.deleteConversations(userId, unique);
      return { action, affected };
    },

    async history(userId: string, conversationId: string, pageNo: number, pageSize: number) {
      const conversation = await repo.findConversation(userId, conversationId);
      if (!conversation) throw sessionNotFound();
      const { items, total } = await repo.history(conversationId, userId, pageNo, pageSize);
      return { conversation: toSession(conversation), ...pageOf(items, total, pageNo, pageSize) };
    },
    async search(userId: string, query: string, pageNo: number, pageSize: number) {
      const { hits, total } = await repo.search(userId, query, pageNo, pageSize);
      return pageOf(hits, total, pageNo, pageSize);
    },

    async feedback(
      userId: string,
      input: { messageId: string; feedbackType: 'LIKE' | 'DISLIKE'; reason?: string; comment?: string },
    ) {
      const message = await repo.findMessage(userId, input.messageId);
      if (!message || message.role !== 'assistant') throw notFound('Message not found');
      return repo.upsertFeedback(userId, input.messageId, input);
    },
  };
}

export type AiService = ReturnType<typeof createAiService>;
