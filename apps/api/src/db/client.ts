import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import type { Tracer } from '@opentelemetry/api';
import { context, inSpan, trace } from '../lib/tracing.js';
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
  /** The pool's connections now (PostgreSQL); the embedded database has no pool. */
  poolStats: (() => { total: number; idle: number; waiting: number }) | null;
  close(): Promise<void>;
}

type Query = (...args: never[]) => Promise<unknown>;

/**
 * Wraps a driver's `query` in a span per statement, the one place every query of both drivers passes (Drizzle's
 * own tracing hook is inert). The statement's text is kept (its values are parameters, never in the text); the
 * parameters are not.
 */
function traceQueries<T extends { query: Query }>(client: T, tracer: Tracer, system: string): T {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  client.query = ((...args: unknown[]) => {
    const first = args[0] as string | { text?: string };
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    // pg's callback form is Pool.query running the statement it already traced: left alone.
    if (typeof args[args.length - 1] === 'function') return query(...args);
    // Only statements of some traced work (a request, a mail being sent): the outbox worker's polls and the
    // migrations at start would otherwise each be a trace of their own.
    if (!trace.getSpan(context.active())) return query(...args);
    const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
    return inSpan(
      tracer,
      operation,
      { 'db.system.name': system, 'db.operation.name': operation, 'db.query.text': text.slice(0, 2000) },
      () => query(...args),
    );
  }) as T['query'];
  return client;
}

export async function openDatabase(
  config: DatabaseConfig,
  tracer: Tracer | null = null,
): Promise<DatabaseHandle> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    // An idle client that errors (server restart) must not crash the process.
    pool.on('error', () => {});
    // Statements go through Pool.query (which runs them on a client in pg's callback form, left alone) and,
    // in transactions, through a checked-out client's own query: both are traced, neither twice.
    if (tracer) {
      traceQueries(pool as never, tracer, 'postgresql');
      pool.on('connect', (client) => void traceQueries(client as never, tracer, 'postgresql'));
    }
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder: migrationsDir });
    return {
      db,
      kind: 'postgres',
      listen: null,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  // PGlite runs one query or transaction at a time, so concurrent transactions are serialized.
  const client = config.dataDir ? new PGlite(config.dataDir) : new PGlite();
  if (tracer) {
    traceQueries(client as never, tracer, 'pglite');
    // Drizzle runs a transaction's statements on the transaction object PGlite hands it, not on the client.
    const transaction = client.transaction.bind(client);
    client.transaction = ((work: (tx: never) => Promise<unknown>) =>
      transaction((tx) => work(traceQueries(tx as never, tracer, 'pglite')))) as typeof client.transaction;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: migrationsDir });
  const listen: Listen = async (channel, onPayload) => void (await client.listen(channel, onPayload));
  return { db, kind: 'pglite', listen, poolStats: null, close: () => client.close() };
}
