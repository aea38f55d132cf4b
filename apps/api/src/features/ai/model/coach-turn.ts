import { GenerationManager, type GenerationRequest } from './generation.js';

/**
 * The generation manager, handing the offline coach the turn it answers: the question's id (a retry answers the
 * same question again, and the coach reads what it said before), the founder and the conversation so far, so it
 * can search with them (offline-turn.ts). A real model gets the same context and ignores the turn.
 */
export class CoachGenerationManager extends GenerationManager {
  override start(request: GenerationRequest) {
    request.context.turn = {
      userMessageId: request.ids.userMessageId,
      userId: request.userId,
      question: request.question,
      history: request.history,
    };
    return super.start(request);
  }
}
