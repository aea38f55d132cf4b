/**
 * One answer while it is generated: the request it answers, the text streamed so far and the clients listening.
 * Kept apart from the loop that drives the model (generation-run.ts) so that the routes and the service, which
 * only read and subscribe, see just this shape.
 */

import type { ChatStreamEvent, CompletionResult, MessageSource, MessageStatus } from '@liftoff/contracts/ai';
import type { CoachContext } from './context.js';

export interface GenerationIds {
  conversationId: string;
  userMessageId: string;
  responseId: string;
}

/** An earlier turn of the conversation. */
export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
  /** An answer's status: one that failed or was stopped is partial and never reaches the model as an answer. */
  status?: MessageStatus;
}

export interface GenerationRequest {
  ids: GenerationIds;
  userId: string;
  question: string;
  history: ChatTurn[];
  context: CoachContext;
  /** Follow-ups the knowledge base suggests; used by the offline coach and whenever a model gives none. */
  suggestions: string[];
  /** Set when this answer should name a new session. */
  titleFallback: string | null;
  /**
   * Set when the safety pre-check answered the question itself (safety.ts): this text is the answer, on every
   * path, and no model is asked.
   */
  reply?: { kind: string; text: string };
  /**
   * Writes the user message and the placeholder answer. Called once the model call is under way, so the
   * write overlaps the model's own first-token time instead of delaying it.
   */
  persist: () => Promise<void>;
}

export interface GenerationOutcome extends CompletionResult {
  status: MessageStatus;
  error: string | null;
}

type Listener = (event: ChatStreamEvent | 'done') => void;
type StopReason = 'stop' | 'timeout' | 'shutdown';

export class Generation {
  followUpQuestions: string[] = [];
  status: MessageStatus = 'STREAMING';
  error: string | null = null;
  stopReason: StopReason | null = null;
  /** The streamed pieces so far, replayed one by one to a late subscriber. */
  readonly pieces: string[] = [];
  /** True once the answer is saved and its last event sent. */
  ended = false;
  /** What the saved answer lists as its sources; sent with the last event. */
  sources: MessageSource[] = [];
  /** True once the answer's row exists, so the stop poller may look for it. */
  persisted = false;
  /** Set when the model failed and the offline coach answered instead: why the model failed. */
  fallback: string | null = null;
  readonly controller = new AbortController();
  readonly finished: Promise<GenerationOutcome>;
  /** Settles when the question and the answer's row are saved (true) or could not be (false). */
  readonly saved: Promise<boolean>;
  private readonly listeners = new Set<Listener>();
  private resolveFinished!: (outcome: GenerationOutcome) => void;
  private resolveSaved!: (saved: boolean) => void;

  constructor(
    readonly request: GenerationRequest,
    readonly userId: string,
  ) {
    this.finished = new Promise((resolve) => (this.resolveFinished = resolve));
    this.saved = new Promise((resolve) => (this.resolveSaved = resolve));
  }

  markSaved(saved: boolean) {
    this.persisted = saved;
    this.resolveSaved(saved);
  }

  get ids() {
    return this.request.ids;
  }

  /** The answer so far. */
  get content() {
    return this.pieces.join('');
  }

  /** Subscribes to what comes next; the pieces generated so far arrive first, so nothing is missed. */
  subscribe(listener: Listener): () => void {
    // After a fallback the pieces are the offline coach's; the first says so, as it did live.
    for (const [index, content] of this.pieces.entries())
      listener({
        ...this.ids,
        content,
        ...(index === 0 && this.fallback ? { fallback: this.fallback } : {}),
      });
    if (this.ended) {
      listener(this.finalEvent());
      listener('done');
      return () => {};
    }
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: ChatStreamEvent | 'done') {
    for (const listener of this.listeners) listener(event);
  }

  finalEvent(): ChatStreamEvent {
    return this.error
      ? { ...this.ids, error: this.error, followUpQuestions: [] }
      : {
          ...this.ids,
          followUpQuestions: this.followUpQuestions,
          sources: this.sources,
          ...(this.fallback ? { fallback: this.fallback } : {}),
        };
  }

  stop(reason: StopReason) {
    if (this.stopReason || this.controller.signal.aborted) return;
    this.stopReason = reason;
    this.controller.abort(reason);
  }

  finish() {
    this.ended = true;
    this.emit(this.finalEvent());
    this.emit('done');
    this.listeners.clear();
    this.resolveFinished({
      ...this.ids,
      content: this.content,
      followUpQuestions: this.followUpQuestions,
      status: this.status,
      error: this.error,
    });
  }
}
