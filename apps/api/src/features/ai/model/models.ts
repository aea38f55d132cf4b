import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import type { Config } from '../../../config.js';
import { OpenAICompatibleChatModel } from './openai-compatible.js';
import type { CoachContext } from './context.js';
import { composeOfflineAnswer } from './offline-answer.js';
import { offlineFollowUps, refineForTurn, type OfflineCoachTools } from './offline-turn.js';
import { standingAnswer } from '../standing/standing-answers.js';

/** providerOptions key under which the pipeline hands the offline coach what it retrieved; other providers ignore it. */
export const COACH_OPTIONS = 'liftoffCoach';

export interface CoachCallOptions {
  task: 'answer' | 'followups';
  context: CoachContext;
  /** For the follow-up task: what the pipeline would suggest from the knowledge base, and a title. */
  suggestions?: string[];
  title?: string | null;
}

export interface ChatModel {
  model: LanguageModelV3;
  provider: string;
  modelId: string;
  offline: boolean;
  /** Releases what the model holds open (keep-alive connections), on shutdown. */
  close?: () => void;
}

/** `tools` lets the offline coach search again with the conversation; without them it answers from what it is handed. */
export function createChatModel(config: Config, tools?: OfflineCoachTools): ChatModel {
  if (config.AI_PROVIDER === 'openai-compatible') {
    const settings = {
      baseURL: config.AI_BASE_URL!.replace(/\/$/, ''),
      modelId: config.AI_MODEL!,
      ...(config.AI_API_KEY ? { apiKey: config.AI_API_KEY } : {}),
    };
    const provider = createOpenAICompatible({ name: 'openai-compatible', includeUsage: true, ...settings });
    const model = new OpenAICompatibleChatModel(settings, provider.chatModel(settings.modelId));
    return {
      model,
      provider: 'openai-compatible',
      modelId: settings.modelId,
      offline: false,
      close: () => model.close(),
    };
  }
  return {
    model: new OfflineCoachModel(config.AI_OFFLINE_CHUNK_DELAY_MS, tools),
    provider: 'offline',
    modelId: 'liftoff-offline-coach',
    offline: true,
  };
}

const emptyUsage = (outputWords: number): LanguageModelV3Usage => ({
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: outputWords, text: outputWords, reasoning: 0 },
});

export { bestExcerpt, composeOfflineAnswer, unwrapLines } from './offline-answer.js';

function lastUserText(options: LanguageModelV3CallOptions): string {
  for (let i = options.prompt.length - 1; i >= 0; i--) {
    const message = options.prompt[i]!;
    if (message.role === 'user')
      return message.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ');
  }
  return '';
}

/** Splits text into small pieces that keep their whitespace, the way a model streams tokens. */
export function pieces(text: string, wordsPerPiece = 3): string[] {
  const tokens = text.match(/\S+\s*/g) ?? [];
  const leading = /^\s+/.exec(text)?.[0] ?? '';
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i += wordsPerPiece)
    out.push(tokens.slice(i, i + wordsPerPiece).join(''));
  if (leading && out.length) out[0] = leading + out[0];
  return out;
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first; leaves no listener on the signal. */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (!signal) return void setTimeout(resolve, ms);
    if (signal.aborted) return reject(signal.reason);
    // One answer sleeps between each of its pieces on the same signal: a listener left behind by every
    // sleep would pile up for the whole answer.
    const onAbort = () => (clearTimeout(timer), reject(signal.reason));
    const timer = setTimeout(() => (signal.removeEventListener('abort', onAbort), resolve()), ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });

/**
 * The embedded default model: a retrieval coach behind the AI SDK's LanguageModelV3 interface, so streaming,
 * stop, saving and follow-ups run through exactly the same pipeline as a real model.
 */
export class OfflineCoachModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3' as const;
  readonly provider = 'offline';
  readonly modelId = 'liftoff-offline-coach';
  readonly supportedUrls = {};

  constructor(
    private readonly chunkDelayMs: number,
    private readonly tools?: OfflineCoachTools,
  ) {}

  private async reply(options: LanguageModelV3CallOptions): Promise<string> {
    const coach = options.providerOptions?.[COACH_OPTIONS] as unknown as CoachCallOptions | undefined;
    if (!coach)
      return 'I am the offline coach. Ask me about your program, your missions or the Liftoff blog.';
    if (coach.task === 'followups') {
      // A standing answer's follow-ups are the pipeline's (about the founder's own steps).
      const own =
        this.tools && !coach.context.intent ? await offlineFollowUps(coach.context, this.tools) : [];
      return JSON.stringify({
        followUpQuestions: own.length ? own : (coach.suggestions ?? []),
        ...(coach.title ? { title: coach.title } : {}),
      });
    }
    // The turn's question as the pipeline saw it; a prompt without one (a direct call) is read as it is.
    const question = coach.context.turn?.question ?? lastUserText(options);
    const { intent, user, language } = coach.context;
    const standing = intent && standingAnswer(intent, user, language);
    if (standing) return standing;
    if (this.tools) await refineForTurn(coach.context, this.tools);
    return composeOfflineAnswer(question, coach.context);
  }

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    const text = await this.reply(options);
    return {
      content: [{ type: 'text', text }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: emptyUsage(text.split(/\s+/).length),
      warnings: [],
    };
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    const text = await this.reply(options);
    const parts = pieces(text);
    const delay = this.chunkDelayMs;
    const signal = options.abortSignal;
    let index = 0;
    const stream = new ReadableStream<LanguageModelV3StreamPart>({
      start(controller) {
        controller.enqueue({ type: 'stream-start', warnings: [] });
        controller.enqueue({ type: 'text-start', id: 'text-0' });
      },
      async pull(controller) {
        try {
          if (index > 0 && delay > 0) await sleep(delay, signal);
          else if (signal?.aborted) throw signal.reason;
        } catch (error) {
          controller.error(error);
          return;
        }
        if (index < parts.length) {
          controller.enqueue({ type: 'text-delta', id: 'text-0', delta: parts[index++]! });
          return;
        }
        controller.enqueue({ type: 'text-end', id: 'text-0' });
        controller.enqueue({
          type: 'finish',
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: emptyUsage(parts.length),
        });
        controller.close();
      },
    });
    return { stream };
  }
}
