import type {
  ChatHistoryItem,
  ChatSession,
  Feedback,
  MessageSource,
  MessageStatus,
} from '@liftoff/contracts/ai';
import type { ActionReducerMapBuilder } from '@reduxjs/toolkit';

/**
 * The shape of the coach's chat state and where it starts. The slice (../slice.ts) and each group of its
 * reducers in this folder work on it; nothing here may import them, so the types stay free of cycles.
 */

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

export const initialHistory: AiChatState['history'] = {
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

/** The chat's error goes, and with it what was kept to send again: one never outlives the other. */
export function clearFailure(state: AiChatState) {
  state.error = false;
  state.errorMessage = null;
  state.failedInput = null;
  state.failedRetry = null;
}

/** What the slice's extraReducers hand to each group of matchers on the API's results. */
export type MatcherBuilder = Pick<ActionReducerMapBuilder<AiChatState>, 'addMatcher'>;
