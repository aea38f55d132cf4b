/**
 * What the OpenAPI document says about each operation, derived from the route itself so that every route,
 * including ones added later, is named and lists its error answers without anyone remembering to.
 */

import { admissionCounts } from '../admission.js';

/**
 * The errors the document can describe, each in the error envelope: client errors, and the server's answers a
 * caller can act on (a capability not set up, a service it depends on failing, too busy).
 */
export const errorStatuses = [400, 401, 403, 404, 409, 413, 415, 429, 501, 502, 503] as const;
export type ErrorStatus = (typeof errorStatuses)[number];
declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Client errors this route answers beyond those its configuration implies (see `errorAnswersFor`), for
     * the OpenAPI document: a 409 on a state conflict, a 401 from a public call that checks credentials.
     */
    errors?: ErrorStatus[];
  }
}

/** The parts of a route the derivations read. */
export interface RouteFacts {
  method: string;
  url: string;
  config?: {
    public?: boolean;
    allowUnverified?: boolean;
    allowPendingTwoFactor?: boolean;
    rateLimit?: unknown;
    errors?: readonly number[];
  } & Record<string, unknown>;
  schema?: {
    params?: unknown;
    querystring?: unknown;
    body?: unknown;
    consumes?: string[];
  } & Record<string, unknown>;
}

const words = (segment: string) =>
  segment
    .replace(/\(.*\)$/, '') // a parameter's regular expression
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());

/** The route's words: its path after `/api`, with each parameter as "by <name>". */
function routeWords(url: string): string[] {
  return url
    .replace(/^\/api(\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', ...words(segment.slice(1))] : words(segment)));
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A stable, readable name from the method and the path: `PATCH /api/user/update-user/:id` is
 * `patchUserUpdateUserById`. It changes only when the route does, so generated clients keep their names.
 */
export function operationIdFor(method: string, url: string): string {
  return method.toLowerCase() + routeWords(url).map(capitalize).join('');
}

/** A fallback summary for a route that gives none: "Get user milestone by id". */
export function summaryFor(method: string, url: string): string {
  return capitalize([method.toLowerCase(), ...routeWords(url)].join(' '));
}

/** Whether the auth guard checks this route's caller (auth-guard.ts `guarded`). */
export const isGuarded = (route: RouteFacts) =>
  route.url.startsWith('/api') && !route.url.startsWith('/api/docs') && !route.config?.public;

/** Methods whose bodies Fastify reads (DELETE too), so a wrong content type, a body too large or bad JSON can be answered. */
const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The client errors a route answers, from how it is configured:
 * - guarded (not `public`): 401 without a valid token; 403 always, since a personal API token that lacks the
 *   route's scope is refused on any of them (decision 065), besides the caller's standing (an unverified
 *   e-mail, a second factor not yet passed, or a `roles` requirement);
 * - any input (path, query or body): 400 listing the fields at fault; path parameters, or body fields that
 *   name a resource (`id`, `…Id`, `…Ids`): 404 (a resource that is not there or not the caller's);
 * - a method with a body: 413 (too large) and 415 (not JSON, or not the upload's type);
 * - the global per-IP limit unless the route opts out (`rateLimit: false`): 429;
 * - a call that waits for a place in an overloaded process (admission.ts): 503, which every such call also
 *   answers while the database is out of reach (plugins/errors.ts);
 * - plus whatever the route lists in `config.errors`.
 */
export function errorAnswersFor(route: RouteFacts, bodyFields: string[] = []): ErrorStatus[] {
  const config = route.config ?? {};
  const schema = route.schema ?? {};
  const answers = new Set<number>();
  if (isGuarded(route)) {
    answers.add(401);
    answers.add(403);
  }
  const takesBody = bodyMethods.has(route.method.toUpperCase());
  if (schema.params || schema.querystring || schema.body || takesBody || route.url.includes(':'))
    answers.add(400);
  if (schema.params || route.url.includes(':') || bodyFields.some((field) => /(^ids?$|Ids?$)/.test(field)))
    answers.add(404);
  if (takesBody) {
    answers.add(413);
    answers.add(415);
  }
  if (config.rateLimit !== false) answers.add(429);
  if (admissionCounts(route.url)) answers.add(503);
  for (const status of config.errors ?? []) answers.add(status);
  return errorStatuses.filter((status) => answers.has(status));
}
