import type { Role, User } from '@liftoff/contracts/auth';
import { API_TOKEN_PREFIX, type ApiTokenScope } from '@liftoff/contracts/integrations';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, tooManyRequests } from '../lib/errors.js';
import type { AccessClaims, AccessTokens } from '../lib/tokens.js';

/**
 * A caller's standing as the guard reads it on every authorized call: one prepared statement, which returns
 * nothing when the user is gone or the token's session was closed. A new column the guard needs is one line
 * here, one in the auth repository's `standingColumns`, and one where the record and the `Principal` are built.
 *
 * Both are built by naming each field, never by rest and spread from the row: built that way from its 14
 * columns, they came out large and outlived the young generation's collections on every call. On
 * `GET /api/auth/me` that was about 1.7 KB per request promoted to the old generation and freed only by full
 * collections (V8's sampling heap profiler). Without it the server's CPU per request fell by 2–16 % (decision 053).
 */
export interface PrincipalRecord {
  id: string;
  email: string;
  verified: boolean;
  twoFactorEnabled: boolean;
  roles: Role[];
  /** The startup the caller is a member of (whose program they work), null when in none (decision 063). */
  startupId: string | null;
  /** The signed-in user as `/auth/me` answers it, from the same read. Shared; never modify it. */
  user: User;
}

/** Who is calling, as far as access rules care. */
export type Principal = Omit<PrincipalRecord, 'id'> & {
  userId: string;
  /** The session (refresh-token family) of the access token; for an API token, `api-token:<its id>`. */
  sessionId: string;
  /** Whether this access token was issued after the second factor was passed (always, for an API token). */
  twoFactorAuthenticated: boolean;
  /** Set when the caller came with a personal API token rather than a session. */
  apiToken: { id: string; scopes: ApiTokenScope[] } | null;
};

/** What the guard needs to know about a personal API token it was shown (app.ts reads it from integrations). */
export type ApiTokenStanding =
  | { status: 'valid'; tokenId: string; scopes: ApiTokenScope[]; record: PrincipalRecord }
  | { status: 'expired' | 'unknown' };

export const isApiToken = (token: string) => token.startsWith(API_TOKEN_PREFIX);

/** The program team's roles: a route open only to them is a studio route, which needs two-factor on. */
const TEAM_ROLES: readonly Role[] = ['manager', 'admin'];
export const isStudioRoute = (roles: readonly Role[] | undefined) =>
  Boolean(roles?.length) && roles!.every((role) => TEAM_ROLES.includes(role));

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No credentials needed. */
    public?: boolean;
    /** An unverified user may call it (api-contract.md: `/auth/*` and `/feature-flags`). */
    allowUnverified?: boolean;
    /** A two-factor user who has not passed the second factor yet may call it. */
    allowPendingTwoFactor?: boolean;
    /**
     * The handler awaits `authorized(request)` itself, before anything it does has an effect: it may read the
     * caller's own data (by `claimedUserId`) while their standing is being loaded. For calls where that load
     * would otherwise delay something a founder waits for (the coach's first token).
     */
    authorizeInHandler?: boolean;
    /**
     * Who may call it: the caller must hold one of these roles (403 FORBIDDEN otherwise). A route open only to
     * `manager`/`admin` is a studio route and also needs two-factor on (403 TWO_FACTOR_SETUP_REQUIRED).
     * Without it, any signed-in person may call the route.
     */
    roles?: Role[];
    /**
     * The one API token scope that lets a personal API token call this route. A token may call only routes
     * that declare a scope it holds (403 FORBIDDEN otherwise); the other rules above apply to it too.
     */
    scope?: ApiTokenScope;
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** Settles once the caller's standing is loaded and checked; rejects with the 401 or 403 it earned. */
    authorization: Promise<Principal> | null;
    /** The user id of a validly signed access token, known before the user's standing is loaded. */
    claimedUserId: string | null;
    /** Set once the guard has let the call on to its handler with its authorization still pending. */
    authorizationDeferred: boolean;
  }
}

