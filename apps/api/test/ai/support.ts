import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from '../../src/app.js';
import { bearer, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/** How the fake model server answers the next chat calls. */
export interface FakeBehaviour {
  /** Text the streamed answer is made of (sent in pieces). */
  text: string;
  pieces: number;
  firstTokenDelayMs: number;
  pieceDelayMs: number;
  /** Answer every call with this HTTP status and an OpenAI error body. */
  status?: number;
  /** Destroy the socket after this many pieces. */
  cutAfter?: number;
  /** Body of the non-streamed follow-up call. */
  followUps: string;
}

export interface RecordedCall {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

const defaults: FakeBehaviour = {
  text: 'Start with five customer interviews this week, then pick the riskiest assumption to test.',
  pieces: 6,
  firstTokenDelayMs: 0,
  pieceDelayMs: 0,
  followUps: JSON.stringify({
    followUpQuestions: [
      'How do I find interviewees?',
      'What should I ask first?',
      'When do I stop interviewing?',
    ],
    title: 'Customer interviews plan',
  }),
};

function split(text: string, pieces: number): string[] {
  const size = Math.ceil(text.length / pieces);
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** A local server speaking OpenAI's /chat/completions protocol (streamed SSE chunks and plain JSON). */
export async function startFakeOpenAI() {
  let behaviour: FakeBehaviour = { ...defaults };
  const calls: RecordedCall[] = [];
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', async () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      calls.push({ path: req.url ?? '', headers: req.headers, body });
      const b = behaviour;
      if (req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      if (b.status) {
        res.writeHead(b.status, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: { message: `fake failure ${b.status}`, type: 'fake', code: String(b.status) },
          }),
        );
        return;
      }
      const created = Math.floor(Date.now() / 1000);
      if (!body.stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'chatcmpl-fake-2',
            object: 'chat.completion',
            created,
            model: body.model,
            choices: [
              { index: 0, message: { role: 'assistant', content: b.followUps }, finish_reason: 'stop' },
            ],
            usage: { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 },
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const chunk = (delta: Record<string, unknown>, finish: string | null, usage?: Record<string, number>) =>
        `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }], ...(usage ? { usage } : {}) })}\n\n`;
      if (b.firstTokenDelayMs) await sleep(b.firstTokenDelayMs);
      if (res.destroyed) return;
      res.write(chunk({ role: 'assistant', content: '' }, null));
      const parts = split(b.text, b.pieces);
      for (let i = 0; i < parts.length; i++) {
        if (b.cutAfter !== undefined && i >= b.cutAfter) {
          req.socket.destroy();
          return;
        }
        if (i > 0 && b.pieceDelayMs) await sleep(b.pieceDelayMs);
        if (res.destroyed) return;
        res.write(chunk({ content: parts[i] }, null));
      }
      res.write(chunk({}, 'stop'));
      res.write(
        `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created, model: body.model, choices: [], usage: { prompt_tokens: 50, completion_tokens: parts.length, total_tokens: 50 + parts.length } })}\n\n`,
      );
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    calls,
    set(next: Partial<FakeBehaviour>) {
      behaviour = { ...defaults, ...next };
    },
    close: () =>
      new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

export interface StreamEvent {
  conversationId: string;
  userMessageId: string;
  responseId: string;
  content?: string;
  followUpQuestions?: string[];
  error?: string;
  sources?: { kind: string; title: string; url: string }[];
}

/** Parses a whole text/event-stream body into its JSON events, and says whether it ended with [DONE]. */
export function parseSse(body: string): { events: StreamEvent[]; done: boolean; text: string } {
  const datas = body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => block.slice(6));
  const done = datas.at(-1) === '[DONE]';
  const events = datas.filter((d) => d !== '[DONE]').map((d) => JSON.parse(d) as StreamEvent);
  return { events, done, text: events.map((e) => e.content ?? '').join('') };
}

export async function ask(app: App, token: string, url: string, payload?: unknown) {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), accept: 'text/event-stream' },
    ...(payload ? { payload } : {}),
  });
  return { res, ...parseSse(res.body) };
}

export async function history(app: App, token: string, conversationId: string, query = '') {
  const res = await app.inject({
    method: 'GET',
    url: `/api/ai/chat-history/${conversationId}${query}`,
    headers: bearer(token),
  });
  return res.json();
}

/** Waits until the condition holds (answers finish in the background). */
export async function eventually<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * A test app whose coach is a model behind the fake OpenAI-compatible server, and a ready founder;
 * `close` stops both.
 */
export async function appWithFakeModel(env: Record<string, string> = {}) {
  const fake = await startFakeOpenAI();
  const t: TestApp = await createTestApp({
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: fake.url,
    AI_MODEL: 'fake-model',
    ...env,
  });
  const user = await readyUser(t.app);
  return {
    fake,
    t,
    user,
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}
