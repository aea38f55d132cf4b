import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api';
import type { HttpClient, RequestConfig } from '../../lib/http-client';
import { toastSlice } from '../../lib/toast';
import { sendMessage, stopStreaming } from './chat-actions';
import { aiChatSlice } from './slice';

const ids = { conversationId: '7d3c0b8e-0000-4000-8000-000000000001', userMessageId: 'u1', responseId: 'r1' };
const line = (event: object) => `data: ${JSON.stringify(event)}\n\n`;

/** A stand-in HTTP client whose chat stream is driven by the test, chunk by chunk. */
function fakeHttp(
  status = 200,
  errorBody: unknown = null,
  stop: { stopped?: boolean; then?: (conversationId: string) => void } = {},
) {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  const calls: RequestConfig[] = [];
  const http: HttpClient = {
    refresh: vi.fn(async () => true),
    request: vi.fn(async (config: RequestConfig) => {
      calls.push(config);
      const url = config.url ?? '';
      const conversationId = decodeURIComponent(url.split('/').at(-1)!);
      // Like the server: the stopped stream ends a moment after the stop call answered.
      if (stop.then && url.startsWith('/ai/chat/stop/')) setTimeout(() => stop.then!(conversationId), 5);
      return {
        status: 200,
        data: {
          message: 'Generation stopped',
          data: { conversationId, stopped: stop.stopped ?? true },
        } as never,
      };
    }),
    stream: vi.fn(async (config: RequestConfig) => {
      calls.push(config);
      if (status !== 200) {
        return new Response(JSON.stringify(errorBody), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      }
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
        },
      });
      // Like fetch: aborting errors a body still being read, and does nothing to one already ended.
      config.signal?.addEventListener('abort', () => {
        if (!closed) controller.error(new DOMException('aborted', 'AbortError'));
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    }),
  };
  return {
    http,
    calls,
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => {
      closed = true;
      controller.close();
    },
  };
}

function storeWith(http: HttpClient) {
  return configureStore({
    reducer: combineReducers({
      aiChat: aiChatSlice.reducer,
      toast: toastSlice.reducer,
      [api.reducerPath]: api.reducer,
    }),
    middleware: (m) =>
      m({ thunk: { extraArgument: { http } }, serializableCheck: false }).concat(api.middleware),
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('the chat stream in the store', () => {
  it('streams pieces (split anywhere) into the temporary reply and replaces it at the done marker', async () => {
    const fake = fakeHttp();
    const store = storeWith(fake.http);
    const done = store.dispatch(sendMessage('How do I run interviews?'));
    await settle();
    const text = line(ids) + line({ ...ids, content: 'Ask about ' }) + line({ ...ids, content: 'the past.' });
    fake.send(text.slice(0, 37));
    fake.send(text.slice(37, 120));
    fake.send(text.slice(120));
    await settle();
    expect(store.getState().aiChat.messages[1]).toMatchObject({
      isTemp: true,
      content: 'Ask about the past.',
    });
    fake.send(line({ ...ids, followUpQuestions: ['Who do I ask?'] }) + 'data: [DONE]\n\n');
    expect(await done).toBe(true);
    const state = store.getState().aiChat;
    expect(state.conversationId).toBe(ids.conversationId);
    expect(state.streaming).toBe(false);
    expect(state.messages[1]).toMatchObject({
      id: 'r1',
      isTemp: false,
      status: 'COMPLETE',
      followUpQuestions: ['Who do I ask?'],
    });
    expect(fake.calls[0]).toMatchObject({
      url: '/ai/chat/completion',
      method: 'POST',
      headerType: 'authorization',
      body: { input: 'How do I run interviews?', conversationId: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
  });

  it('a new chat names its conversation, so Stop works before any event and the chat still lands in the list', async () => {
    const fake: ReturnType<typeof fakeHttp> = fakeHttp(200, null, {
      then: (conversationId) => {
        const saved = { conversationId, userMessageId: 'u9', responseId: 'r9' };
        fake.send(line(saved) + line({ ...saved, followUpQuestions: [] }) + 'data: [DONE]\n\n');
        fake.end();
      },
    });
    const store = storeWith(fake.http);
    const done = store.dispatch(sendMessage('Tell me everything'));
    await settle();
    const chosen = (fake.calls[0]!.body as { conversationId: string }).conversationId;
    await store.dispatch(stopStreaming());
    await done;
    expect(fake.calls.map((c) => c.url)).toContain(`/ai/chat/stop/${chosen}`);
    const state = store.getState().aiChat;
    expect(state.streaming).toBe(false);
    expect(state.conversationId).toBe(chosen);
    expect(state.sessions.map((s) => s.conversationId)).toContain(chosen);
    // The question is the saved one; the empty stopped reply is not shown.
    expect(state.messages).toEqual([
      expect.objectContaining({ id: 'u9', role: 'user', content: 'Tell me everything', isTemp: false }),
    ]);
  });

  /** Asks, receives the ids and a first piece, then presses Stop and waits for the send to settle. */
  async function stopAfterPartOne(fake: ReturnType<typeof fakeHttp>) {
    const store = storeWith(fake.http);
    const done = store.dispatch(sendMessage('Tell me everything'));
    await settle();
    fake.send(line(ids) + line({ ...ids, content: 'Part one' }));
    await settle();
    await store.dispatch(stopStreaming());
    await done;
    return store;
  }

  it('stops reading at once when the server cannot stop the answer', async () => {
    const fake = fakeHttp(200, null, { stopped: false });
    const store = await stopAfterPartOne(fake);
    expect(store.getState().aiChat.messages[1]).toMatchObject({ status: 'STOPPED', content: 'Part one' });
  });

  it('stop tells the server, stops reading and keeps the partial answer, marked stopped', async () => {
    const fake: ReturnType<typeof fakeHttp> = fakeHttp(200, null, {
      then: () => {
        fake.send(line({ ...ids, followUpQuestions: [] }) + 'data: [DONE]\n\n');
        fake.end();
      },
    });
    const store = await stopAfterPartOne(fake);
    expect(fake.calls.map((c) => c.url)).toContain(`/ai/chat/stop/${ids.conversationId}`);
    const state = store.getState().aiChat;
    expect(state.streaming).toBe(false);
    expect(state.aborting).toBe(false);
    expect(state.messages[1]).toMatchObject({
      id: 'r1',
      status: 'STOPPED',
      content: 'Part one',
      isTemp: false,
    });
  });

  it("a failed request shows 'HTTP error! status: {code}' and keeps the question to retry", async () => {
    const fake = fakeHttp(429, { message: 'Too many requests', statusCode: 429, code: 'RATE_LIMITED' });
    const store = storeWith(fake.http);
    expect(await store.dispatch(sendMessage('Hello'))).toBe(false);
    const state = store.getState().aiChat;
    expect(state.error).toBe(true);
    expect(state.errorMessage).toBe('HTTP error! status: 429 — Too many requests');
    expect(state.failedInput).toBe('Hello');
    expect(state.messages).toEqual([]);
  });

  it("a response without a body fails with 'No reader available'", async () => {
    const fake = fakeHttp();
    fake.http.stream = vi.fn(async () => new Response(null, { status: 200 }));
    const store = storeWith(fake.http);
    await store.dispatch(sendMessage('Hello'));
    expect(store.getState().aiChat.errorMessage).toBe('No reader available');
  });
});
