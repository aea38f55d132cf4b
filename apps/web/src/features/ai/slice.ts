import { createSlice } from '@reduxjs/toolkit';
import type { UnknownAction } from '@reduxjs/toolkit';
import { answerReducers } from './chat-state/answer-reducers';
import { addFeedbackMatchers, feedbackReducers } from './chat-state/feedback-reducers';
import { historyReducers } from './chat-state/history-reducers';
import { addSessionMatchers, sessionReducers } from './chat-state/session-reducers';
import { initialAiChatState } from './chat-state/state';
import type { AiChatState } from './chat-state/state';

/**
 * The coach's chat slice. Its state and each group of reducers live in chat-state/, by what they look after;
 * this module puts them together and is the one place the rest of the app imports them from.
 */

export type { AiChatState, AnswerVersionView, ChatMessage } from './chat-state/state';
export { initialAiChatState } from './chat-state/state';
export {
  answerWithVersion,
  hasUnfinishedAnswer,
  isUnfinishedAnswer,
  messageFromHistory,
} from './chat-state/messages';
export { FEEDBACK_THANKS } from './chat-state/feedback-reducers';
export { nextSessionsPage } from './chat-state/session-reducers';

export const aiChatSlice = createSlice({
  name: 'aiChat',
  initialState: initialAiChatState,
  reducers: {
    ...historyReducers,
    ...answerReducers,
    ...feedbackReducers,
    ...sessionReducers,
  },
  extraReducers: (builder) => {
    addFeedbackMatchers(builder);
    addSessionMatchers(builder);
    // Signing out forgets every conversation shown (the auth slice's reset).
    builder.addMatcher(
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
