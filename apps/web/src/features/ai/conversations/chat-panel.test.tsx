import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatHistoryItem, ChatStreamEvent } from '@liftoff/contracts/ai';
import { GENERIC_ERROR } from '../../../lib/api';
import { detachStream } from '../chat-actions';
import { renderAi } from '../testing/render-ai';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const session = (conversationId: string, title = `Conversation ${conversationId}`) => ({
  conversationId,
  title,
  isArchived: false,
  createdAt: '2030-01-01T00:00:00.000Z',
  lastActivityAt: '2030-01-01T00:00:00.000Z',
});

type Version = ChatHistoryItem['versions'][number];
const version = (id: string, over: Partial<Version> = {}): Version => ({
  id,
  content: `Answer ${id}`,
  status: 'COMPLETE',
  error: null,
  fallback: null,
  followUpQuestions: [],
  sources: [],
  createdAt: '2030-01-01T00:00:00.000Z',
  feedback: null,
  ...over,
});

/** A question as history returns it: what an answer's version holds, without the answer's links. */
const question = (id: string, content = `Question ${id}`): ChatHistoryItem => ({
  ...version(id, { content }),
  role: 'user',
  messageId: null,
  responseId: null,
  versions: [],
});

/** An answer to `messageId` as history returns it: the newest version, with every version listed. */
function answer(messageId: string, versions: Version[]): ChatHistoryItem {
  const newest = versions.at(-1)!;
  return {
    ...newest,
    role: 'assistant',
    messageId,
    responseId: newest.id,
    versions,
  };
}

/** One chat stream the test drives: events, the done marker, or a cut. */
type ServedStream = {
  url: string;
  body: unknown;
  aborted: boolean;
  event: (event: Partial<ChatStreamEvent>) => void;
  done: () => void;
  cut: () => void;
};

/**
 * The API at the network edge: history per conversation (a function, so a test can change what the
 * server has between two reads), chat streams the test drives, and every request it saw.
 */
