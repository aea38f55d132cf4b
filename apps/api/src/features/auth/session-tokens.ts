import { randomUUID } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { randomToken, sha256, type AccessTokens } from '../../lib/tokens.js';
import { refreshTokensRepository } from './repository.js';

/** The browser and address a call came from, kept with the session it opens or refreshes. */
export interface Client {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

/**
 * A session's tokens: a refresh-token family opened at sign-in (or sign-up, or the second factor), rotated
 * on every refresh and revoked as a whole at logout or on reuse of a rotated token.
 */
export function createSessionTokens(deps: { db: Db; config: Config; tokens: AccessTokens }) {
  const { db, config, tokens } = deps;

  /** Starts a session: a new refresh-token family and an access token bound to it. */
  async function issueSession(
    tx: DbOrTx,
    userId: string,
    twoFactorAuthenticated: boolean,
    familyId: string = randomUUID(),
    client: Client = {},
  ) {
    const refreshToken = randomToken();
    await refreshTokensRepository(tx).create({
      userId,
      familyId,
      tokenHash: sha256(refreshToken),
      twoFactorAuthenticated,
      userAgent: client.userAgent?.slice(0, 400) ?? null,
      ip: client.ip ?? null,
      expiresAt: new Date(Date.now() + config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
    });
    const token = await tokens.sign(userId, familyId, twoFactorAuthenticated);
    return { token, refreshToken };
  }

  return {
    issueSession,

    /** Rotates the refresh token; a token presented after its rotation revokes its whole family. */
    async refresh(
      refreshToken: string,
      client: Client = {},
    ): Promise<{ accessToken: string; refreshToken: string }> {
      const repository = refreshTokensRepository(db);
      const row = await repository.findByHash(sha256(refreshToken));
      const invalid = (message = 'Your session has ended. Please sign in again.') =>
        new AppError(401, 'TOKEN_INVALID', message);
      if (!row || row.revokedAt) throw invalid();
      if (row.expiresAt <= new Date())
        throw new AppError(401, 'TOKEN_EXPIRED', 'Your session has expired. Please sign in again.');
      // The rotation and its successor commit together: a concurrent use of the same token waits on the
      // rotation's row lock, finds it rotated, and its family revocation then sees (and revokes) the successor.
      const next = row.rotatedAt
        ? null
        : await db.transaction(async (tx) =>
            (await refreshTokensRepository(tx).markRotated(row.id))
              ? issueSession(tx, row.userId, row.twoFactorAuthenticated, row.familyId, client)
              : null,
          );
      if (!next) {
        await repository.revokeFamily(row.familyId);
        throw invalid('This session was signed out for your safety. Please sign in again.');
      }
      return { accessToken: next.token, refreshToken: next.refreshToken };
    },

    /** Ends the session of a refresh token, or of an access token (a client that logs out with its bearer). */
    async logout(token: string): Promise<void> {
      const repository = refreshTokensRepository(db);
      const row = await repository.findByHash(sha256(token));
      if (row) return repository.revokeFamily(row.familyId);
      let sessionId: string | null = null;
      try {
        sessionId = tokens.verify(token).sid;
      } catch {
        // Neither kind of token: there is no session to end, and logout answers the same.
      }
      if (sessionId) await repository.revokeFamily(sessionId);
    },
  };
}

export type SessionTokens = ReturnType<typeof createSessionTokens>;
