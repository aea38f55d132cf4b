import type { ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ApiExtra } from '../../lib/api';
import { errorMessage, errorStatus, GENERIC_ERROR } from '../../lib/api';
import { HttpError } from '../../lib/http-client';
import type { HttpClient } from '../../lib/http-client';
import { randomUuid } from '../../lib/uuid';
import { aiApi, chatErrors, HISTORY_PAGE_SIZE } from './api';
import { openChatStream, StreamHttpError } from './conversations/chat-stream';
import {
  abortFailed,
  abortRequested,
  answerWithVersion,
  conversationOpened,
  hasUnfinishedAnswer,
  historyFailed,
  historyLoaded,
  historyRefreshed,
  historyRequested,
  messageSent,
  retryStarted,
  sessionCreated,
  streamCompleted,
  streamDelta,
  streamFellBack,
  streamErrored,
  streamFailed,
  streamFollowUps,
  streamSources,
  streamStarted,
  streamStopped,
} from './slice';
import type { AiChatState } from './slice';

type State = { aiChat: AiChatState };
type Thunk<R = void> = ThunkAction<Promise<R>, State, ApiExtra, UnknownAction>;
export type AiDispatch = ThunkDispatch<State, ApiExtra, UnknownAction>;

/** The one stream in progress in this tab. */
type Run = {
  controller: AbortController;
  conversationId: string | null;
  stopping: boolean;
  /** Settles when this stream has ended, however it ended. */
  ended: Promise<void>;
};
let current: Run | null = null;
let tempSerial = 0;
const tempId = () => `temp-${Date.now().toString(36)}-${++tempSerial}`;

/** Stops listening to the stream in progress (the server still finishes and saves the answer). */
export function detachStream(): void {
  current?.controller.abort();
  current = null;
}

/**
 * A fresh read of one page of a conversation's history, kept out of the cache. Loading and refreshing read
 * pages of the same size, so a refresh finds each answer where the list has it.
 */
const readHistoryPage = (conversationId: string, pageNo: number) =>
  aiApi.endpoints.chatHistory.initiate(
    { conversationId, pageNo, pageSize: HISTORY_PAGE_SIZE },
    { subscribe: false, forceRefetch: true },
  );

/** Loads a page of the open conversation's history (page 1 is the newest). Answers false on failure. */
export function loadHistory(conversationId: string, pageNo = 1): Thunk<boolean> {
  return async (dispatch) => {
    dispatch(historyRequested({ conversationId, pageNo }));
    const result = await dispatch(readHistoryPage(conversationId, pageNo));
    if (result.data) {
      dispatch(
        historyLoaded({
          conversationId,
          pageNo: result.data.pageNo,
          lastPage: result.data.lastPage,
          items: result.data.items,
          conversation: result.data.conversation,
        }),
      );
      return true;
    }
    // 404: not this founder's conversation (deleted, another account's); 400: the address holds no valid id.
    const status = errorStatus(result.error);
    dispatch(
      historyFailed({
        conversationId,
        message: errorMessage(result.error, chatErrors.history),
        missing: pageNo === 1 && (status === 404 || status === 400),
      }),
    );
    return false;
  };
}

/** How often an answer the server writes without this tab listening is read again (it saves about every second). */
export const UNFINISHED_REFRESH_MS = 1500;

/**
 * Reads the newest page again so unfinished answers show what the server has written since. Quiet: a read that
 * fails is simply tried again at the next refresh.
 */
export function refreshUnfinished(conversationId: string): Thunk {
  return async (dispatch, getState) => {
    const result = await dispatch(readHistoryPage(conversationId, 1));
    if (!result.data) return;
    const wasUnfinished = hasUnfinishedAnswer(getState().aiChat);
    dispatch(historyRefreshed({ conversationId, items: result.data.items }));
    // A first answer that just finished named its conversation: show the saved title, as after a live answer.
    if (wasUnfinished && !hasUnfinishedAnswer(getState().aiChat))
      void dispatch(refreshSession(conversationId));
  };
}

