import {
  accountMessages,
  checkResetLinkBody,
  checkResetLinkResult,
  tutorialMarkerBody,
  user,
  type CheckResetLinkResult,
  type User,
} from '@liftoff/contracts/auth';
import { envelope } from '@liftoff/contracts/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { ok } from '../../lib/envelope.js';
import { notFound } from '../../lib/errors.js';
import { sha256 } from '../../lib/tokens.js';
import { principalOf, type Principal } from '../../plugins/auth-guard.js';
import { codesRepository, toUser, usersRepository } from './repository.js';

export function createAccountService(db: Db) {
  return {
    /** Kept on the account, so a founder who signs in on another device does not get the tour again. */
    async setTutorialMarker(principal: Principal, completed: boolean): Promise<User> {
      const id = principal.userId;
      const users = usersRepository(db);
      const current = await users.findById(id);
      if (!current) throw notFound('User not found');
      // The first completion is the one kept; repeating it changes nothing.
      const tutorialCompletedAt = completed ? (current.tutorialCompletedAt ?? new Date()) : null;
      return toUser((await users.update(id, { tutorialCompletedAt }))!);
    },

    /** Whether a reset link can still set a password: not used, not replaced by a newer one, not expired. */
    async checkResetLink(token: string): Promise<CheckResetLinkResult> {
      const open = await codesRepository(db).findOpenByHash('PASSWORD_RESET', sha256(token));
      return { usable: Boolean(open && open.expiresAt > new Date()) };
    },
  };
}

/** The tutorial marker, kept on the account, and the reset link's check. */
export async function accountRoutes(app: FastifyInstance) {
  const service = createAccountService(app.db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const credentialLimit = { max: app.config.CREDENTIAL_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 };

  r.put(
    // The signed-in user's own marker, like /auth/me: there is no id to name, so nobody else's can be reached.
    '/api/auth/me/tutorial',
    {
      schema: {
        tags: ['user'],
        summary: 'Mark the product tour as finished (or offer it again); kept across devices',
        body: tutorialMarkerBody,
        response: { 200: envelope(user) },
      },
    },
    async (request) =>
      ok(
        accountMessages.tutorialMarker,
        await service.setTutorialMarker(principalOf(request), request.body.completed),
      ),
  );

  // A POST, so the link's token travels in the body and never in a logged URL.
  r.post(
    '/api/auth/check-reset-password-link',
    {
      config: { public: true, rateLimit: credentialLimit },
      schema: {
        tags: ['auth'],
        summary: 'Whether a password reset link can still be used (not used, replaced or expired)',
        security: [],
        body: checkResetLinkBody,
        response: { 200: envelope(checkResetLinkResult) },
      },
    },
    async (request) => ok(accountMessages.resetLinkChecked, await service.checkResetLink(request.body.token)),
  );
}
