import type { Role } from '@liftoff/contracts/auth';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStudioRoute } from '../../src/plugins/auth-guard.js';
import { bearer } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { personWith } from '../helpers/team.js';

/**
 * Every /api route of the app, called as each kind of person, with the status its config says it must
 * answer. The expectations come from the routes' own config, so a route added later joins the walk with the
 * right expectations; the walk proves the one guard enforces them.
 */
interface Persona {
  name: string;
  roles: Role[];
  twoFactor: boolean;
  token?: string;
}

const UUID = '3f2b6c1e-8d4a-4e7b-9c2d-1a5f0e6b7c8d';
const fill = (url: string) =>
  url
    .replace(/:role\b/g, 'expert')
    .replace(/:[A-Za-z]+/g, UUID)
    .replace(/\*/g, 'x');

function expected(
  route: RouteOptions,
  persona: Persona | null,
): { status: number; code?: string } | 'allowed' {
  const config = (route.config ?? {}) as { public?: boolean; roles?: Role[] };
  if (config.public) return 'allowed';
  if (!persona) return { status: 401, code: 'UNAUTHORIZED' };
  if (config.roles && !config.roles.some((role) => persona.roles.includes(role)))
    return { status: 403, code: 'FORBIDDEN' };
  if (isStudioRoute(config.roles) && !persona.twoFactor)
    return { status: 403, code: 'TWO_FACTOR_SETUP_REQUIRED' };
  return 'allowed';
}

