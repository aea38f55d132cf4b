import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import { migrationsDir } from '../lib/paths.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** Both drivers share Drizzle's PostgreSQL surface; code is written once against it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repositories take either, so a service can run several of them in one transaction. */
export type DbOrTx = Db | Tx;

/** Calls `onPayload` with each NOTIFY on `channel`; it has been called by the time the notifying statement resolves. */
export type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<void>;

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseConfig['kind'];
  /**
   * The embedded database only. PGlite runs in this process and delivers a committed NOTIFY to its listeners
   * before the commit resolves, so memory kept in step by it is exact (decision 015).
   */
  listen: Listen | null;
  close(): Promise<void>;
}

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    // An idle client that errors (server restart) must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder: migrationsDir });
    return { db, kind: 'postgres', listen: null, close: () => pool.end() };
  }
  if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  // PGlite runs one query or transaction at a time, so concurrent transactions are serialized.
  const client = config.dataDir ? new PGlite(config.dataDir) : new PGlite();
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: migrationsDir });
  const listen: Listen = async (channel, onPayload) => void (await client.listen(channel, onPayload));
  return { db, kind: 'pglite', listen, close: () => client.close() };
}
