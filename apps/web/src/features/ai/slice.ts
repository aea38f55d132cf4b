import type {
  ChatHistoryItem,
  ChatSession,
  Feedback,
  MessageSource,
  MessageStatus,
} from '@liftoff/contracts/ai';
import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import type { PayloadAction, UnknownAction } from '@reduxjs/toolkit';
import { aiApi } from './api';

export type AnswerVersionView = ChatHistoryItem['versions'][number];

/** Chat message (spec section 3) plus what the workspace needs to show it. */
export type ChatMessage = {
  /** A user message: its id. An answer: its responseId (a temporary id while it streams). */
  id: string;
  role: 'user' | 'assistant';
  content: string;
  timestamp: string;
  /** The streaming reply (or the question not yet acknowledged by the server). */
  isTemp: boolean;
  followUpQuestions: string[];
  /** For an answer: the user message it answers. */
  messageId: string | null;
  /** For an answer: its own id once the server named it. */
  responseId: string | null;
  feedback: Feedback | null;
  status: MessageStatus;
  error: string | null;
  /** Set when the model failed and the offline coach answered instead: why the model failed. */
  fallback: string | null;
  sources: MessageSource[];
  /** For an answer: every version, oldest first. */
  versions: AnswerVersionView[];
  /** Which version is shown (an index into versions). */
  versionIndex: number;
  /** For a retry that is streaming: the answer it replaces, put back if the retry yields nothing. */
  replaces?: ChatMessage | null;
};

export const FEEDBACK_THANKS = 'Thank you for your feedback! We appreciate it.';

export type AiChatState = {
  /** The open conversation; null for a new chat. */
  conversationId: string | null;
  /** The open conversation's session, once its history arrived. */
  conversation: ChatSession | null;
  messages: ChatMessage[];
  streaming: boolean;
  aborting: boolean;
  /** Set when an event carried an error or the stream failed (spec section 4). */
  error: boolean;
  errorMessage: string | null;
  /** A question the server never received (the request failed), kept so it can be sent again. */
  failedInput: string | null;
  /** The answer (a version's id) whose retry the server never received, kept so it can be asked again. */
  failedRetry: string | null;
  history: {
    loading: boolean;
    loadingOlder: boolean;
    error: string | null;
    /** The conversation is not the founder's (deleted, or a wrong link): nothing to retry. */
    missing: boolean;
    pageNo: number;
    lastPage: number;
  };
  /** The active sessions, most recent first: always the top of the server's list, so older pages follow on. */
  sessions: ChatSession[];
  /** How many active sessions the server holds: its last count, plus or minus what changed here since. */
  sessionsTotal: number;
  sessionsLoaded: boolean;
  feedbackLoading: boolean;
  feedbackSuccess: string | null;
  /** What screen readers hear once (an answer finished), not every token. */
  announcement: string;
};

const initialHistory: AiChatState['history'] = {
  loading: false,
  loadingOlder: false,
  error: null,
  missing: false,
  pageNo: 0,
  lastPage: 0,
};

export const initialAiChatState: AiChatState = {
  conversationId: null,
  conversation: null,
  messages: [],
  streaming: false,
  aborting: false,
  error: false,
  errorMessage: null,
  failedInput: null,
  failedRetry: null,
  history: initialHistory,
  sessions: [],
  sessionsTotal: 0,
  sessionsLoaded: false,
  feedbackLoading: false,
  feedbackSuccess: null,
  announcement: '',
};

const versionOf = (m: ChatMessage): AnswerVersionView => ({
  id: m.id,
  content: m.content,
  status: m.status,
  error: m.error,
  fallback: m.fallback,
  followUpQuestions: m.followUpQuestions,
  sources: m.sources,
  createdAt: m.timestamp,
  feedback: m.feedback,
});

