import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APICallError, type LanguageModelV3, type LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OpenAICompatibleChatModel } from '../../src/features/ai/model/openai-compatible.js';

// The streaming half of the OpenAI-compatible model against a local server that writes OpenAI's wire format
// byte for byte, including the framing liberties real servers take (CRLF, keep-alive comments, split writes).

type Handler = (req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>) => void;
let handler: Handler;
let server: Server;
let base: string;
const received: { headers: IncomingMessage['headers']; body: Record<string, unknown> }[] = [];
const closedConnections: number[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw) as Record<string, unknown>;
      received.push({ headers: req.headers, body });
      res.on('close', () => closedConnections.push(Date.now()));
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));
afterEach(() => {
  received.length = 0;
  closedConnections.length = 0;
});

const notForGenerate = {} as LanguageModelV3;
const model = () =>
  new OpenAICompatibleChatModel(
    { baseURL: base, apiKey: 'sk-local', modelId: 'local-model' },
    notForGenerate,
  );

const chunk = (delta: Record<string, unknown>, finish: string | null = null, extra: object = {}) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'local-model', choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`;

const prompt = [
  { role: 'system' as const, content: 'You are a coach.' },
  { role: 'user' as const, content: [{ type: 'text' as const, text: 'How do I price?' }] },
  { role: 'assistant' as const, content: [{ type: 'text' as const, text: 'Start from value.' }] },
  { role: 'user' as const, content: [{ type: 'text' as const, text: 'And then?' }] },
];

async function collect(signal?: AbortSignal) {
  const { stream } = await model().doStream({ prompt, maxOutputTokens: 300, abortSignal: signal });
  const parts: LanguageModelV3StreamPart[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}
const textOf = (parts: LanguageModelV3StreamPart[]) =>
  parts.map((p) => (p.type === 'text-delta' ? p.delta : '')).join('');
const finishOf = (parts: LanguageModelV3StreamPart[]) =>
  parts.find((p) => p.type === 'finish') as Extract<LanguageModelV3StreamPart, { type: 'finish' }>;

describe('OpenAI-compatible streaming', () => {
  it('sends the conversation in OpenAI chat format with the key, and streams the reply with its usage', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk({ role: 'assistant', content: '' }));
      res.write(chunk({ content: 'Charge ' }));
      res.write(chunk({ content: 'for value.' }));
      res.write(chunk({}, 'stop'));
      res.write(
        `data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 40, completion_tokens: 4, prompt_tokens_details: { cached_tokens: 10 } } })}\n\n`,
      );
      res.end('data: [DONE]\n\n');
    };
    const parts = await collect();
    expect(received[0]!.headers.authorization).toBe('Bearer sk-local');
    expect(received[0]!.headers['content-type']).toBe('application/json');
    expect(received[0]!.body).toEqual({
      model: 'local-model',
      messages: [
        { role: 'system', content: 'You are a coach.' },
        { role: 'user', content: 'How do I price?' },
        { role: 'assistant', content: 'Start from value.' },
        { role: 'user', content: 'And then?' },
      ],
      max_tokens: 300,
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(parts.map((p) => p.type)).toEqual([
      'stream-start',
      'text-start',
      'text-delta',
      'text-delta',
      'text-end',
      'finish',
    ]);
    expect(textOf(parts)).toBe('Charge for value.');
    expect(finishOf(parts).finishReason).toEqual({ unified: 'stop', raw: 'stop' });
    expect(finishOf(parts).usage.inputTokens).toMatchObject({ total: 40, noCache: 30, cacheRead: 10 });
    expect(finishOf(parts).usage.outputTokens.total).toBe(4);
  });

  it('reads CRLF framing, keep-alive comments, "data:" without a space and events split across writes', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(': keep-alive\r\n\r\n');
      const first = chunk({ content: 'Split ' }).replace(/\n\n$/, '\r\n\r\n');
      res.write(first.slice(0, 25));
      setTimeout(() => {
        res.write(first.slice(25));
        res.write(`data:${JSON.stringify({ choices: [{ index: 0, delta: { content: 'across ' } }] })}\n\n`);
        res.write(chunk({ content: 'writes.' }) + chunk({}, 'length'));
        res.end('data: [DONE]\n\n');
      }, 10);
    };
    const parts = await collect();
    expect(textOf(parts)).toBe('Split across writes.');
    expect(finishOf(parts).finishReason).toEqual({ unified: 'length', raw: 'length' });
  });

  it('finishes as "other" when the body ends without a finish reason, so the coach calls the answer cut off', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(chunk({ content: 'Half an' }));
    };
    const parts = await collect();
    expect(textOf(parts)).toBe('Half an');
    expect(finishOf(parts).finishReason.unified).toBe('other');
  });

  it("turns an error object in the stream into an error part with the server's message", async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk({ content: 'Begun' }));
      res.end(
        `data: ${JSON.stringify({ error: { message: 'model overloaded', type: 'server_error' } })}\n\n`,
      );
    };
    const parts = await collect();
    const error = parts.find((p) => p.type === 'error') as { error: Error } | undefined;
    expect(error?.error.message).toBe('model overloaded');
    expect(finishOf(parts).finishReason.unified).toBe('error');
  });

  it.each([
    [401, false],
    [429, true],
    [503, true],
  ])(
    'answers HTTP %i with an APICallError carrying the status and the server message',
    async (status, retryable) => {
      handler = (_req, res) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `refused with ${status}`, type: 'x', code: null } }));
      };
      const failure = await collect().catch((error: unknown) => error);
      expect(APICallError.isInstance(failure)).toBe(true);
      expect(failure).toMatchObject({
        statusCode: status,
        message: `refused with ${status}`,
        isRetryable: retryable,
      });
    },
  );

  it('errors the stream with ECONNRESET when the server drops the connection mid-answer', async () => {
    handler = (req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk({ content: 'Before the cut ' }));
      setTimeout(() => req.socket.destroy(), 20);
    };
    const { stream } = await model().doStream({ prompt });
    const seen: string[] = [];
    const failure = await (async () => {
      for await (const part of stream) if (part.type === 'text-delta') seen.push(part.delta);
    })().catch((error: unknown) => error);
    expect(seen).toEqual(['Before the cut ']);
    expect(failure).toMatchObject({ code: 'ECONNRESET' });
  });

  it('an abort ends the request upstream: the server sees its connection close', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk({ content: 'Working on it' }));
      // ...and never finishes by itself.
    };
    const controller = new AbortController();
    const { stream } = await model().doStream({ prompt, abortSignal: controller.signal });
    const reader = stream.getReader();
    let part = await reader.read();
    while (part.value?.type !== 'text-delta') part = await reader.read();
    controller.abort();
    await expect(reader.read()).rejects.toBeDefined();
    await expect.poll(() => closedConnections.length).toBe(1);
  });

  it('an abort before the server answers rejects the call and closes the connection', async () => {
    handler = () => {
      // Thinking for a long time: no status, no headers.
    };
    const controller = new AbortController();
    const call = model().doStream({ prompt, abortSignal: controller.signal });
    await expect.poll(() => received.length).toBe(1);
    controller.abort(new Error('stopped by the founder'));
    await expect(call).rejects.toMatchObject({
      name: 'AbortError',
      cause: { message: 'stopped by the founder' },
    });
    await expect.poll(() => closedConnections.length).toBe(1);
  });

  it('an answer that was stopped before it was asked for is never sent', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(model().doStream({ prompt, abortSignal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(received).toHaveLength(0);
  });

  it('a finished answer leaves no abort listener behind, and a later abort changes nothing', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(`${chunk({ content: 'Done.' }, 'stop')}data: [DONE]\n\n`);
    };
    const controller = new AbortController();
    let listeners = 0;
    const add = controller.signal.addEventListener.bind(controller.signal);
    const remove = controller.signal.removeEventListener.bind(controller.signal);
    controller.signal.addEventListener = ((...args: Parameters<typeof add>) => (
      listeners++,
      add(...args)
    )) as typeof add;
    controller.signal.removeEventListener = ((...args: Parameters<typeof remove>) => (
      listeners--,
      remove(...args)
    )) as typeof remove;
    const parts = await collect(controller.signal);
    expect(textOf(parts)).toBe('Done.');
    await expect.poll(() => listeners).toBe(0);
    controller.abort();
  });

  it('a server that cannot be reached rejects with a connection error', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const offline = new OpenAICompatibleChatModel(
      { baseURL: `http://127.0.0.1:${port}/v1`, modelId: 'm' },
      notForGenerate,
    );
    await expect(offline.doStream({ prompt })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
