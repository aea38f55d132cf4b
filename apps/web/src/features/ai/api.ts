import type {
  Capabilities,
  ChatHistoryItem,
  ChatSession,
  Feedback,
  Page,
  SearchHit,
} from '@liftoff/contracts/ai';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../lib/api';
import type { ApiExtra } from '../../lib/api';
import { HttpError } from '../../lib/http-client';

/** Spec section 9: chat history page 1 size 50; search page 1 size 50; archived sessions page 1 size 20. */
export const HISTORY_PAGE_SIZE = 50;
export const SEARCH_PAGE_SIZE = 50;
export const ARCHIVED_PAGE_SIZE = 20;
export const SESSIONS_PAGE_SIZE = 50;

/** Spec section 8: what chat operations show when the server sends no message. */
export const chatErrors = {
  sessions: 'Failed to fetch chat sessions',
  session: 'Failed to fetch chat session',
  update: 'Failed to update chat session',
  delete: 'Failed to delete chat session',
  history: 'Failed to fetch chat history',
  archive: 'Failed to archive chat session',
  unarchive: 'Failed to unarchive chat session',
  archived: 'Failed to fetch archived sessions',
  feedback: 'Failed to add feedback',
  search: 'Failed to search chat history',
} as const;

/** Spec section 8: streaming, tts and stt answer this for a response that is not ok. */
export const httpErrorMessage = (status: number) => `HTTP error! status: ${status}`;

export type ChatHistoryPage = {
  conversation: ChatSession;
  items: ChatHistoryItem[];
  total: number;
  pageNo: number;
  pageSize: number;
  lastPage: number;
};

export type SessionsArgs = { pageNo: number; pageSize?: number; search?: string };
export type HistoryArgs = { conversationId: string; pageNo: number; pageSize?: number };
export type SearchArgs = { query: string; pageSize?: number };
export type FeedbackArgs = {
  messageId: string;
  feedbackType: 'LIKE' | 'DISLIKE';
  reason?: string;
  comment?: string;
};
export type BulkArgs = { action: 'archive' | 'delete'; ids: string[] };

const aiBase = api.enhanceEndpoints({ addTagTypes: ['AiArchived', 'AiSearch', 'AiCapabilities'] });
const auth = 'authorization' as const;
const id = (value: string) => encodeURIComponent(value);

/**
 * The AI workspace calls (spec section 7 "AI"). Lists and history show their failures inline with a retry
 * (silent); actions toast the spec's fallback. The open chat and the active session list live in the
 * aiChat slice (slice.ts), which follows these endpoints' results.
 */
