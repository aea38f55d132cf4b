import { aiApi } from '../api';
import type { AiChatState, MatcherBuilder } from './state';

/** Feedback on an answer: the thanks shown once it is saved, and the feedback kept on the answer's versions. */

export const FEEDBACK_THANKS = 'Thank you for your feedback! We appreciate it.';

const isFeedback = aiApi.endpoints.addFeedback;

export const feedbackReducers = {
  feedbackSuccessReset(state: AiChatState) {
    state.feedbackSuccess = null;
  },
};

/** Sending feedback shows its progress and, once saved, the thanks and the feedback on its message. */
export function addFeedbackMatchers(builder: MatcherBuilder) {
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
    });
}
