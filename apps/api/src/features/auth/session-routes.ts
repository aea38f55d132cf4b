import {
  sessionIdParams,
  sessionMessages,
  signedInSession,
  signOutOthersResult,
  type SignedInSession,
} from '@liftoff/contracts/auth';
import { emptyObject, envelope } from '@liftoff/contracts/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { ok } from '../../lib/envelope.js';
import { notFound } from '../../lib/errors.js';
import { principalOf, type Principal } from '../../plugins/auth-guard.js';
import { deviceName } from './device.js';
import type { Client } from './service.js';
import { sessionsRepository } from './sessions-repository.js';

/** The browser and address of a call, as the app sees them (behind a trusted proxy, the forwarded address). */
export const clientOf = (request: FastifyRequest): Client => ({
  userAgent: request.headers['user-agent'],
  ip: request.ip,
});

export function createSessionsService(db: Db) {
  return {
    async list(principal: Principal): Promise<SignedInSession[]> {
      const rows = await sessionsRepository(db).listOpen(principal.userId);
      return rows.map((row) => ({
        id: row.familyId,
        device: deviceName(row.userAgent),
        place: row.ip,
        signedInAt: row.signedInAt.toISOString(),
        lastUsedAt: row.lastUsedAt.toISOString(),
        current: row.familyId === principal.sessionId,
      }));
    },
    /** The guard reads whether a session is open on every call, so its access tokens stop working at once. */
    async signOut(principal: Principal, sessionId: string): Promise<void> {
      if (!(await sessionsRepository(db).revoke(principal.userId, sessionId)))
        throw notFound('Session not found');
    },
    signOutOthers: (principal: Principal) =>
      sessionsRepository(db).revokeOthers(principal.userId, principal.sessionId),
  };
}

const tags = ['auth'];

/** The founder's signed-in sessions: where they are signed in, and signing any of them out. */
export async function sessionRoutes(app: FastifyInstance) {
  const service = createSessionsService(app.db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/auth/sessions',
    {
      schema: {
        tags,
        summary:
          'Your signed-in sessions, newest use first: device (from the browser), the IP address signed in from, and last use (to within 15 minutes)',
        response: { 200: envelope(z.array(signedInSession)) },
      },
    },
    async (request) => ok(sessionMessages.list, await service.list(principalOf(request))),
  );

  r.delete(
    '/api/auth/sessions/:sessionId',
    {
      schema: {
        tags,
        summary: 'Sign out one of your sessions; its access tokens are refused from the next call',
        params: sessionIdParams,
        response: { 200: envelope(z.object({})) },
      },
    },
    async (request) => {
      await service.signOut(principalOf(request), request.params.sessionId);
      return ok(sessionMessages.signOut, {});
    },
  );

  r.post(
    '/api/auth/sessions/sign-out-others',
    {
      schema: {
        tags,
        summary: 'Sign out every session but this one',
        body: emptyObject.nullish(),
        response: { 200: envelope(signOutOthersResult) },
      },
    },
    async (request) =>
      ok(sessionMessages.signOutOthers, { signedOut: await service.signOutOthers(principalOf(request)) }),
  );
}
