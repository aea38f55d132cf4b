import type { MessageSource } from '@liftoff/contracts/ai';
import type { PayloadAction } from '@reduxjs/toolkit';
import { answerWithVersion, endOfAnswer, hasUnfinishedAnswer, tempAnswerIndex, versionOf } from './messages';
import { clearFailure } from './state';
import type { AiChatState, ChatMessage } from './state';

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

/**
 * The slice's reducers for asking and answering: a question (or a retry) going out, its answer streaming in
 * event by event, stopping or failing, and choosing which version of an answer is shown.
 */
export const answerReducers = {
  /** The question goes out: it shows at once, with the temporary reply under it. */
  messageSent(
    state: AiChatState,
    action: PayloadAction<{ input: string; tempId: string; timestamp: string }>,
  ) {
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
  retryStarted(
    state: AiChatState,
    action: PayloadAction<{ responseId: string; tempId: string; timestamp: string }>,
  ) {
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
    state: AiChatState,
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
  streamDelta(state: AiChatState, action: PayloadAction<string>) {
    const index = tempAnswerIndex(state);
    if (index !== -1) state.messages[index]!.content += action.payload;
  },
  /**
   * The model failed and the offline coach answers instead. The event that starts its answer (`starts`) drops
   * what the model streamed so far; the last event only repeats the label.
   */
  streamFellBack(state: AiChatState, action: PayloadAction<{ reason: string; starts: boolean }>) {
    const index = tempAnswerIndex(state);
    if (index === -1) return;
    const message = state.messages[index]!;
    if (action.payload.starts && !message.fallback) message.content = '';
    message.fallback = action.payload.reason;
  },
  streamFollowUps(state: AiChatState, action: PayloadAction<string[]>) {
    const index = tempAnswerIndex(state);
    if (index !== -1) state.messages[index]!.followUpQuestions = action.payload;
  },
  /** The last event names the answer's sources, so they show without reloading the history. */
  streamSources(state: AiChatState, action: PayloadAction<MessageSource[]>) {
    const index = tempAnswerIndex(state);
    if (index !== -1) state.messages[index]!.sources = action.payload;
  },
  /** An event carried an error: the answer is saved as failed and can be retried. */
  streamErrored(state: AiChatState, action: PayloadAction<string>) {
    state.error = true;
    state.errorMessage = action.payload;
    const index = tempAnswerIndex(state);
    if (index !== -1) state.messages[index]!.error = action.payload;
  },
  /** The done marker: the temporary reply is replaced by the final message. */
  streamCompleted(state: AiChatState) {
    const temp = state.messages[tempAnswerIndex(state)];
    finishTemp(state, 'done');
    if (temp) state.announcement = endOfAnswer({ error: temp.error, status: 'COMPLETE' });
  },
  abortRequested(state: AiChatState) {
    if (state.streaming || hasUnfinishedAnswer(state)) state.aborting = true;
  },
  /** The server could not be asked to stop: Stop can be pressed again. */
  abortFailed(state: AiChatState) {
    state.aborting = false;
  },
  /** Stopped by the user: what arrived is kept, marked stopped; an empty reply is removed. */
  streamStopped(state: AiChatState) {
    finishTemp(state, 'stopped');
    state.announcement = 'Stopped.';
  },
  /**
   * The request failed (HTTP error, network, no body, cut off): spec section 8's message, and a way to retry:
   * the question or the retry the server never got is kept to send again; an answer it named keeps the error.
   */
  streamFailed(state: AiChatState, action: PayloadAction<{ message: string; input: string | null }>) {
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
  errorDismissed(state: AiChatState) {
    clearFailure(state);
  },
  versionSelected(state: AiChatState, action: PayloadAction<{ id: string; index: number }>) {
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
};
