import type { ChatHistoryItem, ChatSession, SearchHit } from '@liftoff/contracts/ai';
import { aiMessages } from '@liftoff/contracts/ai';

/**
 * The AI API as the web app meets it over fetch, in memory, for tests that render through the real store: the
 * same paths, envelopes, paging (newest activity first, `lastPage` at least 1) and defaults as the API. Failures
 * are switched on per request with `failWhile`.
 */

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const ok = (message: string, data: unknown) => json(200, { message, data });

export type FakeRequest = { method: string; path: string; params: URLSearchParams; body: unknown };

function pageOf<T>(all: T[], params: URLSearchParams, defaultSize: number) {
  const pageNo = Number(params.get('pageNo') ?? 1);
  const pageSize = Number(params.get('pageSize') ?? defaultSize);
  return {
    items: all.slice((pageNo - 1) * pageSize, pageNo * pageSize),
    total: all.length,
    pageNo,
    pageSize,
    lastPage: Math.max(1, Math.ceil(all.length / pageSize)),
  };
}

/** The whole numbers from `from` to `to`. */
export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Conversation n of a list: "Conversation 001" is the most recently active. */
export function sessionNamed(n: number, over: Partial<ChatSession> = {}): ChatSession {
  const at = new Date(Date.UTC(2030, 0, 1) - n * 60_000).toISOString();
  return {
    conversationId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Conversation ${String(n).padStart(3, '0')}`,
    isArchived: false,
    createdAt: at,
    lastActivityAt: at,
    ...over,
  };
}

export const titlesOf = (numbers: number[]) => numbers.map((n) => sessionNamed(n).title);

/** One message of a history page, complete unless `over` says otherwise. */
export function historyItem(
  over: Partial<ChatHistoryItem> & Pick<ChatHistoryItem, 'id' | 'role'>,
): ChatHistoryItem {
  return {
    content: `text ${over.id}`,
    createdAt: '2030-01-01T00:00:00.000Z',
    feedback: null,
    status: 'COMPLETE',
    error: null,
    fallback: null,
    followUpQuestions: [],
    sources: [],
    messageId: null,
    responseId: null,
    versions: [],
    ...over,
  };
}

/** A conversation's messages, oldest first: question and answer in turn, ids `<prefix>-m<n>`. */
export function messagesOf(prefix: string, count: number): ChatHistoryItem[] {
  return Array.from({ length: count }, (_, i) => {
    const role = i % 2 === 0 ? 'user' : 'assistant';
    const id = `${prefix}-m${i + 1}`;
    return historyItem({
      id,
      role,
      content: `Message ${i + 1} of ${prefix}`,
      createdAt: new Date(Date.UTC(2030, 0, 1, 0, i)).toISOString(),
      messageId: role === 'assistant' ? `${prefix}-m${i}` : null,
      responseId: role === 'assistant' ? id : null,
    });
  });
}

export function createFakeAiServer(options: {
  sessions?: ChatSession[];
  history?: Record<string, ChatHistoryItem[]>;
  hits?: SearchHit[];
}) {
  let sessions = [...(options.sessions ?? [])];
  const history = options.history ?? {};
  const hits = options.hits ?? [];
  const requests: FakeRequest[] = [];
  const failures = new Set<{ when: (request: FakeRequest) => boolean; status: number; body: unknown }>();
  let clock = Date.UTC(2030, 0, 2);

  const byActivity = (list: ChatSession[]) =>
    [...list].sort((a, b) => b.lastActivityAt.localeCompare(a.lastActivityAt));
  const find = (id: string) => sessions.find((s) => s.conversationId === id);
  const update = (id: string, change: Partial<ChatSession>) => {
    const session = find(id);
    if (!session) return null;
    Object.assign(session, change);
    return { ...session };
  };
  const notFound = () => json(404, { message: 'We could not find that conversation.', statusCode: 404 });
  const listed = (archived: boolean, params: URLSearchParams) => {
    const search = params.get('search')?.toLowerCase();
    return byActivity(
      sessions.filter(
        (s) => s.isArchived === archived && (!search || s.title.toLowerCase().includes(search)),
      ),
    );
  };

  function answer({ method, path, params, body }: FakeRequest): Response {
    const route = `${method} ${path}`;
    if (route === 'GET /api/ai/capabilities') {
      return ok(aiMessages.capabilities, {
        chatModel: { provider: 'offline', model: 'offline-coach', offline: true },
        tts: { engine: null },
        stt: { engine: null, basic: false, formats: [] },
      });
    }
    if (route === 'GET /api/ai/chat-sessions')
      return ok(aiMessages.sessions, pageOf(listed(false, params), params, 20));
    if (route === 'GET /api/ai/chat-sessions/archived')
      return ok(aiMessages.archived, pageOf(listed(true, params), params, 20));
    if (route === 'POST /api/ai/chat-sessions/bulk') {
      const { action, ids } = body as { action: 'archive' | 'delete'; ids: string[] };
      const affected = ids.filter((id) => find(id)).length;
      if (action === 'delete') sessions = sessions.filter((s) => !ids.includes(s.conversationId));
      else for (const id of ids) update(id, { isArchived: true });
      const message = action === 'delete' ? aiMessages.sessionsDeleted : aiMessages.sessionsArchived;
      return ok(message, { action, affected });
    }
    if (route === 'GET /api/ai/chat-history/search') {
      const query = params.get('query') ?? '';
      const matching = hits.filter((hit) => hit.snippet.toLowerCase().includes(query.toLowerCase()));
      return ok(aiMessages.search, pageOf(matching, params, 50));
    }
    const historyOf = /^\/api\/ai\/chat-history\/([^/]+)$/.exec(path);
    if (historyOf && method === 'GET') {
      const session = find(historyOf[1]!);
      if (!session) return notFound();
      // Page 1 is the newest; each page is oldest first.
      const newestFirst = [...(history[session.conversationId] ?? [])].reverse();
      const page = pageOf(newestFirst, params, 50);
      return ok(aiMessages.history, { ...page, conversation: session, items: page.items.reverse() });
    }
    const one = /^\/api\/ai\/chat-sessions\/([^/]+?)(\/archive|\/unarchive)?$/.exec(path);
    if (one) {
      const id = one[1]!;
      const session = find(id);
      if (!session) return notFound();
      if (method === 'GET' && !one[2]) return ok(aiMessages.session, session);
      if (method === 'DELETE' && !one[2]) {
        sessions = sessions.filter((s) => s.conversationId !== id);
        return ok(aiMessages.sessionDeleted, {});
      }
      if (method === 'PUT' && !one[2]) {
        const { title } = body as { title: string };
        return ok(aiMessages.sessionUpdated, update(id, { title }));
      }
      if (method === 'PUT' && one[2] === '/archive')
        return ok(aiMessages.sessionArchived, update(id, { isArchived: true }));
      if (method === 'PUT' && one[2] === '/unarchive') {
        // Restored: back at the top of the active list.
        clock += 60_000;
        const at = new Date(clock).toISOString();
        return ok(aiMessages.sessionRestored, update(id, { isArchived: false, lastActivityAt: at }));
      }
    }
    return json(404, { message: `No route ${route}`, statusCode: 404 });
  }

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://app');
    const text = typeof init.body === 'string' ? init.body : null;
    const request: FakeRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      params: url.searchParams,
      body: text ? JSON.parse(text) : null,
    };
    requests.push(request);
    for (const failure of failures) {
      if (failure.when(request)) return json(failure.status, failure.body);
    }
    return answer(request);
  };

  return {
    fetch,
    requests,
    /** The requests made to a path (method and query string), in order. */
    calls: (method: string, path: string) =>
      requests.filter((r) => r.method === method && r.path === path).map((r) => r.params),
    /** Active sessions as the server holds them, newest activity first. */
    active: () => listed(false, new URLSearchParams()),
    archived: () => listed(true, new URLSearchParams()),
    /**
     * Fails every request `when` matches until healed. Without a message the web app falls back to the spec's
     * wording (section 8); `message` stands for one the server words itself.
     */
    failWhile(when: (request: FakeRequest) => boolean, message?: string) {
      const failure = {
        when,
        status: 503,
        body: message ? { message, statusCode: 503 } : { statusCode: 503 },
      };
      failures.add(failure);
      return () => void failures.delete(failure);
    },
  };
}

export type FakeAiServer = ReturnType<typeof createFakeAiServer>;