/** Reads a session again, so its list entry and the open conversation show its saved title. */
function refreshSession(conversationId: string): Thunk {
  return async (dispatch) => {
    await dispatch(
      aiApi.endpoints.chatSession.initiate(conversationId, { subscribe: false, forceRefetch: true }),
    );
  };
}

/** Opens a conversation (or a new chat with null) and loads its newest messages. */
export function openConversation(conversationId: string | null): Thunk {
  return async (dispatch, getState) => {
    const state = getState().aiChat;
    if (
      conversationId !== null &&
      state.conversationId === conversationId &&
      (state.messages.length || state.streaming)
    ) {
      return;
    }
    if (current && current.conversationId !== conversationId) detachStream();
    dispatch(conversationOpened(conversationId));
    if (conversationId) await dispatch(loadHistory(conversationId, 1));
  };
}

/** Loads the next older page, if there is one. */
export function loadOlder(): Thunk<boolean> {
  return async (dispatch, getState) => {
    const { conversationId, history } = getState().aiChat;
    if (!conversationId || history.loading || history.loadingOlder || history.pageNo >= history.lastPage)
      return false;
    return dispatch(loadHistory(conversationId, history.pageNo + 1));
  };
}

function describe(error: unknown): string {
  if (error instanceof StreamHttpError) {
    return error.serverMessage ? `${error.message} — ${error.serverMessage}` : error.message;
  }
  if (error instanceof HttpError) return error.message;
  return error instanceof Error ? error.message : GENERIC_ERROR;
}

/**
 * Runs one stream into the slice: ids, content pieces, follow-ups, errors, the done marker. A new chat names its
 * conversation itself (`newConversationId`), so Stop works even before the first event arrives.
 */
function runStream(
  url: string,
  body: unknown,
  input: string | null,
  newConversationId?: string,
): Thunk<boolean> {
  return async (dispatch, getState, { http }) => {
    const controller = new AbortController();
    let markEnded = () => undefined as void;
    const run: Run = {
      controller,
      conversationId: newConversationId ?? getState().aiChat.conversationId,
      stopping: false,
      ended: new Promise<void>((resolve) => (markEnded = resolve)),
    };
    let announce = newConversationId !== undefined;
    current = run;
    let finished = false;
    // Once the server named the answer, a failure is the answer's (kept, with a retry), not the request's.
    let started = false;
    try {
      for await (const item of openChatStream(http, { url, body, signal: controller.signal })) {
        if (current !== run) return false;
        if (item.kind === 'done') {
          finished = true;
          break;
        }
        const event = item.event;
        started = true;
        if (announce) {
          announce = false;
          run.conversationId = event.conversationId;
          // A new conversation shows in the list at once; its title follows when the answer is done.
          dispatch(
            sessionCreated({
              conversationId: event.conversationId,
              title: input ? input.slice(0, 80) : 'New conversation',
              isArchived: false,
              createdAt: new Date().toISOString(),
              lastActivityAt: new Date().toISOString(),
            }),
          );
        }
        if (!getState().aiChat.messages.some((m) => m.isTemp && m.responseId)) {
          dispatch(streamStarted(event));
        }
        if (event.fallback)
          dispatch(streamFellBack({ reason: event.fallback, starts: Boolean(event.content) }));
        if (event.content) dispatch(streamDelta(event.content));
        if (event.followUpQuestions) dispatch(streamFollowUps(event.followUpQuestions));
        if (event.sources) dispatch(streamSources(event.sources));
        if (event.error) dispatch(streamErrored(event.error));
      }
      if (current !== run) return false;
      if (run.stopping) dispatch(streamStopped());
      else if (finished) dispatch(streamCompleted());
      else dispatch(streamFailed({ message: GENERIC_ERROR, input }));
    } catch (error) {
      if (current !== run) return false;
      if (run.stopping || (error instanceof DOMException && error.name === 'AbortError')) {
        dispatch(streamStopped());
      } else if (error instanceof HttpError && error.kind === 'aborted') {
        dispatch(streamStopped());
      } else {
        dispatch(streamFailed({ message: started ? GENERIC_ERROR : describe(error), input }));
      }
    } finally {
      if (current === run) current = null;
      markEnded();
    }
    // The session's title is written after the first exchange: show the saved one.
    if (run.conversationId) void dispatch(refreshSession(run.conversationId));
    return finished;
  };
}

