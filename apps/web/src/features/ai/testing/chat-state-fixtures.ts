import type { ChatSession } from '@liftoff/contracts/ai';
import type { UnknownAction } from '@reduxjs/toolkit';
import { aiChatSlice, messageSent } from '../slice';
import type { AiChatState } from '../slice';

/** The chat's state after `actions`, one after the other, as the store would reduce them. */
export const reduce = (state: AiChatState, ...actions: UnknownAction[]) =>
  actions.reduce((s, a) => aiChatSlice.reducer(s, a), state);

export const session = (conversationId: string, title = conversationId): ChatSession => ({
  conversationId,
  title,
  isArchived: false,
  createdAt: '2030-01-01T00:00:00.000Z',
  lastActivityAt: '2030-01-01T00:00:00.000Z',
});

/** The server's names for the question `sent` and its answer, as its first stream event gives them. */
export const ids = { conversationId: 'c1', userMessageId: 'u1', responseId: 'r1' };

/** A founder's question, shown with a temporary reply until the stream names both. */
export const sent = messageSent({
  input: 'How do I run interviews?',
  tempId: 't1',
  timestamp: '2030-01-01T00:00:00.000Z',
});
