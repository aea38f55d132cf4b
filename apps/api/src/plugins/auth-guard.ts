import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';
import type { AccessTokens } from '../lib/tokens.js';

/** Who is calling, as far as access rules care. */
export interface Principal {
  userId: string;
  /** The session (refresh-token family) of the access token. */
  sessionId: string;
  email: string;
  verified: boolean;
  twoFactorEnabled: boolean;
  /** Whether this access token was issued after the second factor was passed. */
  twoFactorAuthenticated: boolean;
}

export interface PrincipalRecord {
  id: string;
  email: string;
  verified: boolean;
  twoFactorEnabled: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No credentials needed. */
    public?: boolean;
    /** An unverified user may call it (api-contract.md: `/auth/*` and `/feature-flags`). */
    allowUnverified?: boolean;
    /** A two-factor user who has not passed the second factor yet may call it. */
    allowPendingTwoFactor?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** The principal of an authorized route; the guard has already refused calls without one. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError(401, 'UNAUTHORIZED', 'Please sign in.');
  return request.principal;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : null;
}

/**
 * One hook guards every `/api` route unless the route is marked public (architecture.md, convention 4).
 * It checks the access token, loads the user's current standing, and applies the contract's holds.
 */
export const authGuardPlugin = fp(
  async (
    app: FastifyInstance,
    options: { tokens: AccessTokens; loadPrincipal: (userId: string) => Promise<PrincipalRecord | null> },
  ) => {
    app.decorateRequest('principal', null);
    async function authorize(request: FastifyRequest) {
      const config = request.routeOptions.config;
      // Unknown routes fall through to the 404 handler; public routes need nothing.
      const url = request.routeOptions.url;
      if (!url || !url.startsWith('/api') || url.startsWith('/api/docs') || config.public) return;
      const token = bearerToken(request);
      if (!token) throw new AppError(401, 'UNAUTHORIZED', 'Please sign in to continue.');
      const claims = options.tokens.verify(token);
      const record = await options.loadPrincipal(claims.sub);
      if (!record)
        throw new AppError(401, 'TOKEN_INVALID', 'Your session is not valid. Please sign in again.');
      request.principal = {
        userId: record.id,
        sessionId: claims.sid,
        email: record.email,
        verified: record.verified,
        twoFactorEnabled: record.twoFactorEnabled,
        twoFactorAuthenticated: claims.twoFactorAuthenticated,
      };
      if (!record.verified && !config.allowUnverified) {
        throw new AppError(403, 'EMAIL_NOT_VERIFIED', 'Please verify your e-mail address first.');
      }
      if (record.twoFactorEnabled && !claims.twoFactorAuthenticated && !config.allowPendingTwoFactor) {
        throw new AppError(403, 'TWO_FACTOR_REQUIRED', 'Please complete two-factor authentication first.');
      }
    }
    // preParsing: after the rate limits (onRequest) have counted the call, before any body is read.
    app.addHook('preParsing', async (request, _reply, payload) => {
      await authorize(request);
      return payload;
    });
  },
  { name: 'auth-guard', dependencies: ['db'] },
);
