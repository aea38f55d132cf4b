import type { DbOrTx } from '../../db/client.js';
import { conversationsRepository } from './conversations/conversations-repository.js';
import { feedbackRepository } from './conversations/feedback-repository.js';
import { historyRepository } from './conversations/history-repository.js';
import { knowledgeRepository } from './retrieval/knowledge-repository.js';
import { messagesRepository } from './conversations/messages-repository.js';

export { toSession } from './conversations/conversations-repository.js';
export type { TurnMessage } from './conversations/messages-repository.js';

/**
 * The AI feature's database access as one object, so the service, the indexer and the generation manager take a
 * single repository. Each part lives in its own file, by what it reads and writes.
 */
export function aiRepository(db: DbOrTx) {
  return {
    ...knowledgeRepository(db),
    ...conversationsRepository(db),
    ...messagesRepository(db),
    ...historyRepository(db),
    ...feedbackRepository(db),
  };
}

export type AiRepository = ReturnType<typeof aiRepository>;
