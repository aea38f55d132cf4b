import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '@liftoff/contracts/auth';
import {
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenScope,
  type CreateApiTokenBody,
  type CreatedApiToken,
} from '@liftoff/contracts/integrations';
import type { Db } from '../../db/client.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { apiTokensRepository } from './tokens-repository.js';

/** How many working tokens one person may hold: enough for each tool they connect, not a leak in waiting. */
export const MAX_LIVE_TOKENS = 20;
/** A use is written at most once a minute per token; "last used" needs no finer grain. */
const TOUCH_INTERVAL_MS = 60_000;
const TEAM_ROLES: readonly Role[] = ['manager', 'admin'];

export const hashApiToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** What the guard learns from a token it was shown. */
export type ResolvedApiToken =
  | { status: 'valid'; tokenId: string; userId: string; scopes: ApiTokenScope[] }
  | { status: 'expired' | 'unknown' };

export type ApiTokensService = ReturnType<typeof createApiTokensService>;

export function createApiTokensService(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  const repo = apiTokensRepository(db);
  return {
    list: (userId: string): Promise<ApiToken[]> => repo.listFor(userId),

    async create(
      owner: { userId: string; roles: readonly Role[] },
      body: CreateApiTokenBody,
    ): Promise<CreatedApiToken> {
      // The cohort scope reads what only the program team may read; a founder's token could never use it.
      if (body.scopes.includes('cohort:read') && !owner.roles.some((role) => TEAM_ROLES.includes(role)))
        throw new AppError(
          403,
          'FORBIDDEN',
          'Only managers and admins may create a token that reads cohorts.',
          [{ path: 'scopes', message: 'cohort:read is for managers and admins' }],
        );
      const at = now();
      if ((await repo.countLive(owner.userId, at)) >= MAX_LIVE_TOKENS)
        throw conflict(`You hold ${MAX_LIVE_TOKENS} working tokens. Revoke one before creating another.`);
      const token = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
      const apiToken = await repo.insert({
        userId: owner.userId,
        name: body.name,
        scopes: [...new Set(body.scopes)],
        tokenHash: hashApiToken(token),
        hint: token.slice(0, API_TOKEN_PREFIX.length + 4),
        createdAt: at,
        expiresAt: new Date(at.getTime() + body.expiresInDays * 86_400_000),
      });
      return { token, apiToken };
    },

    async revoke(userId: string, id: string): Promise<ApiToken> {
      const revoked = await repo.revoke(userId, id, now());
      if (!revoked) throw notFound('No such token.');
      return revoked;
    },

    /** The token's owner and scopes when it works now; notes its use. */
    async resolve(token: string): Promise<ResolvedApiToken> {
      if (!token.startsWith(API_TOKEN_PREFIX)) return { status: 'unknown' };
      const row = await repo.findByHash(hashApiToken(token));
      if (!row || row.revokedAt) return { status: 'unknown' };
      const at = now();
      if (row.expiresAt <= at) return { status: 'expired' };
      await repo.touch(row.id, at, TOUCH_INTERVAL_MS);
      return { status: 'valid', tokenId: row.id, userId: row.userId, scopes: row.scopes };
    },
  };
}