/** A history item as a chat message: the newest version of an answer is shown. */
export function messageFromHistory(item: ChatHistoryItem): ChatMessage {
  const message: ChatMessage = {
    id: item.id,
    role: item.role,
    content: item.content,
    timestamp: item.createdAt,
    isTemp: false,
    followUpQuestions: item.followUpQuestions,
    messageId: item.role === 'user' ? item.id : item.messageId,
    responseId: item.responseId,
    feedback: item.feedback,
    status: item.status,
    error: item.error,
    fallback: item.fallback,
    sources: item.sources,
    versions: item.versions,
    versionIndex: 0,
  };
  if (message.role === 'assistant' && message.versions.length === 0) message.versions = [versionOf(message)];
  message.versionIndex = Math.max(0, message.versions.length - 1);
  return message;
}

const tempAnswerIndex = (state: AiChatState) =>
  state.messages.findIndex((m) => m.isTemp && m.role === 'assistant');

/**
 * An answer the server is still writing while this tab does not listen to its stream (the page was reloaded,
 * or another conversation was opened mid-answer): history shows it as STREAMING.
 */
export const isUnfinishedAnswer = (m: ChatMessage) =>
  m.role === 'assistant' && !m.isTemp && m.status === 'STREAMING';

export const hasUnfinishedAnswer = (state: AiChatState) => state.messages.some(isUnfinishedAnswer);

/**
 * The answer with the version `id`, whichever version is on screen: showing an older one changes the
 * message's responseId, while its id stays the newest version's.
 */
export const answerWithVersion = (id: string) => (m: ChatMessage) =>
  m.role === 'assistant' && (m.id === id || m.responseId === id || m.versions.some((v) => v.id === id));

/** What screen readers hear when an answer ends. */
const endOfAnswer = (m: Pick<ChatMessage, 'error' | 'status'>) =>
  m.error
    ? `The coach could not answer: ${m.error}`
    : m.status === 'STOPPED'
      ? 'Stopped.'
      : 'The coach has answered.';

/** The chat's error goes, and with it what was kept to send again: one never outlives the other. */
function clearFailure(state: AiChatState) {
  state.error = false;
  state.errorMessage = null;
  state.failedInput = null;
  state.failedRetry = null;
}

/** Spec section 4: creating a session puts it at the top, or replaces the one with the same conversationId. */
function upsertSession(state: AiChatState, session: ChatSession) {
  if (state.conversation?.conversationId === session.conversationId) state.conversation = session;
  if (session.isArchived) return removeSessions(state, [session.conversationId]);
  const index = state.sessions.findIndex((s) => s.conversationId === session.conversationId);
  if (index === -1) putOnTop(state, session);
  else state.sessions[index] = session;
}

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
 * The temporary reply becomes the final message, or is removed when nothing came (spec section 4). A stream
 * that failed after the server named the answer keeps it, failed with `failure`, so it can be retried.
 */
function finishTemp(
  state: AiChatState,
  outcome: 'done' | 'stopped' | 'failed',
  failure: string | null = null,
) {
  const index = tempAnswerIndex(state);
  if (index !== -1) {
    const temp = state.messages[index]!;
    const error = temp.error ?? (outcome === 'failed' && temp.responseId ? failure : null);
    const hasSomething = temp.content.trim().length > 0 || error !== null;
    if (!hasSomething || (outcome === 'failed' && !temp.responseId)) {
      if (temp.replaces) state.messages[index] = temp.replaces;
      else state.messages.splice(index, 1);
    } else {
      const final: ChatMessage = {
        ...temp,
        id: temp.responseId ?? temp.id,
        isTemp: false,
        error,
        status: error
          ? 'ERROR'
          : outcome === 'done'
            ? 'COMPLETE'
            : outcome === 'stopped'
              ? 'STOPPED'
              : 'ERROR',
        replaces: null,
      };
      const earlier = temp.replaces ? temp.replaces.versions : [];
      final.versions = [...earlier, versionOf(final)];
      final.versionIndex = final.versions.length - 1;
      state.messages[index] = final;
    }
  }
  state.streaming = false;
  state.aborting = false;
}

const isFeedback = aiApi.endpoints.addFeedback;

