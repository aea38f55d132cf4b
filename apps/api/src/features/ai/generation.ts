import type { ChatStreamEvent, CompletionResult, MessageSource, MessageStatus } from '@liftoff/contracts/ai';
import {
  APICallError,
  type LanguageModelV3,
  type LanguageModelV3Prompt,
  type LanguageModelV3StreamPart,
} from '@ai-sdk/provider';
import { generateText } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { followUpPrompt, parseFollowUps, systemPrompt, type CoachContext } from './context.js';
import { COACH_OPTIONS, pieces, type ChatModel, type CoachCallOptions } from './models.js';
import type { AiRepository } from './repository.js';

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

const FLUSH_EVERY_MS = 1000;

/** Turns whatever the model call threw into one sentence a founder can act on. */
function describeModelError(error: unknown): string {
  const seen = new Set<unknown>();
  let current: unknown = error;
  let midStream = false;
  while (current && !seen.has(current)) {
    seen.add(current);
    if (APICallError.isInstance(current)) {
      const status = current.statusCode;
      if (status === 401 || status === 403)
        return `The AI model server refused the request (HTTP ${status}): its API key is missing or wrong. Please tell your administrator.`;
      if (status === 429)
        return 'The AI model server is busy or over its quota (HTTP 429). Please try again in a moment.';
      if (status && status >= 500) return `The AI model server failed (HTTP ${status}). Please try again.`;
      if (status === 404)
        return 'The AI model server does not know the configured model (HTTP 404). Please tell your administrator.';
      if (status && status >= 400)
        return `The AI model server answered with an error (HTTP ${status}). Please try again.`;
      // A 2xx whose body failed while streaming: the answer was cut off.
      if (status) midStream = true;
      if (/ECONNREFUSED|ENOTFOUND|fetch failed/i.test(current.message))
        return 'The AI model server could not be reached. Please try again later.';
    }
    const message = current instanceof Error ? current.message : String(current);
    const code = (current as { code?: unknown }).code;
    if (code === 'ECONNRESET' || /terminated|socket|ECONNRESET|premature|other side closed/i.test(message)) {
      return 'The connection to the AI model server broke off before the answer was complete. Please try again.';
    }
    if (/ECONNREFUSED|ENOTFOUND|fetch failed/i.test(message))
      return 'The AI model server could not be reached. Please try again later.';
    current = (current as { cause?: unknown })?.cause;
  }
  if (midStream)
    return 'The connection to the AI model server broke off before the answer was complete. Please try again.';
  return 'The AI model failed to answer. Please try again.';
}

/** A fixed answer as a model's stream of parts, so it is streamed, saved and replayed like any other. */
function replyStream(text: string): ReadableStream<LanguageModelV3StreamPart> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue({ type: 'stream-start', warnings: [] });
      controller.enqueue({ type: 'text-start', id: 'text-0' });
      for (const delta of pieces(text, 6)) controller.enqueue({ type: 'text-delta', id: 'text-0', delta });
      controller.enqueue({ type: 'text-end', id: 'text-0' });
      controller.enqueue({
        type: 'finish',
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 0, text: 0, reasoning: 0 },
        },
      });
      controller.close();
    },
  });
}

/** The coach's conversation as the model interface takes it: the system prompt, earlier turns, the question. */
export function modelPrompt(system: string, history: ChatTurn[], question: string): LanguageModelV3Prompt {
  return [
    { role: 'system', content: system },
    // A failed or stopped answer's text is a fragment the model did not finish: sent back as its own words it
    // would be continued or quoted as if it were advice. The question stays, so the model sees it went unanswered.
    ...history
      .filter(({ role, status }) => role === 'user' || !status || status === 'COMPLETE')
      .map(({ role, content }) => ({ role, content: [{ type: 'text' as const, text: content }] })),
    { role: 'user', content: [{ type: 'text', text: question }] },
  ];
}

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

