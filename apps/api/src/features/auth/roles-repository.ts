import type { PeopleQuery, Person, Role } from '@liftoff/contracts/auth';
import { and, arrayContains, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { isUuid } from './repository.js';
import { users } from './tables.js';

type UserRow = typeof users.$inferSelect;

export function toPerson(row: Pick<UserRow, keyof Person | 'createdAt'>): Person {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    roles: row.roles,
    twoFactorEnabled: row.twoFactorEnabled,
    createdAt: row.createdAt.toISOString(),
  };
}

const personColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  roles: users.roles,
  twoFactorEnabled: users.twoFactorEnabled,
  createdAt: users.createdAt,
};

/** Roles live on the user row, so every change to them is a write to `users` (decision 015's trigger sees it). */
export function rolesRepository(db: DbOrTx) {
  return {
    async find(id: string) {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select(personColumns).from(users).where(eq(users.id, id));
      return row;
    },
    async findByEmail(email: string) {
      const [row] = await db.select(personColumns).from(users).where(eq(users.email, email.toLowerCase()));
      return row;
    },
    /** Adds the role unless held; answers the row after, or undefined when there is no such person. */
    async grant(id: string, role: Role) {
      const [row] = await db
        .update(users)
        .set({
          roles: sql`case when ${role} = any(${users.roles}) then ${users.roles}
                          else array_append(${users.roles}, ${role}::text) end`,
          updatedAt: new Date(),
        })
        .where(eq(users.id, id))
        .returning(personColumns);
      return row;
    },
    async revoke(id: string, role: Role) {
      const [row] = await db
        .update(users)
        .set({ roles: sql`array_remove(${users.roles}, ${role}::text)`, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning(personColumns);
      return row;
    },
    async list(query: PeopleQuery) {
      const conditions: SQL[] = [];
      if (query.search) {
        const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(
          or(
            ilike(users.email, pattern),
            ilike(users.firstName, pattern),
            ilike(users.lastName, pattern),
            ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
          )!,
        );
      }
      if (query.role) conditions.push(arrayContains(users.roles, [query.role]));
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select(personColumns)
          .from(users)
          .where(where)
          .orderBy(asc(users.email))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ value: count() }).from(users).where(where),
      ]);
      return { rows, total: Number(total?.value ?? 0) };
    },
    async emails(ids: string[]): Promise<Map<string, string>> {
      const valid = ids.filter(isUuid);
      if (!valid.length) return new Map();
      const rows = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(users.id, valid));
      return new Map(rows.map((row) => [row.id, row.email]));
    },
    async withRole(role: Role) {
      return db
        .select(personColumns)
        .from(users)
        .where(arrayContains(users.roles, [role]))
        .orderBy(asc(users.email));
    },
  };
}