/** The principal of an authorized route; the guard has already refused calls without one. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError(401, 'UNAUTHORIZED', 'Please sign in.');
  return request.principal;
}

/**
 * For routes with `authorizeInHandler`: the caller's principal once their standing is checked. The handler
 * must await it before anything it does has an effect.
 */
export function authorized(request: FastifyRequest): Promise<Principal> {
  if (!request.authorization) throw new AppError(401, 'UNAUTHORIZED', 'Please sign in.');
  return request.authorization;
}

/** For routes with `authorizeInHandler`: whose own data the handler may read before `authorized` settles. */
export function claimedUserId(request: FastifyRequest): string {
  if (!request.claimedUserId) throw new AppError(401, 'UNAUTHORIZED', 'Please sign in.');
  return request.claimedUserId;
}

/**
 * The error a request should answer with: a failed authorization wins over whatever the request failed with
 * after the guard let it on (its body's validation, say), so a caller who may not call a route never learns
 * more than before. What the earlier hooks refuse (rate limits, a feature that is off) stays as it was.
 */
export async function authorizationFailure(request: FastifyRequest): Promise<unknown> {
  if (!request.authorization || !request.authorizationDeferred) return null;
  return request.authorization.then(
    () => null,
    (failure: unknown) => failure,
  );
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : null;
}

/**
 * One hook guards every `/api` route unless the route is marked public (architecture.md, convention 4).
 * It checks the access token, loads the user's current standing and whether the token's session is still open
 * (one read), and applies the contract's holds.
 */
