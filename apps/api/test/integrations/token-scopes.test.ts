import { apiTokenScopes, type ApiTokenScope } from '@liftoff/contracts/integrations';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { personWith } from '../helpers/team.js';

/**
 * Every guarded /api route, called with personal API tokens of an admin (two-factor on, so no role or
 * two-factor rule is what refuses them): a token without the scope the route declares is refused with 403,
 * on every route; a token with it gets past the guard. The scopes come from the routes' own config, so a
 * route added later joins the walk.
 */
const UUID = '3f2b6c1e-8d4a-4e7b-9c2d-1a5f0e6b7c8d';
const fill = (url: string) =>
  url
    .replace(/:role\b/g, 'expert')
    .replace(/:[A-Za-z]+/g, UUID)
    .replace(/\*/g, 'x');

describe('every guarded /api route × API token scopes', () => {
  const routes: RouteOptions[] = [];
  let t: TestApp;
  /** For each scope, a token holding only it; and one per scope holding every other scope. */
  const only = {} as Record<ApiTokenScope, string>;
  const allBut = {} as Record<ApiTokenScope, string>;
  let everyScope = '';
  beforeAll(async () => {
    t = await createTestApp(
      { CONTENT_IMPORT: 'false', API_TOKEN_RATE_LIMIT_PER_MINUTE: '100000' },
      { onRoute: (route) => void routes.push(route) },
    );
    const admin = await personWith(t.app, ['admin']);
    const create = async (scopes: ApiTokenScope[]) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/integrations/tokens',
        headers: bearer(admin.token),
        payload: { name: scopes.join(' '), scopes, expiresInDays: 1 },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.token as string;
    };
    for (const scope of apiTokenScopes) {
      only[scope] = await create([scope]);
      allBut[scope] = await create(apiTokenScopes.filter((s) => s !== scope));
    }
    everyScope = await create([...apiTokenScopes]);
  });
  afterAll(() => t?.close());

  const guardedRoutes = () =>
    routes
      .flatMap((route) =>
        (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({ method, route })),
      )
      .filter(
        ({ method, route }) =>
          route.url.startsWith('/api/') &&
          !route.url.startsWith('/api/docs') &&
          !(route.config as { public?: boolean } | undefined)?.public &&
          method !== 'HEAD' &&
          method !== 'OPTIONS',
      );
  const scopeOf = (route: RouteOptions) => (route.config as { scope?: ApiTokenScope } | undefined)?.scope;

  it('finds the routes that declare each scope', () => {
    const scoped = guardedRoutes()
      .filter(({ route }) => scopeOf(route))
      .map(({ method, route }) => `${method} ${route.url} ${scopeOf(route)}`);
    expect(scoped).toEqual(
      expect.arrayContaining([
        'GET /api/userProgram/programs progress:read',
        'GET /api/userMission/:id progress:read',
        'PUT /api/userStep/:id/worksheet worksheets:write',
        'GET /api/studio/cohorts/:cohortId/dashboard cohort:read',
      ]),
    );
    expect(guardedRoutes().length).toBeGreaterThan(100);
  });

  it('refuses a token without the route’s scope on every route, and lets one with it past the guard', async () => {
    let refused = 0;
    let admitted = 0;
    for (const { method, route } of guardedRoutes()) {
      const scope = scopeOf(route);
      const call = (token: string) =>
        t.app.inject({ method: method as 'GET', url: fill(route.url), headers: bearer(token) });
      const key = `${method} ${route.url}`;
      // Without a scope of its own, no token may call the route, even one holding every scope.
      const without = await call(scope ? allBut[scope] : everyScope);
      expect({ key, status: without.statusCode, code: without.json().code }).toEqual({
        key,
        status: 403,
        code: 'FORBIDDEN',
      });
      refused += 1;
      if (!scope) continue;
      const withScope = await call(only[scope]);
      expect(withScope.statusCode, `${key}: ${withScope.body}`).toBeLessThan(500);
      expect([401, 403], `${key}: ${withScope.body}`).not.toContain(withScope.statusCode);
      admitted += 1;
    }
    expect(refused).toBeGreaterThan(100);
    expect(admitted).toBeGreaterThanOrEqual(14);
  }, 90_000); // every guarded route twice: seconds alone, more on a busy machine
});
