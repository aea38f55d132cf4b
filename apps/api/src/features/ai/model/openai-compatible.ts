import { request as httpRequest, Agent as HttpAgent, type IncomingMessage } from 'node:http';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';
import {
  APICallError,
  type LanguageModelV3,
  type LanguageModelV3CallOptions,
  type LanguageModelV3FinishReason,
  type LanguageModelV3Prompt,
  type LanguageModelV3StreamPart,
  type LanguageModelV3StreamResult,
  type LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { createParser } from 'eventsource-parser';

export interface OpenAICompatibleSettings {
  /** e.g. `https://api.openai.com/v1`, without a trailing slash. */
  baseURL: string;
  apiKey?: string;
  modelId: string;
}

/** The usage fields of OpenAI's chunks and responses that the model interface reports. */
interface OpenAIUsage {
  prompt_tokens?: number | null;
  completion_tokens?: number | null;
  prompt_tokens_details?: { cached_tokens?: number | null } | null;
  completion_tokens_details?: { reasoning_tokens?: number | null } | null;
}

interface OpenAIChunk {
  choices?: { delta?: { content?: string | null } | null; finish_reason?: string | null }[];
  usage?: OpenAIUsage | null;
  error?: { message?: string };
}

export function convertUsage(usage: OpenAIUsage | null | undefined): LanguageModelV3Usage {
  if (!usage)
    return {
      inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: undefined, text: undefined, reasoning: undefined },
    };
  const input = usage.prompt_tokens ?? 0;
  const output = usage.completion_tokens ?? 0;
  const cached = usage.prompt_tokens_details?.cached_tokens ?? 0;
  const reasoning = usage.completion_tokens_details?.reasoning_tokens ?? 0;
  return {
    inputTokens: { total: input, noCache: input - cached, cacheRead: cached, cacheWrite: undefined },
    outputTokens: { total: output, text: output - reasoning, reasoning },
    raw: usage as never,
  };
}

export function finishReasonOf(raw: string): LanguageModelV3FinishReason {
  const unified = (
    {
      stop: 'stop',
      length: 'length',
      content_filter: 'content-filter',
      function_call: 'tool-calls',
      tool_calls: 'tool-calls',
    } as const
  )[raw];
  return { unified: unified ?? 'other', raw };
}

/** The conversation as OpenAI's chat format takes it; the coach sends text only. */
export function chatMessages(prompt: LanguageModelV3Prompt) {
  return prompt.map((message) => {
    if (message.role === 'system') return { role: 'system', content: message.content };
    if (message.role === 'tool') throw new Error('The coach does not use tools');
    const content = message.content
      .map((part) => {
        if (part.type === 'text') return part.text;
        if (part.type === 'reasoning') return '';
        throw new Error(`The coach sends text only, not ${part.type}`);
      })
      .join('');
    return { role: message.role, content };
  });
}

const isRetryable = (status: number) => status === 408 || status === 409 || status === 429 || status >= 500;

/** The server's own error message (`{ error: { message } }`), else the status line. */
function errorMessage(status: number, statusText: string | undefined, body: string): string {
  try {
    const message = (JSON.parse(body) as OpenAIChunk).error?.message;
    if (typeof message === 'string' && message) return message;
  } catch {
    // not JSON: the status says it
  }
  return statusText || `HTTP ${status}`;
}

const readAll = async (response: IncomingMessage) => {
  let text = '';
  response.setEncoding('utf8');
  for await (const chunk of response) text += chunk as string;
  return text;
};

/**
 * An OpenAI-compatible chat model (OpenAI, Ollama, vLLM, LM Studio…) behind the AI SDK's model interface.
 *
 * Answers stream from the socket straight into the model interface's parts: one HTTP request through a
 * keep-alive agent, one SSE parser, and one ReadableStream, so the founder's first token waits on nothing
 * else (docs/decisions/011). Everything that is not latency-critical — the follow-up questions and the
 * title, through `generateText` — goes to `generate`, the SDK's own provider model for the same server.
 */
