import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * `column = any($1::uuid[])` with the ids as one array parameter. `inArray` binds one parameter per id;
 * for the hundreds of founders of a cohort that costs more to bind and plan than the query costs to run,
 * most of all on the embedded database. The ids must be uuids (they come from the database).
 */
export function anyUuid(column: AnyColumn, ids: string[]): SQL {
  return sql`${column} = any(${`{${ids.join(',')}}`}::uuid[])`;
}
