import { asc, eq, sql } from 'drizzle-orm';
import { anyUuid } from '../../db/any-of.js';
import type { DbOrTx } from '../../db/client.js';
import { users } from './tables.js';

type Row = Pick<typeof users.$inferSelect, 'id' | 'email' | 'firstName' | 'lastName' | 'meta'>;
const columns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  meta: users.meta,
};

const toPerson = (row: Row) => ({
  id: row.id,
  email: row.email,
  name: [row.firstName, row.lastName].filter(Boolean).join(' ') || row.email,
  startup: typeof row.meta.startupName === 'string' ? row.meta.startupName : '',
});

/** People as other features show them (name, e-mail, startup), read in batches; composed in app.ts. */
export function peopleDirectory(db: DbOrTx) {
  return {
    async byIds(ids: string[]) {
      if (!ids.length) return [];
      return (await db.select(columns).from(users).where(anyUuid(users.id, ids))).map(toPerson);
    },
    async team() {
      const rows = await db
        .select(columns)
        .from(users)
        .where(sql`${users.roles} && array['manager', 'admin']::text[]`)
        .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email));
      return rows.map(toPerson);
    },
    async byEmail(email: string) {
      const [row] = await db.select(columns).from(users).where(eq(users.email, email.toLowerCase()));
      return row ? toPerson(row) : null;
    },
  };
}
