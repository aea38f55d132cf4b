import { z } from 'zod';

/** Success messages of the AI workspace (spec section 8 where it names them). */
export const aiMessages = {
  capabilities: 'AI capabilities fetched successfully',
  completion: 'Reply generated successfully',
  stop: 'Generation stopped',
  sessionCreated: 'Chat session created successfully',
  sessions: 'Chat sessions fetched successfully',
  session: 'Chat session fetched successfully',
  sessionUpdated: 'Chat session updated successfully',
  sessionDeleted: 'Chat session deleted successfully',
  sessionArchived: 'Chat session archived successfully',
  sessionRestored: 'Chat session restored successfully',
  sessionsArchived: 'Chat sessions archived successfully',
  sessionsDeleted: 'Chat sessions deleted successfully',
  archived: 'Archived chat sessions fetched successfully',
  history: 'Chat history fetched successfully',
  search: 'Chat history searched successfully',
  feedback: 'Feedback added successfully',
  transcribed: 'Audio transcribed successfully',
} as const;

import { CHAT_INPUT_MAX_CHARACTERS } from './ai-limits.js';

export { CHAT_INPUT_MAX_CHARACTERS, STT_MAX_BYTES, TTS_MAX_CHARACTERS } from './ai-limits.js';

export const capabilities = z.object({
  chatModel: z.object({ provider: z.string(), model: z.string(), offline: z.boolean() }),
  tts: z.object({ engine: z.enum(['espeak', 'openai']).nullable() }),
  stt: z.object({
    engine: z.enum(['openai', 'pocketsphinx']).nullable(),
    /** True for the offline recogniser: a small vocabulary model, fine for short commands, rough for dictation. */
    basic: z.boolean(),
    /** Container types the engine accepts (file-type's MIME names). */
    formats: z.array(z.string()),
  }),
});
export type Capabilities = z.infer<typeof capabilities>;

const conversationId = z.uuid();
const input = z.string().trim().min(1, 'Required').max(CHAT_INPUT_MAX_CHARACTERS);

/** One of the founder's own steps the question is about ("Ask the coach about this step"): its worksheet answers join the context. */
const stepId = z.string().min(1).max(64);
export const completionBody = z
  .object({ input, conversationId: conversationId.optional(), stepId: stepId.optional() })
  .strict();
export const continueBody = z.object({ input, stepId: stepId.optional() }).strict();
export const conversationParams = z.object({ conversationId });
export const retryParams = z.object({ conversationId, messageId: z.uuid(), responseId: z.uuid() });

/** A step, mission, milestone, popular question or post an answer drew on. */
export const messageSource = z.object({
  kind: z.enum(['step', 'mission', 'milestone', 'question', 'post']),
  title: z.string(),
  url: z.string(),
});
export type MessageSource = z.infer<typeof messageSource>;

/** One event of the chat stream (spec section 3, api-contract.md "AI chat stream"). */
export const chatStreamEvent = z.object({
  conversationId: z.string(),
  userMessageId: z.string(),
  responseId: z.string(),
  content: z.string().optional(),
  followUpQuestions: z.array(z.string()).optional(),
  error: z.string().optional(),
  /**
   * The model failed and the offline coach answers instead (AI_FALLBACK): why the model failed. The event that
   * first carries it drops the text streamed so far; what follows is the offline coach's answer.
   */
  fallback: z.string().optional(),
  /** On the last event of a completed or stopped answer: the steps and posts it drew on (as history shows them). */
  sources: z.array(messageSource).optional(),
});
export type ChatStreamEvent = z.infer<typeof chatStreamEvent>;

export const completionResult = z.object({
  conversationId: z.string(),
  userMessageId: z.string(),
  responseId: z.string(),
  content: z.string(),
  followUpQuestions: z.array(z.string()),
});
export type CompletionResult = z.infer<typeof completionResult>;

export const stopResult = z.object({ conversationId: z.string(), stopped: z.boolean() });

export const chatSession = z.object({
  conversationId: z.string(),
  title: z.string(),
  isArchived: z.boolean(),
  createdAt: z.string(),
  lastActivityAt: z.string(),
});
export type ChatSession = z.infer<typeof chatSession>;