export const authGuardPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      tokens: AccessTokens;
      loadPrincipal: (userId: string, sessionId: string) => Promise<PrincipalRecord | null>;
      /** Personal API tokens; without it every token that is not a session's is refused as invalid. */
      apiTokens?: {
        resolve: (token: string) => Promise<ApiTokenStanding>;
        /** Calls each token may make per minute, on top of the per-IP limit. */
        perMinute: number;
      };
    },
  ) => {
    app.decorateRequest('principal', null);
    app.decorateRequest('authorization', null);
    app.decorateRequest('claimedUserId', null);
    app.decorateRequest('authorizationDeferred', false);
    async function loadStanding(request: FastifyRequest, claims: AccessClaims): Promise<Principal> {
      const record = await options.loadPrincipal(claims.sub, claims.sid);
      if (!record)
        throw new AppError(401, 'TOKEN_INVALID', 'Your session is not valid. Please sign in again.');
      return admit(request, record, claims.sid, claims.twoFactorAuthenticated, null);
    }
    async function loadTokenStanding(request: FastifyRequest, token: string): Promise<Principal> {
      const standing = options.apiTokens
        ? await options.apiTokens.resolve(token)
        : ({ status: 'unknown' } as const);
      if (standing.status === 'expired')
        throw new AppError(401, 'TOKEN_EXPIRED', 'This API token has expired. Create a new one.');
      if (standing.status !== 'valid')
        throw new AppError(401, 'TOKEN_INVALID', 'This API token is not valid. It may have been revoked.');
      // Counted per token, so one integration that loops cannot use up what its owner's other tools share.
      const hit = await app.limiter.hit(`api-token:${standing.tokenId}`, options.apiTokens!.perMinute, 60);
      if (!hit.allowed)
        throw tooManyRequests(hit.retryAfterSeconds, 'Too many calls with this API token. Slow down.');
      const scope = request.routeOptions.config.scope;
      if (!scope || !standing.scopes.includes(scope))
        throw new AppError(
          403,
          'FORBIDDEN',
          scope
            ? `This API token may not call this: it needs the ${scope} scope.`
            : 'API tokens may not call this. Sign in to do it.',
        );
      // A token is created from a session that passed every factor; it stands for that person while it lives.
      return admit(request, standing.record, `api-token:${standing.tokenId}`, true, {
        id: standing.tokenId,
        scopes: standing.scopes,
      });
    }
    function admit(
      request: FastifyRequest,
      record: PrincipalRecord,
      sessionId: string,
      twoFactorAuthenticated: boolean,
      apiToken: Principal['apiToken'],
    ): Principal {
      const config = request.routeOptions.config;
      // Field by field: see `PrincipalRecord`.
      const principal: Principal = {
        userId: record.id,
        email: record.email,
        verified: record.verified,
        twoFactorEnabled: record.twoFactorEnabled,
        roles: record.roles,
        startupId: record.startupId,
        user: record.user,
        sessionId,
        twoFactorAuthenticated,
        apiToken,
      };
      if (!record.verified && !config.allowUnverified) {
        throw new AppError(403, 'EMAIL_NOT_VERIFIED', 'Please verify your e-mail address first.');
      }
      if (record.twoFactorEnabled && !twoFactorAuthenticated && !config.allowPendingTwoFactor) {
        throw new AppError(403, 'TWO_FACTOR_REQUIRED', 'Please complete two-factor authentication first.');
      }
      const roles = config.roles;
      if (roles && !roles.some((role) => record.roles.includes(role))) {
        throw new AppError(403, 'FORBIDDEN', 'You do not have access to this.');
      }
      // Checked after the roles, so a founder learns nothing about what the studio asks of its team.
      if (isStudioRoute(roles) && !record.twoFactorEnabled) {
        throw new AppError(
          403,
          'TWO_FACTOR_SETUP_REQUIRED',
          'Turn on two-factor authentication in your profile to open the studio.',
        );
      }
      request.principal = principal;
      return principal;
    }
    const guarded = (request: FastifyRequest) => {
      // Unknown routes fall through to the 404 handler; public routes need nothing.
      const url = request.routeOptions.url;
      return Boolean(
        url && url.startsWith('/api') && !url.startsWith('/api/docs') && !request.routeOptions.config.public,
      );
    };
    const startAuthorization = (request: FastifyRequest, claims: AccessClaims) => {
      request.claimedUserId = claims.sub;
      request.authorization = loadStanding(request, claims);
      // Awaited by the guard below, by the handler, or by the error handler when the call fails first.
      request.authorization.catch(() => {});
    };
    // For a route that authorizes in its handler, the standing starts loading as the call arrives, so the
    // other request hooks (the rate limits, which may ask Redis) overlap the read. It only reads; a call with
    // no valid token is left to preParsing, after the rate limits have counted it.
    app.addHook('onRequest', async (request) => {
      if (!request.routeOptions.config.authorizeInHandler || !guarded(request)) return;
      const token = bearerToken(request);
      // An API token is resolved in preParsing: resolving it counts and records its use.
      if (!token || isApiToken(token)) return;
      let claims: AccessClaims;
      try {
        claims = options.tokens.verify(token);
      } catch {
        return; // refused in preParsing, once counted
      }
      startAuthorization(request, claims);
    });
    // preParsing: after the rate limits (onRequest) have counted the call, before any body is read (a route
    // that authorizes in its handler reads its body while the standing loads).
    app.addHook('preParsing', async (request, _reply, payload) => {
      if (!guarded(request)) return payload;
      if (!request.authorization) {
        // The token itself is checked here, in this process: without a valid one nothing else happens.
        const token = bearerToken(request);
        if (!token) throw new AppError(401, 'UNAUTHORIZED', 'Please sign in to continue.');
        if (isApiToken(token)) {
          request.authorization = loadTokenStanding(request, token);
          request.authorization.catch(() => {});
        } else startAuthorization(request, options.tokens.verify(token));
      }
      // Only a session's token names its user before the standing loads; an API token's call waits here.
      if (!request.routeOptions.config.authorizeInHandler || !request.claimedUserId)
        await request.authorization;
      else request.authorizationDeferred = true;
      return payload;
    });
  },
  { name: 'auth-guard', dependencies: ['db'] },
);