function fakeAiServer() {
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  const histories = new Map<string, () => ChatHistoryItem[]>();
  const titles = new Map<string, string>();
  const streams: ServedStream[] = [];
  const streamReplies: Array<() => Response | null> = [];
  let transcribe: (file: File) => Response = () => json(501, { message: 'Off' });
  const encoder = new TextEncoder();

  function openStream(url: string, body: unknown, signal?: AbortSignal | null): Response {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let closed = false;
    const ids = { conversationId: '', userMessageId: '', responseId: '' };
    const served: ServedStream = {
      url,
      body,
      aborted: false,
      event: (event) => {
        Object.assign(ids, {
          conversationId: event.conversationId ?? ids.conversationId,
          userMessageId: event.userMessageId ?? ids.userMessageId,
          responseId: event.responseId ?? ids.responseId,
        });
        controller.enqueue(encoder.encode(`data: ${JSON.stringify({ ...ids, ...event })}\n\n`));
      },
      done: () => {
        controller.enqueue(encoder.encode('data: [DONE]\n\n'));
        closed = true;
        controller.close();
      },
      cut: () => {
        closed = true;
        controller.close();
      },
    };
    const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    signal?.addEventListener('abort', () => {
      served.aborted = true;
      if (!closed) controller.error(new DOMException('aborted', 'AbortError'));
    });
    streams.push(served);
    return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
  }

  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://app');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    const path = url.pathname.replace(/^\/api/, '');
    requests.push({ method, path, body });
    if (path === '/ai/capabilities') {
      return json(200, {
        data: {
          chatModel: { provider: 'test', model: 'test', offline: false },
          tts: { engine: null },
          stt: { engine: 'openai', basic: false, formats: ['audio/webm'] },
        },
      });
    }
    if (path === '/ai/chat-sessions' && method === 'GET')
      return json(200, { data: { items: [], total: 0, pageNo: 1, pageSize: 50, lastPage: 1 } });
    const sessionMatch = /^\/ai\/chat-sessions\/([^/]+)$/.exec(path);
    if (sessionMatch) {
      const conversationId = decodeURIComponent(sessionMatch[1]!);
      return json(200, { data: session(conversationId, titles.get(conversationId)) });
    }
    const historyMatch = /^\/ai\/chat-history\/([^/]+)$/.exec(path);
    if (historyMatch) {
      const conversationId = decodeURIComponent(historyMatch[1]!);
      const items = histories.get(conversationId)?.() ?? [];
      return json(200, {
        data: {
          conversation: session(conversationId),
          items,
          total: items.length,
          pageNo: 1,
          pageSize: 50,
          lastPage: 1,
        },
      });
    }
    const stopMatch = /^\/ai\/chat\/stop\/([^/]+)$/.exec(path);
    if (stopMatch) return json(200, { data: { conversationId: stopMatch[1], stopped: true } });
    if (/^\/ai\/chat\/(completion|continue|retry)/.test(path)) {
      const reply = streamReplies.shift()?.();
      return reply ?? openStream(path, body, init.signal);
    }
    if (path === '/ai/stt') return transcribe((init.body as FormData).get('file') as File);
    return json(404, { message: `No route ${method} ${path}` });
  });

  return {
    fetch,
    requests,
    /** What history answers for a conversation, read at every request. */
    history(conversationId: string, items: () => ChatHistoryItem[]) {
      histories.set(conversationId, items);
    },
    /** The title the server gives a conversation from now on. */
    title(conversationId: string, title: string) {
      titles.set(conversationId, title);
    },
    historyReads: (conversationId: string) =>
      requests.filter((r) => r.path === `/ai/chat-history/${conversationId}`).length,
    /** The next chat request answers this (an HTTP error) instead of a stream. */
    failNextStream(response: () => Response) {
      streamReplies.push(response);
    },
    /** The chat stream opened for a URL starting with `prefix`, once it is open. */
    async stream(prefix: string): Promise<ServedStream> {
      let found: ServedStream | undefined;
      await waitFor(() => {
        found = streams.find((s) => s.url.startsWith(prefix));
        expect(found).toBeTruthy();
      });
      return found!;
    },
    onTranscribe(handler: (file: File) => Response) {
      transcribe = handler;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const answered = () => screen.findAllByRole('article', { name: 'The coach answered' });

afterEach(() => {
  // The stream of a test that ended mid-answer is not the next test's.
  detachStream();
});

// MUI and role queries are slow in jsdom; these tests also wait for the panel's refresh.
const SLOW = 30_000;

describe('an answer still being written (history says STREAMING)', { timeout: SLOW }, () => {
  it('after a reload it shows as being written, grows, and becomes the finished answer with its follow-ups', async () => {
    const server = fakeAiServer();
    let reads = 0;
    server.history('c1', () => {
      reads += 1;
      if (reads === 1)
        return [
          question('u1'),
          answer('u1', [version('a1', { status: 'STREAMING', content: 'Talk to five' })]),
        ];
      if (reads === 2)
        return [
          question('u1'),
          answer('u1', [version('a1', { status: 'STREAMING', content: 'Talk to five founders this week' })]),
        ];
      // Done: the server has also named the conversation after this first exchange.
      server.title('c1', 'Finding founders to talk to');
      return [
        question('u1'),
        answer('u1', [
          version('a1', {
            content: 'Talk to five founders this week.',
            followUpQuestions: ['Who do I ask first?'],
          }),
        ]),
      ];
    });
    await renderAi('/ai-workspace/c1', server);

    const answering = await screen.findByRole('article', { name: 'The coach is answering' });
    expect(within(answering).getByText('Talk to five')).toBeTruthy();
    // Like a live answer: nothing to copy, rate or retry yet, and Stop instead of Send.
    expect(within(answering).queryByRole('toolbar', { name: 'Answer actions' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();

    await screen.findByText('Talk to five founders this week');
    const [final] = await answered();
    expect(within(final!).getByText('Talk to five founders this week.')).toBeTruthy();
    expect(within(final!).getByRole('button', { name: 'Copy answer' })).toBeTruthy();
    expect(within(final!).getByRole('button', { name: 'Who do I ask first?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('The coach has answered.');
    await screen.findAllByText('Finding founders to talk to');

    // Nothing is being written any more: the refresh stops.
    const readsWhenDone = server.historyReads('c1');
    await sleep(2500);
    expect(server.historyReads('c1')).toBe(readsWhenDone);
  });

  it('Stop asks the server to stop it, and it shows as stopped', async () => {
    const server = fakeAiServer();
    server.history('c1', () => {
      const stopped = server.requests.some((r) => r.method === 'POST' && r.path === '/ai/chat/stop/c1');
      return [
        question('u1'),
        answer('u1', [
          version('a1', { status: stopped ? 'STOPPED' : 'STREAMING', content: 'Half an answer' }),
        ]),
      ];
    });
    await renderAi('/ai-workspace/c1', server);
    await screen.findByRole('article', { name: 'The coach is answering' });
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await screen.findByText('Stopped — this answer may be incomplete.');
    expect(server.requests.filter((r) => r.path === '/ai/chat/stop/c1')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });

  it('switching conversations mid-answer and back shows it still being written, then finished', async () => {
    const server = fakeAiServer();
    let asked = false;
    let finished = false;
    server.history('c1', () => {
      const first = [question('u1'), answer('u1', [version('a1')])];
      if (!asked) return first;
      const status = finished ? 'COMPLETE' : 'STREAMING';
      return [
        ...first,
        question('u2', 'And then?'),
        answer('u2', [version('a2', { status, content: 'Then call them.' })]),
      ];
    });
    server.history('c2', () => [question('u9'), answer('u9', [version('a9')])]);
    const { router } = await renderAi('/ai-workspace/c1', server);
    await answered();

    await userEvent.type(screen.getByRole('textbox', { name: 'Ask the coach' }), 'And then?{Enter}');
    const live = await server.stream('/ai/chat/continue/c1');
    asked = true;
    live.event({ conversationId: 'c1', userMessageId: 'u2', responseId: 'a2', content: 'Then' });
    await screen.findByText('Then');

    await act(() => router.navigate('/ai-workspace/c2'));
    await screen.findByText('Answer a9');
    expect(live.aborted).toBe(true);
    // Nothing is being written in this conversation: no refresh.
    const readsOfC2 = server.historyReads('c2');
    await sleep(2000);
    expect(server.historyReads('c2')).toBe(readsOfC2);

    await act(() => router.navigate('/ai-workspace/c1'));
    const answering = await screen.findByRole('article', { name: 'The coach is answering' });
    expect(within(answering).getByText('Then call them.')).toBeTruthy();
    finished = true;
    await waitFor(() => expect(screen.queryByRole('article', { name: 'The coach is answering' })).toBeNull());
    expect(await answered()).toHaveLength(2);
  });

  it('leaving the conversation stops the refresh', async () => {
    const server = fakeAiServer();
    server.history('c1', () => [question('u1'), answer('u1', [version('a1', { status: 'STREAMING' })])]);
    server.history('c2', () => []);
    const { router } = await renderAi('/ai-workspace/c1', server);
    await screen.findByRole('article', { name: 'The coach is answering' });
    await waitFor(() => expect(server.historyReads('c1')).toBeGreaterThan(1), { timeout: 5000 });
    await act(() => router.navigate('/ai-workspace/c2'));
    const readsWhenLeft = server.historyReads('c1');
    await sleep(2500);
    expect(server.historyReads('c1')).toBe(readsWhenLeft);
  });
});

describe('retry', { timeout: SLOW }, () => {
  it('makes a new version whichever version is on screen', async () => {
    const server = fakeAiServer();
    server.history('c1', () => [
      question('u1'),
      answer('u1', [version('a1', { content: 'First answer' }), version('a2', { content: 'Second answer' })]),
    ]);
    await renderAi('/ai-workspace/c1', server);
    const [shown] = await answered();
    expect(within(shown!).getByText('2/2')).toBeTruthy();
    await userEvent.click(within(shown!).getByRole('button', { name: 'Previous version' }));
    await within(shown!).findByText('First answer');

    await userEvent.click(within(shown!).getByRole('button', { name: 'Retry: another answer' }));
    const retry = await server.stream('/ai/chat/retry/');
    expect(retry.url).toBe('/ai/chat/retry/c1/u1/a1');
    retry.event({ conversationId: 'c1', userMessageId: 'u1', responseId: 'a3', content: 'Third answer' });
    retry.event({ followUpQuestions: [] });
    retry.done();
    const [latest] = await answered();
    await within(latest!).findByText('Third answer');
    expect(within(latest!).getByText('3/3')).toBeTruthy();
  });
});

describe('every chat error ends with a way to try again', { timeout: SLOW }, () => {
  it('when the model fails mid-answer, its text gives way to the offline coach, labelled with why', async () => {
    const server = fakeAiServer();
    server.history('c1', () => [question('u1'), answer('u1', [version('a1')])]);
    await renderAi('/ai-workspace/c1', server);
    await answered();
    await userEvent.type(screen.getByRole('textbox', { name: 'Ask the coach' }), 'And pricing?{Enter}');
    const stream = await server.stream('/ai/chat/continue/c1');
    const ids = { conversationId: 'c1', userMessageId: 'u2', responseId: 'a2' };
    stream.event({ ...ids, content: 'The model started to' });
    await screen.findByText('The model started to');
    const why = 'The AI model server failed (HTTP 500). Please try again.';
    stream.event({ ...ids, content: 'From the program: charge for value.', fallback: why });
    stream.event({ ...ids, followUpQuestions: [], sources: [], fallback: why });
    stream.done();
    await screen.findByText('From the program: charge for value.');
    expect(screen.queryByText(/The model started to/)).toBeNull();
    const note = screen.getByRole('note');
    expect(note.textContent).toContain('Answered by the offline coach');
    expect(note.textContent).toContain(why);
  });

  it('opened from a step, offers its question and sends the step with every question', async () => {
    const server = fakeAiServer();
    await renderAi(
      `/ai-workspace?${new URLSearchParams({ step: 's1', stepTitle: 'Write your problem statement', ask: 'Review my answers' })}`,
      server,
    );
    await screen.findByText(/Asking about “Write your problem statement”/);
    await userEvent.click(screen.getByRole('button', { name: 'Review my answers' }));
    const stream = await server.stream('/ai/chat/completion');
    expect(stream.body).toMatchObject({ input: 'Review my answers', stepId: 's1' });
  });

  it('a saved answer that broke off is marked incomplete', async () => {
    const server = fakeAiServer();
    server.history('c1', () => [
      question('u1'),
      answer('u1', [version('a1', { status: 'ERROR', content: 'Half of', error: 'It broke off.' })]),
    ]);
    await renderAi('/ai-workspace/c1', server);
    await screen.findByText('Cut off — this answer is incomplete.');
  });

  it('a stream cut off before any text shows the answer failed, and Retry asks again', async () => {
    const server = fakeAiServer();
    server.history('c1', () => [question('u1'), answer('u1', [version('a1')])]);
    await renderAi('/ai-workspace/c1', server);
    await answered();
    await userEvent.type(screen.getByRole('textbox', { name: 'Ask the coach' }), 'And then?{Enter}');
    const cut = await server.stream('/ai/chat/continue/c1');
    cut.event({ conversationId: 'c1', userMessageId: 'u2', responseId: 'a2' });
    cut.cut();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(GENERIC_ERROR);
    // Nothing was written, so there is nothing to copy or rate: the only action is the error's Retry.
    const failed = alert.closest('article')!;
    expect(within(failed as HTMLElement).queryByRole('toolbar', { name: 'Answer actions' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Copy answer' })).toHaveLength(1);
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    const retry = await server.stream('/ai/chat/retry/');
    expect(retry.url).toBe('/ai/chat/retry/c1/u2/a2');
    retry.event({
      conversationId: 'c1',
      userMessageId: 'u2',
      responseId: 'a3',
      content: 'Call five customers.',
    });
    retry.done();
    await screen.findByText('Call five customers.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Copy answer' })).toHaveLength(2);
  });

  it('a retry the server refuses shows its error with a Retry that makes the new version', async () => {
    const server = fakeAiServer();
    server.history('c1', () => [question('u1'), answer('u1', [version('a1', { content: 'First answer' })])]);
    await renderAi('/ai-workspace/c1', server);
    const [shown] = await answered();
    server.failNextStream(() => json(500, { message: 'The model is down', statusCode: 500 }));
    await userEvent.click(within(shown!).getByRole('button', { name: 'Retry: another answer' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('HTTP error! status: 500 — The model is down');
    expect(within(shown!).getByText('First answer')).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    const retry = await server.stream('/ai/chat/retry/');
    expect(retry.url).toBe('/ai/chat/retry/c1/u1/a1');
    retry.event({ conversationId: 'c1', userMessageId: 'u1', responseId: 'a2', content: 'Second answer' });
    retry.done();
    const [latest] = await answered();
    await within(latest!).findByText('Second answer');
    expect(within(latest!).getByText('2/2')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  describe('a recording that could not be transcribed', () => {
    /** The browser's microphone, outside the app: a recorder that hands back one recording. */
    class FakeMediaRecorder {
      static isTypeSupported = () => true;
      state: RecordingState = 'inactive';
      mimeType = 'audio/webm';
      ondataavailable: ((event: { data: Blob }) => void) | null = null;
      onstop: (() => void) | null = null;
      start() {
        this.state = 'recording';
      }
      stop() {
        this.state = 'inactive';
        this.ondataavailable?.({ data: new Blob(['how do I price my product'], { type: 'audio/webm' }) });
        this.onstop?.();
      }
    }

    beforeEach(() => {
      vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
      vi.stubGlobal('navigator', {
        ...navigator,
        mediaDevices: { getUserMedia: async () => ({ getTracks: () => [{ stop: () => undefined }] }) },
      });
    });
    afterEach(() => vi.unstubAllGlobals());

    async function recordAndFail() {
      const server = fakeAiServer();
      server.history('c1', () => [question('u1'), answer('u1', [version('a1')])]);
      const uploads: number[] = [];
      let fail = true;
      server.onTranscribe((file) => {
        uploads.push(file.size);
        return fail
          ? json(502, { message: 'The transcription server could not be reached.', statusCode: 502 })
          : json(200, { data: { text: 'How do I price my product?', engine: 'openai', basic: false } });
      });
      await renderAi('/ai-workspace/c1', server);
      await answered();
      await userEvent.click(await screen.findByRole('button', { name: 'Speak your question' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Done' }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('HTTP error! status: 502');
      return { alert, uploads, heal: () => (fail = false) };
    }

    it('is kept, and Try again sends the same recording and puts the transcript in the box', async () => {
      const { alert, uploads, heal } = await recordAndFail();
      heal();
      await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
      await waitFor(() =>
        expect(screen.getByRole('textbox', { name: 'Ask the coach' })).toHaveProperty(
          'value',
          'How do I price my product?',
        ),
      );
      expect(uploads).toHaveLength(2);
      expect(uploads[1]).toBe(uploads[0]);
      expect(screen.queryByRole('alert')).toBeNull();
    });

    it('can be discarded', async () => {
      const { alert, uploads } = await recordAndFail();
      await userEvent.click(within(alert).getByRole('button', { name: 'Discard recording' }));
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.getByRole('button', { name: 'Speak your question' })).toBeTruthy();
      expect(uploads).toHaveLength(1);
    });
  });
});

describe('a history search result', { timeout: SLOW }, () => {
  it('opens at the match, then new answers scroll into view as usual', async () => {
    const server = fakeAiServer();
    server.history('c1', () => [
      question('u1'),
      answer('u1', [version('a1')]),
      question('u2'),
      answer('u2', [version('a2')]),
    ]);
    const { router } = await renderAi('/ai-workspace/c1?message=a1', server);
    await waitFor(() => expect(document.activeElement?.getAttribute('data-message-id')).toBe('a1'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/ai-workspace/c1');

    // jsdom has no layout: the conversation's scroll position is kept here.
    const conversation = screen.getByRole('region', { name: 'Conversation' });
    let scrollTop = 0;
    Object.defineProperty(conversation, 'scrollHeight', { configurable: true, get: () => 5000 });
    Object.defineProperty(conversation, 'scrollTop', {
      configurable: true,
      get: () => scrollTop,
      set: (value: number) => void (scrollTop = value),
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Ask the coach' }), 'And then?{Enter}');
    const live = await server.stream('/ai/chat/continue/c1');
    live.event({ conversationId: 'c1', userMessageId: 'u3', responseId: 'a3', content: 'Keep going.' });
    await screen.findByText('Keep going.');
    await waitFor(() => expect(scrollTop).toBe(5000));
    live.done();
  });
});

describe('an answer with code', { timeout: SLOW }, () => {
  it('gives every code block a copy button, in lists and quotes too, and runs none of its HTML', async () => {
    const content = [
      'Set it up:',
      '',
      '1. Install:',
      '',
      '   ```bash',
      '   npm install liftoff',
      '   ```',
      '',
      '> ```js',
      '> run();',
      '> ```',
      '',
      '```',
      'done',
      '```',
      '',
      '<img src=x onerror="window.ran = true"><script>window.ran = true</script>',
    ].join('\n');
    const server = fakeAiServer();
    server.history('c1', () => [question('u1'), answer('u1', [version('a1', { content })])]);
    const user = userEvent.setup();
    await renderAi('/ai-workspace/c1', server);
    const [shown] = await answered();

    const copies = within(shown!).getAllByRole('button', { name: /^Copy .*code$/ });
    expect(copies.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Copy bash code',
      'Copy js code',
      'Copy code',
    ]);
    expect(within(shown!).getByText('npm install liftoff').closest('li')).toBeTruthy();
    expect(within(shown!).getByText('run();').closest('blockquote')).toBeTruthy();
    await user.click(copies[1]!);
    expect(await navigator.clipboard.readText()).toBe('run();');
    await within(shown!).findByRole('button', { name: 'Code copied' });
    expect(shown!.querySelector('script, img')).toBeNull();
    expect((window as { ran?: boolean }).ran).toBeUndefined();
  });
});
