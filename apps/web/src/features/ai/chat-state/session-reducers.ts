import type { ChatSession } from '@liftoff/contracts/ai';
import { isAnyOf } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { aiApi } from '../api';
import { initialAiChatState } from './state';
import type { AiChatState, MatcherBuilder } from './state';

/** The sidebar's list of active sessions: its pages, and what creating, archiving or deleting one does to it. */

function putOnTop(state: AiChatState, session: ChatSession) {
  state.sessions.unshift(session);
  state.sessionsTotal += 1;
}

function removeSessions(state: AiChatState, ids: readonly string[]) {
  const gone = new Set(ids);
  const before = state.sessions.length;
  state.sessions = state.sessions.filter((s) => !gone.has(s.conversationId));
  state.sessionsTotal = Math.max(0, state.sessionsTotal - (before - state.sessions.length));
}

/** Spec section 4: creating a session puts it at the top, or replaces the one with the same conversationId. */
function upsertSession(state: AiChatState, session: ChatSession) {
  if (state.conversation?.conversationId === session.conversationId) state.conversation = session;
  if (session.isArchived) return removeSessions(state, [session.conversationId]);
  const index = state.sessions.findIndex((s) => s.conversationId === session.conversationId);
  if (index === -1) putOnTop(state, session);
  else state.sessions[index] = session;
}

/** Spec section 4: deleting the open conversation clears the open chat and its messages. */
function closeIfOpen(state: AiChatState, ids: readonly string[]) {
  if (state.conversationId && ids.includes(state.conversationId)) {
    const sessions = state.sessions;
    Object.assign(state, {
      ...initialAiChatState,
      sessions,
      sessionsTotal: state.sessionsTotal,
      sessionsLoaded: state.sessionsLoaded,
    });
  }
}

/**
 * A page of active sessions: page 1 starts the list again; a later page is appended without repeating a
 * session, since it may start inside the list when sessions were archived or deleted meanwhile.
 */
function loadSessionsPage(state: AiChatState, page: { items: ChatSession[]; pageNo: number; total: number }) {
  const { items, pageNo, total } = page;
  if (pageNo <= 1) state.sessions = items;
  else {
    const known = new Set(state.sessions.map((s) => s.conversationId));
    state.sessions.push(...items.filter((s) => !known.has(s.conversationId)));
  }
  state.sessionsTotal = total;
  state.sessionsLoaded = true;
}

/** Spec section 4: restored, it is back at the top of the active list. */
function restoreSession(state: AiChatState, session: ChatSession) {
  removeSessions(state, [session.conversationId]);
  putOnTop(state, { ...session, isArchived: false });
  if (state.conversation?.conversationId === session.conversationId) {
    state.conversation = { ...session, isArchived: false };
  }
}

/** The slice's reducers for the session list, for callers that change it without the API's own results. */
export const sessionReducers = {
  /** A page of active sessions (loadSessionsPage). */
  sessionsLoaded(
    state: AiChatState,
    action: PayloadAction<{ items: ChatSession[]; pageNo: number; total: number }>,
  ) {
    loadSessionsPage(state, action.payload);
  },
  /** Spec section 4: at the top, or in place of the one with the same conversationId. */
  sessionCreated(state: AiChatState, action: PayloadAction<ChatSession>) {
    upsertSession(state, action.payload);
  },
  /** Spec section 4: delete removes it from both lists and clears the open chat if it was open. */
  sessionDeleted(state: AiChatState, action: PayloadAction<string>) {
    removeSessions(state, [action.payload]);
    closeIfOpen(state, [action.payload]);
  },
  /** Spec section 4: archived, it leaves the active list (the archived list shows it). */
  sessionArchived(state: AiChatState, action: PayloadAction<string>) {
    removeSessions(state, [action.payload]);
  },
  /** Spec section 4: restored, it is back at the top of the active list (restoreSession). */
  sessionRestored(state: AiChatState, action: PayloadAction<ChatSession>) {
    restoreSession(state, action.payload);
  },
};

/** The session list follows the API's results: a page read, a session created, renamed, archived or deleted. */
export function addSessionMatchers(builder: MatcherBuilder) {
  builder
    .addMatcher(aiApi.endpoints.chatSessions.matchFulfilled, (state, action) => {
      if (action.meta.arg.originalArgs.search) return;
      loadSessionsPage(state, {
        items: action.payload.items,
        pageNo: action.payload.pageNo,
        total: action.payload.total,
      });
    })
    .addMatcher(
      isAnyOf(
        aiApi.endpoints.createChatSession.matchFulfilled,
        aiApi.endpoints.renameChatSession.matchFulfilled,
        aiApi.endpoints.chatSession.matchFulfilled,
      ),
      (state, action) => upsertSession(state, action.payload),
    )
    .addMatcher(aiApi.endpoints.deleteChatSession.matchFulfilled, (state, action) => {
      removeSessions(state, [action.meta.arg.originalArgs]);
      closeIfOpen(state, [action.meta.arg.originalArgs]);
    })
    .addMatcher(aiApi.endpoints.archiveChatSession.matchFulfilled, (state, action) => {
      removeSessions(state, [action.payload.conversationId]);
      if (state.conversation?.conversationId === action.payload.conversationId)
        state.conversation = action.payload;
    })
    .addMatcher(aiApi.endpoints.unarchiveChatSession.matchFulfilled, (state, action) => {
      restoreSession(state, action.payload);
    })
    .addMatcher(aiApi.endpoints.bulkChatSessions.matchFulfilled, (state, action) => {
      const { action: kind, ids } = action.meta.arg.originalArgs;
      removeSessions(state, ids);
      if (kind === 'delete') closeIfOpen(state, ids);
    });
}

/**
 * The page of active sessions to ask for next, or null when every one is shown. The list is the top of the
 * server's, so the next unseen session sits at its length, whatever was archived or deleted since: the page
 * holding that position is fetched and what is already shown is skipped (sessionsLoaded).
 */
export function nextSessionsPage(state: AiChatState, pageSize: number): number | null {
  const shown = state.sessions.length;
  return shown < state.sessionsTotal ? Math.floor(shown / pageSize) + 1 : null;
}
