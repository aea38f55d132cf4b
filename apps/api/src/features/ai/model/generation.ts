import { Generation, type GenerationRequest } from './generation-state.js';
import { runGeneration, type GenerationRunOptions } from './generation-run.js';

// One answer's state lives in generation-state.ts and its run in generation-run.ts; callers import both from here.
export {
  Generation,
  type ChatTurn,
  type GenerationIds,
  type GenerationOutcome,
  type GenerationRequest,
} from './generation-state.js';

export interface GenerationManagerOptions extends GenerationRunOptions {
  stopPollMs: number;
  /** Silence after which another instance's STREAMING answer counts as abandoned; running ones beat well within it. */
  abandonedAfterMs: number;
}

export const ABANDONED_ANSWER_ERROR =
  'This answer was interrupted because the server stopped while writing it. Please try again.';

/**
 * Runs answers independently of the HTTP requests that asked for them: a client that disconnects does not stop
 * generation, and a stop requested on any instance (a row flag in the database) is noticed by a cheap poll.
 */
export class GenerationManager {
  private readonly active = new Map<string, Generation>();
  private poller: NodeJS.Timeout | null = null;
  private polling = false;
  private lastHeartbeat = 0;
  private sweeper: NodeJS.Timeout | null = null;

  constructor(private readonly options: GenerationManagerOptions) {}

  get size() {
    return this.active.size;
  }

  start(request: GenerationRequest): Generation {
    const generation = new Generation(request, request.userId);
    this.active.set(request.ids.responseId, generation);
    this.ensurePoller();
    void runGeneration(generation, this.options).finally(() => {
      this.active.delete(request.ids.responseId);
      if (!this.active.size && this.poller) {
        clearInterval(this.poller);
        this.poller = null;
      }
    });
    return generation;
  }

  /** Stops this instance's generations of a conversation at once; other instances see the database flag. */
  stopLocal(userId: string, conversationId: string): boolean {
    let any = false;
    for (const generation of this.active.values()) {
      if (
        generation.userId === userId &&
        generation.ids.conversationId === conversationId &&
        generation.status === 'STREAMING'
      ) {
        generation.stop('stop');
        any = true;
      }
    }
    return any;
  }

  /** Ends abandoned answers now and then every third of the silence that marks them. */
  startSweeping() {
    if (this.sweeper) return;
    void this.sweep();
    this.sweeper = setInterval(() => void this.sweep(), Math.max(500, this.options.abandonedAfterMs / 3));
    this.sweeper.unref();
  }

  async sweep() {
    try {
      const ended = await this.options.repository.sweepAbandoned(
        this.options.abandonedAfterMs,
        ABANDONED_ANSWER_ERROR,
      );
      if (ended) this.options.log.warn({ ended }, 'ended answers abandoned by a stopped instance');
    } catch (error) {
      this.options.log.warn({ err: error }, 'sweeping abandoned answers failed');
    }
  }

  /** On shutdown: let running answers finish for a moment, then stop and save the rest. */
  async drain(graceMs: number) {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    const pending = [...this.active.values()].map((g) => g.finished);
    if (!pending.length) return;
    const timer = setTimeout(() => {
      for (const generation of this.active.values()) generation.stop('shutdown');
    }, graceMs);
    await Promise.allSettled(pending);
    clearTimeout(timer);
  }

  private ensurePoller() {
    if (this.poller) return;
    this.poller = setInterval(() => void this.poll(), this.options.stopPollMs);
    this.poller.unref();
  }

  private async poll() {
    if (this.polling) return;
    this.polling = true;
    try {
      const ids = [...this.active.values()]
        .filter((g) => g.persisted && g.status === 'STREAMING')
        .map((g) => g.ids.responseId);
      for (const id of await this.options.repository.stopRequested(ids)) this.active.get(id)?.stop('stop');
      // Six beats per silence window: a slow database or a busy loop never makes a live answer look abandoned.
      if (Date.now() - this.lastHeartbeat >= this.options.abandonedAfterMs / 6) {
        this.lastHeartbeat = Date.now();
        await this.options.repository.heartbeat(ids);
      }
    } catch (error) {
      this.options.log.warn({ err: error }, 'stop poll failed');
    } finally {
      this.polling = false;
    }
  }
}
