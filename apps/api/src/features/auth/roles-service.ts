import type { PeoplePage, PeopleQuery, Person, Role } from '@liftoff/contracts/auth';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { AuditLog } from '../../plugins/audit.js';
import { rolesRepository, toPerson } from './roles-repository.js';

export type RolesService = ReturnType<typeof createRolesService>;

/**
 * Granting and removing roles, from the studio (an admin) or the command line (no actor). Each change is
 * written to the audit log in the same transaction, and only when something changed.
 */
export function createRolesService(deps: { db: Db; audit: AuditLog }) {
  const { db, audit } = deps;

  async function change(actorId: string | null, id: string, role: Role, kind: 'grant' | 'revoke') {
    return db.transaction(async (tx) => {
      const people = rolesRepository(tx);
      const before = await people.find(id);
      if (!before) throw notFound('Person not found');
      const after = kind === 'grant' ? await people.grant(id, role) : await people.revoke(id, role);
      if (after && after.roles.length !== before.roles.length) {
        await audit.record(
          {
            actorId,
            action: kind === 'grant' ? 'role.granted' : 'role.revoked',
            recordType: 'user',
            recordId: id,
            before: { email: before.email, roles: before.roles },
            after: { email: after.email, roles: after.roles },
          },
          tx,
        );
      }
      return toPerson(after ?? before);
    });
  }

  return {
    async list(query: PeopleQuery): Promise<PeoplePage> {
      const { rows, total } = await rolesRepository(db).list(query);
      return { people: rows.map(toPerson), total, page: query.page, pageSize: query.pageSize };
    },
    grant: (actorId: string | null, id: string, role: Role): Promise<Person> =>
      change(actorId, id, role, 'grant'),
    async revoke(actorId: string | null, id: string, role: Role): Promise<Person> {
      // An admin cannot lock themselves out of the studio; another admin (or the command line) can.
      if (actorId === id && role === 'admin')
        throw new AppError(409, 'CONFLICT', 'You cannot remove your own admin role. Ask another admin.');
      return change(actorId, id, role, 'revoke');
    },
    async findByEmail(email: string): Promise<Person | undefined> {
      const row = await rolesRepository(db).findByEmail(email);
      return row && toPerson(row);
    },
    async withRole(role: Role): Promise<Person[]> {
      return (await rolesRepository(db).withRole(role)).map(toPerson);
    },
  };
}