export const page = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    lastPage: z.number().int(),
  });
export type Page<T> = { items: T[]; total: number; pageNo: number; pageSize: number; lastPage: number };

export const chatSessionsPage = page(chatSession);

const pageNo = z.coerce.number().int().min(1).default(1);
export const sessionsQuery = z.object({
  pageNo,
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(200).optional(),
});
export const createSessionBody = z
  .object({ conversationId: conversationId.optional(), title: z.string().trim().min(1).max(200).optional() })
  .strict();
export const renameSessionBody = z.object({ title: z.string().trim().min(1, 'Required').max(200) }).strict();
export const sessionParams = z.object({ id: conversationId });
export const bulkBody = z
  .object({ action: z.enum(['archive', 'delete']), ids: z.array(conversationId).min(1).max(200) })
  .strict();
export const bulkResult = z.object({ action: z.enum(['archive', 'delete']), affected: z.number().int() });

export const feedbackType = z.enum(['LIKE', 'DISLIKE']);
export const feedback = z.object({
  messageId: z.string(),
  feedbackType,
  reason: z.string().nullable(),
  comment: z.string().nullable(),
  createdAt: z.string(),
});
export type Feedback = z.infer<typeof feedback>;
export const feedbackBody = z
  .object({
    messageId: z.uuid(),
    feedbackType,
    reason: z.string().trim().max(200).optional(),
    comment: z.string().trim().max(2000).optional(),
  })
  .strict();

export const messageStatus = z.enum(['COMPLETE', 'STREAMING', 'STOPPED', 'ERROR']);
export type MessageStatus = z.infer<typeof messageStatus>;

/** One answer to a user message; a retry adds a version and keeps the earlier ones. */
export const answerVersion = z.object({
  id: z.string(),
  content: z.string(),
  status: messageStatus,
  error: z.string().nullable(),
  /** Set when the model failed and the offline coach answered instead: why the model failed. */
  fallback: z.string().nullable(),
  followUpQuestions: z.array(z.string()),
  sources: z.array(messageSource),
  createdAt: z.string(),
  feedback: feedback.nullable(),
});

/** Chat history item (spec section 3) plus what the workspace needs to render it. */
export const chatHistoryItem = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  createdAt: z.string(),
  feedback: feedback.nullable(),
  status: messageStatus,
  error: z.string().nullable(),
  /** Set when the model failed and the offline coach answered instead: why the model failed. */
  fallback: z.string().nullable(),
  followUpQuestions: z.array(z.string()),
  sources: z.array(messageSource),
  /** For an answer: the user message it answers. */
  messageId: z.string().nullable(),
  /** For an answer: its own id (the responseId of the stream). */
  responseId: z.string().nullable(),
  /** For an answer: every version, oldest first; this item is the newest. */
  versions: z.array(answerVersion),
});
export type ChatHistoryItem = z.infer<typeof chatHistoryItem>;

export const historyQuery = z.object({
  pageNo,
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export const chatHistory = z.object({
  conversation: chatSession,
  items: z.array(chatHistoryItem),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  lastPage: z.number().int(),
});

export const searchQuery = z.object({
  query: z.string().trim().min(1, 'Required').max(200),
  pageNo,
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export const searchHit = z.object({
  conversation: z.object({ id: z.string(), title: z.string(), isArchived: z.boolean() }),
  /** Null when only the conversation's title matched. */
  messageId: z.string().nullable(),
  role: z.enum(['user', 'assistant']).nullable(),
  /**
   * The matching text as plain words (Markdown removed): a short text whole, a long one as the passage around
   * its best match with `… ` / ` …` where it was cut. HTML-escaped, matches wrapped in <mark>…</mark>; safe to
   * render as HTML.
   */
  snippet: z.string(),
  rank: z.number(),
  createdAt: z.string(),
});
export type SearchHit = z.infer<typeof searchHit>;
export const searchPage = page(searchHit);

export const ttsBody = z.object({ text: z.string().min(1, 'Required') }).strict();
export const sttResult = z.object({
  text: z.string(),
  engine: z.enum(['openai', 'pocketsphinx']),
  basic: z.boolean(),
});
