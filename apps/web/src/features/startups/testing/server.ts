import { vi } from 'vitest';
import type { Startup, StartupInvitation, StartupMember } from '@liftoff/contracts/startups';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const failure = (status: number, message: string, details?: { path: string; message: string }[]) =>
  json(status, {
    message,
    statusCode: status,
    code: status === 400 ? 'VALIDATION_FAILED' : 'ERROR',
    details,
  });

export const member = (over: Partial<StartupMember> = {}): StartupMember => ({
  userId: 'u1',
  name: 'Erin Expert',
  email: 'erin@example.com',
  role: 'owner',
  joinedAt: '2026-10-01T09:00:00.000Z',
  ...over,
});

export const invitation = (over: Partial<StartupInvitation> = {}): StartupInvitation => ({
  id: 'i1',
  startupId: 's1',
  startupName: 'Compiler Labs',
  email: 'ben@example.com',
  status: 'PENDING',
  expiresAt: '2026-12-21T09:00:00.000Z',
  createdAt: '2026-12-07T09:00:00.000Z',
  ...over,
});

export const startupOf = (over: Partial<Startup> = {}): Startup => ({
  id: 's1',
  name: 'Compiler Labs',
  oneLiner: null,
  website: null,
  stage: 'Seed',
  industry: 'Deep tech',
  logoUrl: null,
  location: null,
  foundedOn: null,
  members: [member()],
  invitations: [],
  createdAt: '2026-10-01T09:00:00.000Z',
  updatedAt: '2026-10-01T09:00:00.000Z',
  ...over,
});

/**
 * The startup API over one startup (or none), checking what the real one checks that the screens rely on:
 * the name's length and the website's form, with the API's own per-field messages.
 */
export function startupServer(
  initial: Startup | null,
  { received = [] as StartupInvitation[], failGet = false } = {},
) {
  let startup = initial;
  let open = [...received];
  let version = 1;
  const requests: Array<{ method: string; path: string; body?: unknown }> = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app');
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    requests.push({ method, path: url.pathname, body });
    const touched = (next: Startup) => {
      startup = { ...next, updatedAt: new Date(Date.UTC(2026, 11, 7, 10, version++)).toISOString() };
      return startup;
    };
    const path = url.pathname;
    if (path === '/api/startup/invitations/received') return json(200, { message: 'ok', data: open });
    if (path === '/api/startup' && method === 'GET') {
      if (failGet) return failure(503, 'The server is busy.');
      return startup
        ? json(200, { message: 'ok', data: startup })
        : failure(404, 'You are not a member of a startup.');
    }
    if (path === '/api/startup' && method === 'PATCH' && startup) {
      const details = [];
      if (typeof body?.name === 'string' && body.name.trim().length > 120)
        details.push({ path: 'name', message: 'At most 120 characters' });
      if (typeof body?.website === 'string' && !/^https?:\/\//.test(body.website))
        details.push({ path: 'website', message: 'Use a full address starting with https://' });
      if (details.length)
        return failure(400, `Please check: ${details.map((d) => d.path).join(', ')}`, details);
      return json(200, { message: 'Startup updated successfully.', data: touched({ ...startup, ...body }) });
    }
    if (path === '/api/startup' && method === 'POST') {
      startup = startupOf({ name: String(body?.name), members: [member()] });
      return json(201, { message: 'Startup created successfully.', data: startup });
    }
    if (path === '/api/startup/invitations' && method === 'POST' && startup) {
      const sent = invitation({ id: `i${version}`, email: String(body?.email) });
      touched({ ...startup, invitations: [...startup.invitations, sent] });
      return json(201, { message: 'Invitation sent.', data: { invitation: sent, joined: false } });
    }
    const revoke = /^\/api\/startup\/invitations\/([^/]+)$/.exec(path);
    if (revoke && method === 'DELETE' && startup) {
      const gone = startup.invitations.find((i) => i.id === revoke[1])!;
      touched({ ...startup, invitations: startup.invitations.filter((i) => i.id !== revoke[1]) });
      return json(200, { message: 'Invitation revoked.', data: { ...gone, status: 'REVOKED' } });
    }
    const decline = /^\/api\/startup\/invitations\/([^/]+)\/decline$/.exec(path);
    if (decline) {
      const chosen = open.find((i) => i.id === decline[1])!;
      open = open.filter((i) => i.id !== chosen.id);
      return json(200, { message: 'Invitation declined.', data: { ...chosen, status: 'DECLINED' } });
    }
    const accept = /^\/api\/startup\/invitations\/([^/]+)\/accept$/.exec(path);
    if (accept) {
      const chosen = open.find((i) => i.id === accept[1])!;
      open = open.filter((i) => i.id !== chosen.id);
      startup = startupOf({
        id: chosen.startupId,
        name: chosen.startupName,
        members: [
          member({ userId: 'u9', name: 'Ada Owner', email: 'ada@example.com' }),
          member({ role: 'cofounder' }),
        ],
      });
      return json(200, { message: 'Joined the startup.', data: startup });
    }
    if (path === '/api/startup/leave') {
      startup = null;
      return json(200, { message: 'You left the startup.', data: {} });
    }
    const remove = /^\/api\/startup\/members\/([^/]+)$/.exec(path);
    if (remove && startup) {
      return json(200, {
        message: 'Member removed.',
        data: touched({ ...startup, members: startup.members.filter((m) => m.userId !== remove[1]) }),
      });
    }
    if (path === '/api/startup/owner' && startup) {
      const heir = String(body?.userId);
      return json(200, {
        message: 'Ownership handed on.',
        data: touched({
          ...startup,
          members: startup.members.map((m) => ({ ...m, role: m.userId === heir ? 'owner' : 'cofounder' })),
        }),
      });
    }
    return failure(404, 'Not found');
  });
  return { fetchImpl, requests, current: () => startup };
}