export const aiApi = aiBase.injectEndpoints({
  endpoints: (build) => ({
    aiCapabilities: build.query<Capabilities, void>({
      query: () => ({ url: '/ai/capabilities', method: 'GET', headerType: auth }),
      extraOptions: { silent: true },
      providesTags: ['AiCapabilities'],
      keepUnusedDataFor: 600,
    }),
    chatSessions: build.query<Page<ChatSession>, SessionsArgs>({
      query: ({ pageNo, pageSize = SESSIONS_PAGE_SIZE, search }) => ({
        url: '/ai/chat-sessions',
        method: 'GET',
        headerType: auth,
        params: { pageNo, pageSize, search: search || undefined },
      }),
      extraOptions: { fallbackError: chatErrors.sessions, silent: true },
    }),
    chatSession: build.query<ChatSession, string>({
      query: (conversationId) => ({
        url: `/ai/chat-sessions/${id(conversationId)}`,
        method: 'GET',
        headerType: auth,
      }),
      extraOptions: { fallbackError: chatErrors.session, silent: true },
      keepUnusedDataFor: 0,
    }),
    createChatSession: build.mutation<ChatSession, { conversationId?: string; title?: string }>({
      query: (body) => ({ url: '/ai/chat-sessions', method: 'POST', headerType: auth, body }),
      extraOptions: { fallbackError: chatErrors.update },
    }),
    renameChatSession: build.mutation<ChatSession, { conversationId: string; title: string }>({
      query: ({ conversationId, title }) => ({
        url: `/ai/chat-sessions/${id(conversationId)}`,
        method: 'PUT',
        headerType: auth,
        body: { title },
      }),
      extraOptions: { fallbackError: chatErrors.update, successToast: true },
      invalidatesTags: ['AiSearch', 'AiArchived'],
    }),
    deleteChatSession: build.mutation<Record<string, never>, string>({
      query: (conversationId) => ({
        url: `/ai/chat-sessions/${id(conversationId)}`,
        method: 'DELETE',
        headerType: auth,
      }),
      extraOptions: { fallbackError: chatErrors.delete, successToast: true },
      invalidatesTags: ['AiSearch', 'AiArchived'],
    }),
    archiveChatSession: build.mutation<ChatSession, string>({
      query: (conversationId) => ({
        url: `/ai/chat-sessions/${id(conversationId)}/archive`,
        method: 'PUT',
        headerType: auth,
      }),
      extraOptions: { fallbackError: chatErrors.archive, successToast: true },
      invalidatesTags: ['AiSearch', 'AiArchived'],
    }),
    unarchiveChatSession: build.mutation<ChatSession, string>({
      query: (conversationId) => ({
        url: `/ai/chat-sessions/${id(conversationId)}/unarchive`,
        method: 'PUT',
        headerType: auth,
      }),
      extraOptions: { fallbackError: chatErrors.unarchive, successToast: true },
      invalidatesTags: ['AiSearch', 'AiArchived'],
    }),
    bulkChatSessions: build.mutation<{ action: BulkArgs['action']; affected: number }, BulkArgs>({
      query: (body) => ({ url: '/ai/chat-sessions/bulk', method: 'POST', headerType: auth, body }),
      extraOptions: { fallbackError: chatErrors.update, successToast: true },
      invalidatesTags: ['AiSearch', 'AiArchived'],
    }),
    archivedChatSessions: build.query<Page<ChatSession>, SessionsArgs>({
      query: ({ pageNo, pageSize = ARCHIVED_PAGE_SIZE, search }) => ({
        url: '/ai/chat-sessions/archived',
        method: 'GET',
        headerType: auth,
        params: { pageNo, pageSize, search: search || undefined },
      }),
      extraOptions: { fallbackError: chatErrors.archived, silent: true },
      providesTags: ['AiArchived'],
      keepUnusedDataFor: 0,
    }),
    chatHistory: build.query<ChatHistoryPage, HistoryArgs>({
      query: ({ conversationId, pageNo, pageSize = HISTORY_PAGE_SIZE }) => ({
        url: `/ai/chat-history/${id(conversationId)}`,
        method: 'GET',
        headerType: auth,
        params: { pageNo, pageSize },
      }),
      extraOptions: { fallbackError: chatErrors.history, silent: true },
      keepUnusedDataFor: 0,
    }),
    /** Every page of one search, in order: "Show more results" appends the next one. */
    searchChatHistory: build.infiniteQuery<Page<SearchHit>, SearchArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (last) => (last.pageNo < last.lastPage ? last.pageNo + 1 : undefined),
      },
      query: ({ queryArg: { query, pageSize = SEARCH_PAGE_SIZE }, pageParam }) => ({
        url: '/ai/chat-history/search',
        method: 'GET',
        headerType: auth,
        params: { query, pageNo: pageParam, pageSize },
      }),
      extraOptions: { fallbackError: chatErrors.search, silent: true },
      providesTags: ['AiSearch'],
      keepUnusedDataFor: 0,
    }),
    addFeedback: build.mutation<Feedback, FeedbackArgs>({
      query: (body) => ({ url: '/ai/feedback', method: 'POST', headerType: auth, body }),
      extraOptions: { fallbackError: chatErrors.feedback },
    }),
  }),
});

export const {
  useAiCapabilitiesQuery,
  useChatSessionsQuery,
  useLazyChatSessionsQuery,
  useArchivedChatSessionsQuery,
  useSearchChatHistoryInfiniteQuery,
  useRenameChatSessionMutation,
  useDeleteChatSessionMutation,
  useArchiveChatSessionMutation,
  useUnarchiveChatSessionMutation,
  useBulkChatSessionsMutation,
  useAddFeedbackMutation,
} = aiApi;

type Thunk<R> = ThunkAction<Promise<R>, unknown, ApiExtra, UnknownAction>;

/** A failed speech call: the spec's message, the status, and what the server said (its hint to enable it). */
export class SpeechError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | null,
  ) {
    super(status ? httpErrorMessage(status) : (serverMessage ?? 'Network error'));
    this.name = 'SpeechError';
  }
}

function speechError(error: unknown): SpeechError {
  if (error instanceof HttpError) {
    const data = error.data as { message?: unknown } | null;
    const message = typeof data?.message === 'string' ? data.message : error.status ? null : error.message;
    return new SpeechError(error.kind === 'http' ? error.status : 0, message);
  }
  return new SpeechError(0, error instanceof Error ? error.message : null);
}

/**
 * Reads text aloud: POST /ai/tts answers audio. A thunk rather than an endpoint, because audio does not
 * belong in the store; the caller gets the audio to play and releases it.
 */
export function fetchSpeech(text: string, signal?: AbortSignal): Thunk<Blob> {
  return async (_dispatch, _getState, { http }) => {
    try {
      const response = await http.request<Blob>({
        url: '/ai/tts',
        method: 'POST',
        headerType: auth,
        body: { text },
        responseType: 'blob',
        signal,
      });
      return response.data;
    } catch (error) {
      throw speechError(error);
    }
  };
}

/** Transcribes a recording: POST /ai/stt, multipart field `file` → `{ text }`. 501 when no engine is on. */
export function transcribe(
  audio: Blob,
  fileName: string,
  signal?: AbortSignal,
): Thunk<{ text: string; basic: boolean }> {
  return async (_dispatch, _getState, { http }) => {
    const body = new FormData();
    body.append('file', audio, fileName);
    try {
      const response = await http.request<{ data: { text: string; basic: boolean } }>({
        url: '/ai/stt',
        method: 'POST',
        headerType: 'file',
        body,
        signal,
      });
      return response.data.data;
    } catch (error) {
      throw speechError(error);
    }
  };
}