export const aiChatSlice = createSlice({
  name: 'aiChat',
  initialState: initialAiChatState,
  reducers: {
    /** Opens a conversation (null: a new chat). Opening another one starts from an empty list. */
    conversationOpened(state, action: PayloadAction<string | null>) {
      if (state.conversationId === action.payload && action.payload !== null) return;
      state.conversationId = action.payload;
      state.conversation = null;
      state.messages = [];
      state.history = initialHistory;
      state.streaming = false;
      state.aborting = false;
      clearFailure(state);
      state.feedbackSuccess = null;
    },
    historyRequested(state, action: PayloadAction<{ conversationId: string; pageNo: number }>) {
      if (action.payload.conversationId !== state.conversationId) return;
      state.history.error = null;
      state.history.missing = false;
      if (action.payload.pageNo <= 1) state.history.loading = true;
      else state.history.loadingOlder = true;
    },
    historyFailed(
      state,
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
      state,
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
    historyRefreshed(state, action: PayloadAction<{ conversationId: string; items: ChatHistoryItem[] }>) {
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

    /** The question goes out: it shows at once, with the temporary reply under it. */
    messageSent(state, action: PayloadAction<{ input: string; tempId: string; timestamp: string }>) {
      const { input, tempId, timestamp } = action.payload;
      const base = {
        timestamp,
        isTemp: true,
        followUpQuestions: [],
        responseId: null,
        feedback: null,
        error: null,
        fallback: null,
        sources: [],
        versions: [],
        versionIndex: 0,
      };
      state.messages.push({
        ...base,
        id: `${tempId}-q`,
        role: 'user',
        content: input,
        messageId: null,
        status: 'COMPLETE',
      });
      state.messages.push({
        ...base,
        id: `${tempId}-a`,
        role: 'assistant',
        content: '',
        messageId: null,
        status: 'STREAMING',
      });
      state.streaming = true;
      state.aborting = false;
      clearFailure(state);
      state.feedbackSuccess = null;
      state.announcement = '';
    },
    /** A retry streams a new version in place of the answer; the earlier versions stay. */
    retryStarted(state, action: PayloadAction<{ responseId: string; tempId: string; timestamp: string }>) {
      const index = state.messages.findIndex(answerWithVersion(action.payload.responseId));
      if (index === -1) return;
      const old = state.messages[index]!;
      state.messages[index] = {
        ...old,
        id: `${action.payload.tempId}-a`,
        isTemp: true,
        content: '',
        timestamp: action.payload.timestamp,
        followUpQuestions: [],
        responseId: null,
        feedback: null,
        status: 'STREAMING',
        error: null,
        fallback: null,
        sources: [],
        replaces: old,
      };
      state.streaming = true;
      state.aborting = false;
      clearFailure(state);
      state.feedbackSuccess = null;
      state.announcement = '';
    },
    /** The first event names the conversation, the question and the answer. */
    streamStarted(
      state,
      action: PayloadAction<{ conversationId: string; userMessageId: string; responseId: string }>,
    ) {
      const { conversationId, userMessageId, responseId } = action.payload;
      if (state.conversationId === null) state.conversationId = conversationId;
      if (state.conversationId !== conversationId) return;
      const question = state.messages.find((m) => m.role === 'user' && m.isTemp);
      if (question) {
        question.id = userMessageId;
        question.messageId = userMessageId;
        question.isTemp = false;
      }
      const index = tempAnswerIndex(state);
      if (index !== -1) {
        state.messages[index]!.messageId = userMessageId;
        state.messages[index]!.responseId = responseId;
      }
    },
    streamDelta(state, action: PayloadAction<string>) {
      const index = tempAnswerIndex(state);
      if (index !== -1) state.messages[index]!.content += action.payload;
    },
    /**
     * The model failed and the offline coach answers instead. The event that starts its answer (`starts`) drops
     * what the model streamed so far; the last event only repeats the label.
     */
    streamFellBack(state, action: PayloadAction<{ reason: string; starts: boolean }>) {
      const index = tempAnswerIndex(state);
      if (index === -1) return;
      const message = state.messages[index]!;
      if (action.payload.starts && !message.fallback) message.content = '';
      message.fallback = action.payload.reason;
    },
    streamFollowUps(state, action: PayloadAction<string[]>) {
      const index = tempAnswerIndex(state);
      if (index !== -1) state.messages[index]!.followUpQuestions = action.payload;
    },
    /** The last event names the answer's sources, so they show without reloading the history. */
    streamSources(state, action: PayloadAction<MessageSource[]>) {
      const index = tempAnswerIndex(state);
      if (index !== -1) state.messages[index]!.sources = action.payload;
    },
    /** An event carried an error: the answer is saved as failed and can be retried. */
    streamErrored(state, action: PayloadAction<string>) {
      state.error = true;
      state.errorMessage = action.payload;
      const index = tempAnswerIndex(state);
      if (index !== -1) state.messages[index]!.error = action.payload;
    },
    /** The done marker: the temporary reply is replaced by the final message. */
    streamCompleted(state) {
      const temp = state.messages[tempAnswerIndex(state)];
      finishTemp(state, 'done');
      if (temp) state.announcement = endOfAnswer({ error: temp.error, status: 'COMPLETE' });
    },
    abortRequested(state) {
      if (state.streaming || hasUnfinishedAnswer(state)) state.aborting = true;
    },
    /** The server could not be asked to stop: Stop can be pressed again. */
    abortFailed(state) {
      state.aborting = false;
    },
    /** Stopped by the user: what arrived is kept, marked stopped; an empty reply is removed. */
    streamStopped(state) {
      finishTemp(state, 'stopped');
      state.announcement = 'Stopped.';
    },
    /**
     * The request failed (HTTP error, network, no body, cut off): spec section 8's message, and a way to retry:
     * the question or the retry the server never got is kept to send again; an answer it named keeps the error.
     */
    streamFailed(state, action: PayloadAction<{ message: string; input: string | null }>) {
      const question = state.messages.findIndex((m) => m.role === 'user' && m.isTemp);
      const temp = state.messages[tempAnswerIndex(state)];
      const unheardRetry = temp?.replaces && !temp.responseId ? temp.replaces : null;
      finishTemp(state, 'failed', action.payload.message);
      if (question !== -1) {
        // The server never got the question: take it back so it can be sent again.
        state.messages.splice(question, 1);
        state.failedInput = action.payload.input;
      }
      if (unheardRetry) state.failedRetry = unheardRetry.responseId ?? unheardRetry.id;
      state.error = true;
      state.errorMessage = action.payload.message;
      state.announcement = action.payload.message;
    },
    errorDismissed(state) {
      clearFailure(state);
    },
    versionSelected(state, action: PayloadAction<{ id: string; index: number }>) {
      const message = state.messages.find((m) => m.id === action.payload.id);
      if (!message || message.versions.length === 0) return;
      const index = Math.min(Math.max(0, action.payload.index), message.versions.length - 1);
      const version = message.versions[index]!;
      Object.assign(message, {
        versionIndex: index,
        content: version.content,
        status: version.status,
        error: version.error,
        fallback: version.fallback,
        followUpQuestions: version.followUpQuestions,
        sources: version.sources,
        feedback: version.feedback,
        responseId: version.id,
        timestamp: version.createdAt,
      });
    },
    feedbackSuccessReset(state) {
      state.feedbackSuccess = null;
    },

    /**
     * A page of active sessions: page 1 starts the list again; a later page is appended without repeating a
     * session, since it may start inside the list when sessions were archived or deleted meanwhile.
     */
    sessionsLoaded(state, action: PayloadAction<{ items: ChatSession[]; pageNo: number; total: number }>) {
      const { items, pageNo, total } = action.payload;
      if (pageNo <= 1) state.sessions = items;
      else {
        const known = new Set(state.sessions.map((s) => s.conversationId));
        state.sessions.push(...items.filter((s) => !known.has(s.conversationId)));
      }
      state.sessionsTotal = total;
      state.sessionsLoaded = true;
    },
    /** Spec section 4: at the top, or in place of the one with the same conversationId. */
    sessionCreated(state, action: PayloadAction<ChatSession>) {
      upsertSession(state, action.payload);
    },
    /** Spec section 4: delete removes it from both lists and clears the open chat if it was open. */
    sessionDeleted(state, action: PayloadAction<string>) {
      removeSessions(state, [action.payload]);
      closeIfOpen(state, [action.payload]);
    },
    /** Spec section 4: archived, it leaves the active list (the archived list shows it). */
    sessionArchived(state, action: PayloadAction<string>) {
      removeSessions(state, [action.payload]);
    },
    /** Spec section 4: restored, it is back at the top of the active list. */
    sessionRestored(state, action: PayloadAction<ChatSession>) {
      removeSessions(state, [action.payload.conversationId]);
      putOnTop(state, { ...action.payload, isArchived: false });
      if (state.conversation?.conversationId === action.payload.conversationId) {
        state.conversation = { ...action.payload, isArchived: false };
      }
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(isFeedback.matchPending, (state) => {
        state.feedbackLoading = true;
        state.feedbackSuccess = null;
      })
      .addMatcher(isFeedback.matchFulfilled, (state, action) => {
        state.feedbackLoading = false;
        state.feedbackSuccess = FEEDBACK_THANKS;
        const feedback = action.payload;
        for (const message of state.messages) {
          if (message.id === feedback.messageId || message.responseId === feedback.messageId) {
            message.feedback = feedback;
          }
          for (const version of message.versions)
            if (version.id === feedback.messageId) version.feedback = feedback;
        }
      })
      .addMatcher(isFeedback.matchRejected, (state) => {
        state.feedbackLoading = false;
      })
      .addMatcher(aiApi.endpoints.chatSessions.matchFulfilled, (state, action) => {
        if (action.meta.arg.originalArgs.search) return;
        aiChatSlice.caseReducers.sessionsLoaded(state, {
          type: 'aiChat/sessionsLoaded',
          payload: {
            items: action.payload.items,
            pageNo: action.payload.pageNo,
            total: action.payload.total,
          },
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
        aiChatSlice.caseReducers.sessionArchived(state, { type: '', payload: action.payload.conversationId });
        if (state.conversation?.conversationId === action.payload.conversationId)
          state.conversation = action.payload;
      })
      .addMatcher(aiApi.endpoints.unarchiveChatSession.matchFulfilled, (state, action) => {
        aiChatSlice.caseReducers.sessionRestored(state, { type: '', payload: action.payload });
      })
      .addMatcher(aiApi.endpoints.bulkChatSessions.matchFulfilled, (state, action) => {
        const { action: kind, ids } = action.meta.arg.originalArgs;
        removeSessions(state, ids);
        if (kind === 'delete') closeIfOpen(state, ids);
      })
      // Signing out forgets every conversation shown (the auth slice's reset).
      .addMatcher(
        (action: UnknownAction) => action.type === 'auth/authReset',
        () => initialAiChatState,
      );
  },
});

export const {
  conversationOpened,
  historyRequested,
  historyFailed,
  historyLoaded,
  historyRefreshed,
  messageSent,
  retryStarted,
  streamStarted,
  streamDelta,
  streamFollowUps,
  streamSources,
  streamErrored,
  streamCompleted,
  abortRequested,
  abortFailed,
  streamStopped,
  streamFailed,
  errorDismissed,
  streamFellBack,
  versionSelected,
  feedbackSuccessReset,
  sessionsLoaded,
  sessionCreated,
  sessionDeleted,
  sessionArchived,
  sessionRestored,
} = aiChatSlice.actions;

export const selectAiChat = (state: { aiChat: AiChatState }) => state.aiChat;

/**
 * The page of active sessions to ask for next, or null when every one is shown. The list is the top of the
 * server's, so the next unseen session sits at its length, whatever was archived or deleted since: the page
 * holding that position is fetched and what is already shown is skipped (sessionsLoaded).
 */
export function nextSessionsPage(state: AiChatState, pageSize: number): number | null {
  const shown = state.sessions.length;
  return shown < state.sessionsTotal ? Math.floor(shown / pageSize) + 1 : null;
}
