import { vi } from 'vitest';
import type { Notification } from '@liftoff/contracts/notifications';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const READ_AT = '2026-11-25T11:00:00.000Z';

/** The notifications API over `initial`, paged and filtered as the real one does. */
export function notificationsServer(initial: Notification[], { failList = false } = {}) {
  let items = [...initial];
  const requests: string[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app');
    const method = init?.method ?? 'GET';
    requests.push(`${method} ${url.pathname}${url.search}`);
    const unread = items.filter((n) => !n.readAt).length;
    if (url.pathname === '/api/notifications/unread-count')
      return json(200, { message: 'ok', data: { unread } });
    if (url.pathname === '/api/notifications') {
      if (failList)
        return json(503, { message: 'The server is busy.', statusCode: 503, code: 'INTERNAL_ERROR' });
      const page = Number(url.searchParams.get('page') ?? 1);
      const pageSize = Number(url.searchParams.get('pageSize') ?? 20);
      const shown = url.searchParams.get('unreadOnly') === 'true' ? items.filter((n) => !n.readAt) : items;
      return json(200, {
        message: 'ok',
        data: {
          notifications: shown.slice((page - 1) * pageSize, page * pageSize),
          total: shown.length,
          unread,
          page,
          pageSize,
        },
      });
    }
    if (url.pathname === '/api/notifications/read-all') {
      items = items.map((n) => ({ ...n, readAt: n.readAt ?? READ_AT }));
      return json(200, { message: 'All notifications marked read.', data: { updated: unread } });
    }
    const read = /^\/api\/notifications\/([^/]+)\/read$/.exec(url.pathname);
    if (read) {
      // As the API does: opening one marks every entry about its subject (its link) read.
      const link = items.find((n) => n.id === read[1])?.link;
      items = items.map((n) => (n.link === link ? { ...n, readAt: n.readAt ?? READ_AT } : n));
      return json(200, { message: 'ok', data: items.find((n) => n.id === read[1]) });
    }
    return json(404, { message: 'Not found', statusCode: 404, code: 'NOT_FOUND' });
  });
  return { fetchImpl, requests };
}
