import type { ChatHistoryItem, ChatSession } from '@liftoff/contracts/ai';
import type { PayloadAction } from '@reduxjs/toolkit';
import { endOfAnswer, hasUnfinishedAnswer, isUnfinishedAnswer, messageFromHistory } from './messages';
import { clearFailure, initialHistory } from './state';
import type { AiChatState } from './state';

/** The slice's reducers for opening a conversation and reading its history, page by page. */
export const historyReducers = {
  /** Opens a conversation (null: a new chat). Opening another one starts from an empty list. */
  conversationOpened(state: AiChatState, action: PayloadAction<string | null>) {
    if (state.conversationId === action.payload && action.payload !== null) return;
    state.conversationId = action.payload;
    state.conversation = null;
    // Only when there is something to clear: a new array would change a state that is already a fresh new chat,
    // and every part of the page that reads the chat would draw itself once more for nothing.
    if (state.messages.length) state.messages = [];
    state.history = initialHistory;
    state.streaming = false;
    state.aborting = false;
    clearFailure(state);
    state.feedbackSuccess = null;
  },
  historyRequested(state: AiChatState, action: PayloadAction<{ conversationId: string; pageNo: number }>) {
    if (action.payload.conversationId !== state.conversationId) return;
    state.history.error = null;
    state.history.missing = false;
    if (action.payload.pageNo <= 1) state.history.loading = true;
    else state.history.loadingOlder = true;
  },
  historyFailed(
    state: AiChatState,
    action: PayloadAction<{ conversationId: string; message: string; missing?: boolean }>,
  ) {
    if (action.payload.conversationId !== state.conversationId) return;
    state.history.loading = false;
    state.history.loadingOlder = false;
    state.history.error = action.payload.message;
    state.history.missing = Boolean(action.payload.missing);
  },
  /** A page of history: page 1 is the newest; older pages go on top, without repeating a message. */
  historyLoaded(
    state: AiChatState,
    action: PayloadAction<{
      conversationId: string;
      pageNo: number;
      lastPage: number;
      items: ChatHistoryItem[];
      conversation?: ChatSession;
    }>,
  ) {
    const { conversationId, pageNo, lastPage, items } = action.payload;
    if (conversationId !== state.conversationId) return;
    if (action.payload.conversation) state.conversation = action.payload.conversation;
    const incoming = items.map(messageFromHistory);
    const known = new Set(state.messages.map((m) => m.id));
    if (pageNo <= 1) {
      const incomingIds = new Set(incoming.map((m) => m.id));
      // Keep what is still streaming (or newer than this page) below the loaded page.
      const newer = state.messages.filter((m) => !incomingIds.has(m.id) && (m.isTemp || state.streaming));
      state.messages = [...incoming, ...newer];
    } else {
      state.messages = [...incoming.filter((m) => !known.has(m.id)), ...state.messages];
    }
    state.history = { loading: false, loadingOlder: false, error: null, missing: false, pageNo, lastPage };
  },
  /**
   * A fresh read of the newest page while answers are unfinished: each takes what the server has now (more
   * text, or the final answer with its follow-ups). The rest of the list, older pages included, stays.
   */
  historyRefreshed(
    state: AiChatState,
    action: PayloadAction<{ conversationId: string; items: ChatHistoryItem[] }>,
  ) {
    if (action.payload.conversationId !== state.conversationId) return;
    for (const [index, message] of state.messages.entries()) {
      if (!isUnfinishedAnswer(message)) continue;
      // Matched by the question it answers: a retry elsewhere gives the answer a new id.
      const item = action.payload.items.find(
        (i) => i.role === 'assistant' && i.messageId === message.messageId,
      );
      if (!item) continue;
      const next = messageFromHistory(item);
      state.messages[index] = next;
      if (next.status !== 'STREAMING') state.announcement = endOfAnswer(next);
    }
    if (!state.streaming && !hasUnfinishedAnswer(state)) state.aborting = false;
  },
};