export interface GenerationManagerOptions {
  chat: ChatModel;
  /** Answers when the model server fails (AI_FALLBACK=offline): the offline coach; null shows the error only. */
  fallback?: LanguageModelV3 | null;
  repository: AiRepository;
  timeoutMs: number;
  maxOutputTokens: number;
  stopPollMs: number;
  /** Silence after which another instance's STREAMING answer counts as abandoned; running ones beat well within it. */
  abandonedAfterMs: number;
  log: FastifyBaseLogger;
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
    void this.run(generation).finally(() => {
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

  private async run(generation: Generation) {
    const { chat, repository, timeoutMs, maxOutputTokens, log } = this.options;
    const { request } = generation;
    const { ids } = request;
    let persistFailed = false;
    let persisted: Promise<void> | null = null;
    const startPersisting = () => {
      if (persisted) return;
      persisted = request.persist().then(
        () => generation.markSaved(true),
        (error) => {
          persistFailed = true;
          generation.markSaved(false);
          log.error({ err: error }, 'saving the chat message failed');
          generation.stop('shutdown');
        },
      );
    };
    // An idle timer: the first token and every next one must come within AI_TIMEOUT_MS.
    let idle: NodeJS.Timeout | undefined;
    const armIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(() => generation.stop('timeout'), timeoutMs);
    };
    let lastFlush = Date.now();
    let flushing: Promise<void> = Promise.resolve();
    let streamError: unknown = null;
    let finished = false;
    armIdle();
    try {
      const coach: CoachCallOptions = { task: 'answer', context: request.context };
      // The model's own stream (LanguageModelV3), not streamText: streamText builds a dozen Web Streams per call,
      // which on Node 20 costs more than a millisecond before the request leaves and again on the first token.
      // This call needs none of what it adds (tools, retries, telemetry); see docs/decisions/007.
      const call = Promise.resolve(
        request.reply
          ? { stream: replyStream(request.reply.text) }
          : chat.model.doStream({
              prompt: modelPrompt(systemPrompt(request.context), request.history, request.question),
              maxOutputTokens,
              abortSignal: generation.controller.signal,
              providerOptions: { [COACH_OPTIONS]: coach as never },
            }),
      );
      // Awaited below, after a turn of the event loop: a call that fails at once must not count as unhandled
      // meanwhile (Node ends the process on an unhandled rejection).
      call.catch(() => {});
      // The model request goes out within this turn of the event loop; the database write follows it. On the
      // embedded database a write holds the event loop, and would otherwise delay the request itself.
      await new Promise<void>((resolve) =>
        setImmediate(() => {
          startPersisting();
          resolve();
        }),
      );
      const { stream } = await call;
      for await (const part of stream) {
        armIdle();
        if (part.type === 'text-delta') {
          if (!part.delta) continue;
          generation.pieces.push(part.delta);
          generation.emit({ ...ids, content: part.delta });
          if (Date.now() - lastFlush >= FLUSH_EVERY_MS && generation.persisted) {
            lastFlush = Date.now();
            const content = generation.content;
            flushing = flushing.then(() =>
              repository.saveAnswer(ids.responseId, { content }).catch(() => {}),
            );
          }
        } else if (part.type === 'error') {
          streamError = part.error;
        } else if (part.type === 'finish') {
          const reason = part.finishReason.unified;
          finished = reason !== 'error' && reason !== 'other';
        }
      }
    } catch (error) {
      streamError = error;
    } finally {
      clearTimeout(idle);
      startPersisting();
    }
    // A response's writes reach its socket only once the current run of promise callbacks ends (Node corks
    // it until then). A model that sends its answer in one burst ends the stream in that same run, and the
    // follow-up call's setup below would hold the pieces just written back by milliseconds.
    await new Promise((resolve) => setImmediate(resolve));

    if (generation.stopReason === 'stop') {
      generation.status = 'STOPPED';
    } else if (generation.stopReason === 'timeout') {
      generation.status = 'ERROR';
      generation.error = `The AI model server did not answer within ${Math.round(timeoutMs / 100) / 10} seconds. Please try again.`;
    } else if (generation.stopReason === 'shutdown') {
      generation.status = 'ERROR';
      generation.error = persistFailed
        ? 'The message could not be saved. Please try again.'
        : 'The server restarted while answering. Please try again.';
    } else if (streamError || !finished) {
      generation.status = 'ERROR';
      generation.error = streamError
        ? describeModelError(streamError)
        : 'The connection to the AI model server broke off before the answer was complete. Please try again.';
      if (streamError)
        log.warn({ err: streamError, conversationId: ids.conversationId }, 'AI model call failed');
    }
    if (generation.status === 'ERROR' && generation.stopReason !== 'shutdown' && this.options.fallback) {
      await this.answerOffline(generation, this.options.fallback);
    } else if (generation.status !== 'ERROR' && generation.status !== 'STOPPED') {
      // The pre-check's own replies suggest nothing: a founder in distress gets no chips to click past it.
      const extras = request.reply
        ? { followUpQuestions: request.suggestions, title: null }
        : await this.followUps(generation);
      generation.followUpQuestions = extras.followUpQuestions;
      generation.status = 'COMPLETE';
      if (request.titleFallback !== null) {
        await persisted;
        if (!persistFailed)
          await repository
            .setGeneratedTitle(ids.conversationId, extras.title ?? request.titleFallback)
            .catch(() => {});
      }
    }

    await persisted;
    await flushing;
    if (!persistFailed) {
      const sources: MessageSource[] =
        generation.status === 'ERROR' && !generation.content ? [] : request.context.sources;
      generation.sources = sources;
      try {
        await repository.saveAnswer(ids.responseId, {
          content: generation.content,
          status: generation.status,
          error: generation.error,
          fallback: generation.fallback,
          followUpQuestions: generation.followUpQuestions,
          sources,
        });
        await repository.touchConversation(ids.conversationId);
      } catch (error) {
        log.error({ err: error }, 'saving the answer failed');
      }
    }
    generation.finish();
  }

  /**
   * The model failed (an HTTP error, a time-out, a broken stream): the founder gets the offline coach's answer
   * from the same context instead, labelled with why (docs/decisions/017). What the model streamed is dropped —
   * the first event that names the fallback tells the client to drop it too — so the saved answer is whole.
   */
  private async answerOffline(generation: Generation, fallback: LanguageModelV3) {
    const { request } = generation;
    const reason = generation.error!;
    const coach: CoachCallOptions = { task: 'answer', context: request.context };
    try {
      const { stream } = await fallback.doStream({
        prompt: modelPrompt('', request.history, request.question),
        providerOptions: { [COACH_OPTIONS]: coach as never },
      });
      const text: string[] = [];
      for await (const part of stream) if (part.type === 'text-delta') text.push(part.delta);
      generation.pieces.length = 0;
      generation.fallback = reason;
      generation.error = null;
      generation.status = 'COMPLETE';
      generation.followUpQuestions = request.suggestions.slice(0, 4);
      for (const [index, content] of text.entries()) {
        generation.pieces.push(content);
        generation.emit({ ...request.ids, content, ...(index === 0 ? { fallback: reason } : {}) });
      }
      if (request.titleFallback !== null) {
        await generation.saved;
        if (generation.persisted)
          await this.options.repository
            .setGeneratedTitle(request.ids.conversationId, request.titleFallback)
            .catch(() => {});
      }
    } catch (error) {
      this.options.log.warn({ err: error }, 'the offline coach could not stand in for the model');
    }
  }

  /** A second short call asks the model for follow-up questions (and a title); the knowledge base fills any gap. */
  private async followUps(
    generation: Generation,
  ): Promise<{ followUpQuestions: string[]; title: string | null }> {
    const { request } = generation;
    const wantTitle = request.titleFallback !== null;
    let parsed: { followUpQuestions: string[]; title: string | null } = {
      followUpQuestions: [],
      title: null,
    };
    try {
      const coach: CoachCallOptions = {
        task: 'followups',
        context: request.context,
        suggestions: request.suggestions,
        title: wantTitle ? request.titleFallback : null,
      };
      const result = await generateText({
        model: this.options.chat.model,
        prompt: followUpPrompt(request.question, generation.content, wantTitle),
        maxOutputTokens: 200,
        maxRetries: 0,
        abortSignal: AbortSignal.any([
          generation.controller.signal,
          AbortSignal.timeout(this.options.timeoutMs),
        ]),
        providerOptions: { [COACH_OPTIONS]: coach as never },
      });
      parsed = parseFollowUps(result.text);
    } catch (error) {
      this.options.log.warn({ err: error }, 'follow-up questions call failed; using the knowledge base');
    }
    const questions = [...parsed.followUpQuestions];
    for (const suggestion of request.suggestions) {
      if (questions.length >= 3) break;
      if (!questions.includes(suggestion)) questions.push(suggestion);
    }
    return { followUpQuestions: questions.slice(0, 4), title: parsed.title };
  }
}
