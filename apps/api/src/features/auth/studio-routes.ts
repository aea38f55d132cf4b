import { peoplePage, peopleQuery, person, personRoleParams } from '@liftoff/contracts/auth';
import { envelope } from '@liftoff/contracts/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { principalOf } from '../../plugins/auth-guard.js';
import type { RolesService } from './roles-service.js';

const tags = ['studio'];

/** The studio's people and roles screen: admins only (the guard enforces it, with two-factor on). */
export async function authStudioRoutes(app: FastifyInstance, options: { roles: RolesService }) {
  const { roles } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admins = { roles: ['admin' as const] };

  r.get(
    '/api/studio/people',
    {
      config: admins,
      schema: {
        tags,
        summary: 'People and their roles, by e-mail, filtered by name, e-mail or role (admins)',
        querystring: peopleQuery,
        response: { 200: envelope(peoplePage) },
      },
    },
    async (request) => ok('People fetched successfully.', await roles.list(request.query)),
  );

  r.put(
    '/api/studio/people/:id/roles/:role',
    {
      config: admins,
      schema: {
        tags,
        summary: 'Grant a role (admins; audit-logged; granting a held role changes nothing)',
        params: personRoleParams,
        response: { 200: envelope(person) },
      },
    },
    async (request) => {
      const { id, role } = request.params;
      return ok('Role granted.', await roles.grant(principalOf(request).userId, id, role));
    },
  );

  r.delete(
    '/api/studio/people/:id/roles/:role',
    {
      config: { ...admins, errors: [409] },
      schema: {
        tags,
        summary: 'Remove a role (admins; audit-logged; not your own admin role)',
        params: personRoleParams,
        response: { 200: envelope(person) },
      },
    },
    async (request) => {
      const { id, role } = request.params;
      return ok('Role removed.', await roles.revoke(principalOf(request).userId, id, role));
    },
  );
}