describe('every /api route × every kind of person', () => {
  const routes: RouteOptions[] = [];
  const personas: Persona[] = [
    { name: 'founder', roles: ['founder'], twoFactor: false },
    { name: 'expert', roles: ['expert'], twoFactor: false },
    { name: 'manager', roles: ['manager'], twoFactor: true },
    { name: 'admin', roles: ['admin'], twoFactor: true },
    { name: 'manager without two-factor', roles: ['manager'], twoFactor: false },
    { name: 'admin without two-factor', roles: ['admin'], twoFactor: false },
  ];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CONTENT_IMPORT: 'false' }, { onRoute: (route) => void routes.push(route) });
    for (const persona of personas)
      persona.token = (await personWith(t.app, persona.roles, { twoFactor: persona.twoFactor })).token;
  });
  afterAll(() => t?.close());

  // Called without a body, these end what the rest of the walk needs: disable-two-factor turns the caller's
  // two-factor off, and logout ends the caller's session (its access token is refused at once). They walk last.
  const last = (url: string) => ({ '/api/auth/disable-two-factor': 1, '/api/auth/logout': 2 })[url] ?? 0;
  const apiRoutes = () =>
    [...routes]
      .sort((a, b) => last(a.url) - last(b.url))
      .flatMap((route) =>
        (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({ method, route })),
      )
      .filter(
        ({ method, route }) =>
          route.url.startsWith('/api/') &&
          !route.url.startsWith('/api/docs') &&
          method !== 'HEAD' &&
          method !== 'OPTIONS',
      );

  it('sees the whole route table, studio routes included', () => {
    const keys = apiRoutes().map(({ method, route }) => `${method} ${route.url}`);
    for (const key of [
      'GET /api/auth/me',
      'GET /api/userProgram/programs',
      'POST /api/ai/chat/completion',
      'GET /api/studio/people',
      'PUT /api/studio/people/:id/roles/:role',
      'GET /api/studio/audit',
      'GET /api/expert-portal/availability',
      'PUT /api/expert-portal/availability',
      'GET /api/expert-portal/availability/preview',
      'GET /api/expert-portal/profile',
      'PUT /api/expert-portal/profile',
      'POST /api/expert-portal/profile/photo',
      // The expert portal's meetings and calendar feed, and the founder's answer to a proposal.
      'GET /api/expert-portal/meetings',
      'POST /api/expert-portal/meetings/:id/answer',
      'GET /api/expert-portal/meetings/:id/slots',
      'POST /api/expert-portal/meetings/:id/propose',
      'POST /api/expert-portal/meetings/:id/cancel',
      'PUT /api/expert-portal/meetings/:id/notes',
      'POST /api/expert/meetings/:id/proposal',
      'GET /api/expert-portal/calendar-feed',
      // Share links, and the public download of one file of a shared outcome.
      'POST /api/shares',
      'GET /api/preview/:token/files/:attachmentId',
      'POST /api/expert-portal/calendar-feed',
      'DELETE /api/expert-portal/calendar-feed',
      'GET /api/calendar-feeds/meetings.ics',
      'GET /api/studio/explore/source',
      'GET /api/studio/posts',
      'GET /api/studio/posts/:id',
      'POST /api/studio/posts',
      'PUT /api/studio/posts/:id',
      'POST /api/studio/posts/:id/publish',
      'POST /api/studio/posts/:id/unpublish',
      'POST /api/studio/posts/preview',
      'POST /api/studio/posts/images',
      'GET /api/explore/images/:name',
      'GET /api/studio/expert-answers',
      'PUT /api/studio/expert-answers/:id/promotion',
      'DELETE /api/studio/expert-answers/:id/promotion',
      'GET /api/feedback/mine',
      'GET /api/auth/sessions',
      'DELETE /api/auth/sessions/:sessionId',
      'POST /api/auth/sessions/sign-out-others',
      'GET /api/auth/backup-codes',
      'POST /api/auth/backup-codes/regenerate',
      'PUT /api/auth/me/tutorial',
      'POST /api/auth/check-reset-password-link',
      'POST /api/auth/email-change',
      'POST /api/auth/email-change/confirm',
      'POST /api/auth/account/delete',
      'GET /api/auth/account/export',
      // The studio's program authoring.
      'GET /api/studio/programs/:key/draft',
      'PUT /api/studio/programs/:key/draft',
      'POST /api/studio/programs/:key/publish',
      'GET /api/studio/programs/:key/versions',
      'GET /api/studio/programs/:key/versions/:version/export',
      'POST /api/studio/programs/import',
      // Startups: the founder's own, invitations to and from it, and the studio's view.
      'GET /api/startup',
      'POST /api/startup',
      'PATCH /api/startup',
      'POST /api/startup/invitations',
      'DELETE /api/startup/invitations/:invitationId',
      'GET /api/startup/invitations/received',
      'POST /api/startup/invitations/:invitationId/accept',
      'POST /api/startup/leave',
      'DELETE /api/startup/members/:userId',
      'PUT /api/startup/owner',
      'PUT /api/userStep/:id/answers/:key',
      'GET /api/studio/startups/:id',
      'POST /api/studio/startups/:id/invitations',
    ])
      expect(keys).toContain(key);
    expect(keys.length).toBeGreaterThan(50);
  });

  it('answers each person as the route config says: 401 anonymous, 403 FORBIDDEN without a listed role, 403 TWO_FACTOR_SETUP_REQUIRED on studio routes without two-factor', async () => {
    const refusals: Record<string, number> = {};
    for (const { method, route } of apiRoutes()) {
      const request = { method: method as 'GET', url: fill(route.url) };
      for (const persona of [null, ...personas]) {
        const res = await t.app.inject({
          ...request,
          headers: persona ? bearer(persona.token!) : {},
        });
        const want = expected(route, persona);
        const key = `${method} ${route.url} as ${persona?.name ?? 'anonymous'}`;
        const got = { key, status: res.statusCode, code: res.json<{ code?: string }>().code };
        expect(got.status, `${key}: ${res.body}`).toBeLessThan(500);
        if (want === 'allowed') {
          expect([401, 403], `${key}: ${res.body}`).not.toContain(got.status);
        } else {
          expect(got).toEqual({ key, ...want });
          refusals[want.code!] = (refusals[want.code!] ?? 0) + 1;
        }
      }
    }
    // The walk refused what it had to: every kind of refusal happened, on studio routes too.
    expect(refusals.UNAUTHORIZED).toBeGreaterThan(40);
    expect(refusals.FORBIDDEN).toBeGreaterThanOrEqual(3 * 4);
    expect(refusals.TWO_FACTOR_SETUP_REQUIRED).toBeGreaterThanOrEqual(1);
  }, 90_000); // every route for every standing: seconds alone, more on a busy machine
});