export class OpenAICompatibleChatModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3' as const;
  readonly provider = 'openai-compatible.chat';
  readonly supportedUrls = {};
  readonly modelId: string;
  private readonly url: URL;
  private readonly agent: HttpAgent;
  private readonly headers: Record<string, string>;
  /** Where every answer is posted, parsed once (`http.request(url, …)` would convert the URL each time). */
  private readonly target: { protocol: string; hostname: string; port: string; path: string };

  constructor(
    settings: OpenAICompatibleSettings,
    private readonly generate: LanguageModelV3,
  ) {
    this.modelId = settings.modelId;
    this.url = new URL(`${settings.baseURL}/chat/completions`);
    const secure = this.url.protocol === 'https:';
    this.target = {
      protocol: this.url.protocol,
      // node:http wants an IPv6 literal without its brackets.
      hostname: this.url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: this.url.port || (secure ? '443' : '80'),
      path: `${this.url.pathname}${this.url.search}`,
    };
    this.agent = secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
    this.headers = {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      'user-agent': 'liftoff',
      ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
    };
  }

  doGenerate(options: LanguageModelV3CallOptions) {
    return this.generate.doGenerate(options);
  }

  /** Closes the idle keep-alive connections (on shutdown). */
  close() {
    this.agent.destroy();
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    const requestBody = {
      model: this.modelId,
      messages: chatMessages(options.prompt),
      ...(options.maxOutputTokens ? { max_tokens: options.maxOutputTokens } : {}),
      ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
      stream: true,
      stream_options: { include_usage: true },
    };
    const response = await this.post(JSON.stringify(requestBody), options.abortSignal);
    if ((response.statusCode ?? 0) >= 300) {
      const status = response.statusCode ?? 0;
      const body = await readAll(response);
      throw new APICallError({
        message: errorMessage(status, response.statusMessage, body),
        url: this.url.href,
        requestBodyValues: requestBody,
        statusCode: status,
        responseHeaders: response.headers as Record<string, string>,
        responseBody: body,
        isRetryable: isRetryable(status),
      });
    }
    return { stream: partsOf(response), response: { headers: response.headers as Record<string, string> } };
  }

  private post(body: string, signal: AbortSignal | undefined): Promise<IncomingMessage> {
    const send = this.target.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(abortError(signal));
      const request = send({
        ...this.target,
        method: 'POST',
        agent: this.agent,
        headers: { ...this.headers, 'content-length': Buffer.byteLength(body) },
      });
      // The abort (stop, timeout) is wired by hand rather than through the `signal` option: that option also
      // hangs end-of-stream watchers on the request, which cost about a tenth of a millisecond before the
      // request leaves and again when the answer ends. Destroying the request also ends a response in flight,
      // so the reader of the answer's stream sees the abort.
      if (signal) {
        const abort = () => request.destroy(abortError(signal));
        signal.addEventListener('abort', abort, { once: true });
        request.once('close', () => signal.removeEventListener('abort', abort));
      }
      request.once('response', resolve);
      request.once('error', reject);
      request.end(body);
    });
  }
}

/** What node:http's own `signal` option destroys a request with. */
function abortError(signal: AbortSignal) {
  return Object.assign(new Error('The operation was aborted', { cause: signal.reason }), {
    name: 'AbortError',
    code: 'ABORT_ERR',
  });
}

/**
 * The model interface's parts from an OpenAI streaming response: text deltas as they arrive, then `finish`
 * with the server's finish reason and usage. A body that ends without a finish reason finishes as `other`,
 * which the coach treats as cut off; an `error` object in the stream becomes an `error` part; a broken
 * socket errors the stream.
 */
function partsOf(response: IncomingMessage): ReadableStream<LanguageModelV3StreamPart> {
  let finishReason: LanguageModelV3FinishReason = { unified: 'other', raw: undefined };
  let usage: OpenAIUsage | null = null;
  let textStarted = false;
  let settled = false;
  return new ReadableStream<LanguageModelV3StreamPart>(
    {
      start(controller) {
        controller.enqueue({ type: 'stream-start', warnings: [] });
        const fail = (error: unknown) => {
          finishReason = { unified: 'error', raw: undefined };
          controller.enqueue({ type: 'error', error });
        };
        const parser = createParser({
          onEvent(event) {
            if (event.data === '[DONE]') return;
            let chunk: OpenAIChunk;
            try {
              chunk = JSON.parse(event.data) as OpenAIChunk;
            } catch (error) {
              return fail(error);
            }
            if (chunk.error)
              return fail(new Error(chunk.error.message ?? 'The model server reported an error'));
            if (chunk.usage) usage = chunk.usage;
            const choice = chunk.choices?.[0];
            if (choice?.finish_reason) finishReason = finishReasonOf(choice.finish_reason);
            const delta = choice?.delta?.content;
            if (!delta) return;
            if (!textStarted) {
              textStarted = true;
              controller.enqueue({ type: 'text-start', id: 'text-0' });
            }
            controller.enqueue({ type: 'text-delta', id: 'text-0', delta });
          },
        });
        response.setEncoding('utf8');
        response.on('data', (text: string) => {
          parser.feed(text);
          // A reader that falls behind holds the socket back rather than the queue growing.
          if ((controller.desiredSize ?? 1) <= 0) response.pause();
        });
        response.once('end', () => {
          if (settled) return;
          settled = true;
          if (textStarted) controller.enqueue({ type: 'text-end', id: 'text-0' });
          controller.enqueue({ type: 'finish', finishReason, usage: convertUsage(usage) });
          controller.close();
        });
        // An abort (stop, timeout) or a socket closed before the end ("aborted", ECONNRESET): the reader sees it.
        response.once('error', (error) => {
          if (settled) return;
          settled = true;
          controller.error(error);
        });
      },
      pull() {
        if (response.isPaused()) response.resume();
      },
      cancel() {
        settled = true;
        response.destroy();
      },
    },
    { highWaterMark: 64 },
  );
}
