import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import type { Config } from '../../config.js';
import { OpenAICompatibleChatModel } from './openai-compatible.js';
import { sourceLabel, type CoachContext } from './context.js';
import { standingAnswer } from './standing-answers.js';

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

export function createChatModel(config: Config): ChatModel {
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
    model: new OfflineCoachModel(config.AI_OFFLINE_CHUNK_DELAY_MS),
    provider: 'offline',
    modelId: 'liftoff-offline-coach',
    offline: true,
  };
}

const emptyUsage = (outputWords: number): LanguageModelV3Usage => ({
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: outputWords, text: outputWords, reasoning: 0 },
});

const wordsOf = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .replace(/[^a-z0-9\s]/g, ' ')
      .split(/\s+/)
      .filter((w) => w.length > 3)
      .map((w) => w.replace(/(ing|ed|es|s)$/, '')),
  );

/**
 * Joins the lines of a hard-wrapped paragraph or list item into one. Program content is wrapped at about 110
 * columns, and the chat shows every newline as a line break (models mean theirs), so a quoted paragraph broke
 * mid-sentence. A line that starts a list item, heading, quote or table row keeps its break; code is left alone.
 */
export function unwrapLines(block: string): string {
  if (/^(```|~~~| {4}|\t)/m.test(block)) return block;
  return block.replace(/\n(?![ \t]*(?:[-*+] |\d+[.)] |#|>|\|))[ \t]*/g, ' ');
}

/** The paragraphs or list items of a passage that share the most words with the question, in their original order. */
export function bestExcerpt(body: string, question: string, maxChars = 700): string {
  const q = wordsOf(question);
  const blocks = body
    .split(/\n\s*\n/)
    .map((b) => unwrapLines(b.trim()))
    .filter((b) => b && !/^\|?\s*-{3,}/.test(b));
  const scored = blocks.map((text, index) => {
    const words = wordsOf(text);
    let score = 0;
    for (const w of q) if (words.has(w)) score += 1;
    return { text, index, score };
  });
  const chosen: typeof scored = [];
  let length = 0;
  for (const block of [...scored].sort((a, b) => b.score - a.score || a.index - b.index)) {
    if (length && length + block.text.length > maxChars) continue;
    chosen.push(block);
    length += block.text.length;
    if (length >= maxChars * 0.6) break;
  }
  const text = chosen
    .sort((a, b) => a.index - b.index)
    .map((b) => b.text)
    .join('\n\n');
  return text.length > maxChars * 1.5 ? `${text.slice(0, maxChars).replace(/\s+\S*$/, '')} …` : text;
}

function lastUserText(options: LanguageModelV3CallOptions): string {
  for (let i = options.prompt.length - 1; i >= 0; i--) {
    const message = options.prompt[i]!;
    if (message.role === 'user')
      return message.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ');
  }
  return '';
}

/** Writes the offline coach's reply from the retrieved passages: grounded, personal, with its sources linked. */
export function composeOfflineAnswer(question: string, context: CoachContext): string {
  const { user, passages } = context;
  const name = user.firstName ? `${user.firstName}, ` : '';
  const startup = user.startupName
    ? ` for **${user.startupName}**${user.stage || user.industry ? ` (${[user.stage, user.industry].filter(Boolean).join(', ')})` : ''}`
    : '';
  if (!passages.length) {
    return [
      `${name ? `${user.firstName}, I` : 'I'} could not find anything about that in your program or the Liftoff blog.`,
      '',
      'Try asking with the words the program uses — for example about customer interviews, your MVP, pricing, unit economics, positioning, sales or fundraising.',
      user.mission
        ? `\nYour current mission is **${user.mission.name}**; I can help with any of its steps.`
        : '',
      '\n_I am the offline coach: I answer from the program and the blog only. Connect a language model (AI_PROVIDER=openai-compatible) for open-ended advice._',
    ].join('\n');
  }
  const [top, ...rest] = passages;
  const lines = [`${name}here is what the program says about that${startup}.`, ''];
  lines.push(
    `**${sourceLabel(top!.kind)}: ${top!.title}** (${top!.context})`,
    '',
    bestExcerpt(top!.body, question),
    '',
  );
  const second = rest.find((p) => p.kind !== top!.kind || p.title !== top!.title);
  if (second)
    lines.push(
      `**${sourceLabel(second.kind)}: ${second.title}** adds:`,
      '',
      bestExcerpt(second.body, question, 350),
      '',
    );
  if (user.mission) {
    const inMission = passages.some(
      (p) => p.missionKey && user.mission?.key && p.missionKey === user.mission.key,
    );
    lines.push(
      inMission
        ? `This is part of your current mission, **${user.mission.name}** — a good moment to apply it.`
        : `You are currently on the mission **${user.mission.name}**${user.milestone ? ` (${user.milestone.name})` : ''}.`,
      '',
    );
  }
  lines.push('**Sources**', ...passages.map((p) => `- [${sourceLabel(p.kind)}: ${p.title}](${p.link})`));
  return lines.join('\n');
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

  constructor(private readonly chunkDelayMs: number) {}

  private reply(options: LanguageModelV3CallOptions): string {
    const coach = options.providerOptions?.[COACH_OPTIONS] as unknown as CoachCallOptions | undefined;
    const question = lastUserText(options);
    if (!coach)
      return 'I am the offline coach. Ask me about your program, your missions or the Liftoff blog.';
    if (coach.task === 'followups') {
      return JSON.stringify({
        followUpQuestions: coach.suggestions ?? [],
        ...(coach.title ? { title: coach.title } : {}),
      });
    }
    const { intent, user, language } = coach.context;
    return (
      (intent && standingAnswer(intent, user, language)) || composeOfflineAnswer(question, coach.context)
    );
  }

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    const text = this.reply(options);
    return {
      content: [{ type: 'text', text }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: emptyUsage(text.split(/\s+/).length),
      warnings: [],
    };
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    const text = this.reply(options);
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
