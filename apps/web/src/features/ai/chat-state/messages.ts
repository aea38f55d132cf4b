import type { ChatHistoryItem } from '@liftoff/contracts/ai';
import type { AiChatState, AnswerVersionView, ChatMessage } from './state';

/** Reading the chat's messages: how the server's history becomes them, and which one is which. */

export const versionOf = (m: ChatMessage): AnswerVersionView => ({
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

export const tempAnswerIndex = (state: AiChatState) =>
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
export const endOfAnswer = (m: Pick<ChatMessage, 'error' | 'status'>) =>
  m.error
    ? `The coach could not answer: ${m.error}`
    : m.status === 'STOPPED'
      ? 'Stopped.'
      : 'The coach has answered.';