/** Sends a question: a new conversation (completion) or the next one (continue). */
/** `stepId`: the founder's own step the question is about, so the coach reads their worksheet answers too. */
export function sendMessage(input: string, stepId?: string | null): Thunk<boolean> {
  return async (dispatch, getState) => {
    const text = input.trim();
    const state = getState().aiChat;
    if (!text || state.streaming) return false;
    const conversationId = state.conversationId;
    const about = stepId ? { stepId } : {};
    dispatch(messageSent({ input: text, tempId: tempId(), timestamp: new Date().toISOString() }));
    if (conversationId)
      return dispatch(
        runStream(`/ai/chat/continue/${encodeURIComponent(conversationId)}`, { input: text, ...about }, text),
      );
    const newConversationId = randomUuid();
    return dispatch(
      runStream(
        '/ai/chat/completion',
        { input: text, conversationId: newConversationId, ...about },
        text,
        newConversationId,
      ),
    );
  };
}

/** Asks again: a new version of an answer; the earlier versions stay (spec section 7). */
export function retryAnswer(responseId: string): Thunk<boolean> {
  return async (dispatch, getState) => {
    const state = getState().aiChat;
    const answer = state.messages.find(answerWithVersion(responseId));
    if (!state.conversationId || state.streaming || !answer?.messageId) return false;
    const url = `/ai/chat/retry/${encodeURIComponent(state.conversationId)}/${encodeURIComponent(answer.messageId)}/${encodeURIComponent(responseId)}`;
    dispatch(retryStarted({ responseId, tempId: tempId(), timestamp: new Date().toISOString() }));
    return dispatch(runStream(url, undefined, null));
  };
}

const wait = (ms: number) => new Promise<undefined>((resolve) => setTimeout(resolve, ms, undefined));

/**
 * POST /ai/chat/stop/{conversationId}: the server ends the generation and keeps what was written. Answers
 * whether something was stopped, or null when the server did not answer in time.
 */
async function askServerToStop(http: HttpClient, conversationId: string): Promise<boolean | null> {
  const answer = await Promise.race([
    http
      .request<{ data: { stopped: boolean } }>({
        url: `/ai/chat/stop/${encodeURIComponent(conversationId)}`,
        method: 'POST',
        headerType: 'authorization',
      })
      .catch(() => undefined),
    wait(3000),
  ]);
  return answer ? answer.data.data.stopped === true : null;
}

/**
 * Stop for answers the server writes without this tab listening: asks the server to stop them, then reads what
 * it kept (the refresh while answers are unfinished takes over if the server needs a moment).
 */
function stopUnfinished(): Thunk {
  return async (dispatch, getState, { http }) => {
    const state = getState().aiChat;
    const conversationId = state.conversationId;
    if (!conversationId || state.aborting || !hasUnfinishedAnswer(state)) return;
    dispatch(abortRequested());
    const stopped = await askServerToStop(http, conversationId);
    if (stopped !== null) await dispatch(refreshUnfinished(conversationId));
    // Not reached, or nothing left to stop there while the answer still shows unfinished: Stop again.
    if (stopped !== true && hasUnfinishedAnswer(getState().aiChat)) dispatch(abortFailed());
  };
}

/**
 * Stop: tells the server to end generation (it keeps what was written) and lets the stream end by itself, so
 * a new chat stopped before its first event still learns its ids and shows in the list; it stops reading
 * at once only when the server does not answer.
 */
export function stopStreaming(): Thunk {
  return async (dispatch, getState, { http }) => {
    const run = current;
    if (!run) return dispatch(stopUnfinished());
    if (run.stopping) return;
    run.stopping = true;
    dispatch(abortRequested());
    const conversationId = run.conversationId ?? getState().aiChat.conversationId;
    const stopped = conversationId ? await askServerToStop(http, conversationId) : null;
    // The server ends a stopped stream within moments: its last events name the saved answer.
    if (stopped) await Promise.race([run.ended, wait(2000)]);
    run.controller.abort();
  };
}
