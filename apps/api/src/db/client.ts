import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import type { Tracer } from '@opentelemetry/api';
import { inLeafSpan, inRecordedTrace } from '../lib/tracing.js';
import type { DatabaseConfig } from '../config.js';
import { migrationsDir } from '../lib/paths.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** Both drivers share Drizzle's PostgreSQL surface; code is written once against it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repositories take either, so a service can run several of them in one transaction. */
export type DbOrTx = Db | Tx;

/**
 * Runs SQL given as text, for a library that brings its own statements (the job queue): with values, one
 * statement; without, a script of several.
 */
export type RawSql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

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
  rawSql: RawSql;
  /** Ends the start-up (migrations, content imports, seeds) that instances of one database take turns at. */
  startedUp(): Promise<void>;
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
    // Only statements of some kept trace (a request, a mail being sent): the outbox worker's polls and the
    // migrations at start would otherwise each be a trace of their own.
    if (!inRecordedTrace()) return query(...args);
    const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
    return inLeafSpan(
      tracer,
      operation,
      { 'db.system.name': system, 'db.operation.name': operation, 'db.query.text': text.slice(0, 2000) },
      () => query(...args),
    );
  }) as T['query'];
  return client;
}

/** Well under the 5 s a request may take during a database outage, well over a healthy connect (a few ms). */
const PG_CONNECT_TIMEOUT_MS = 3000;

/** Any fixed number: the key of the advisory lock that lets one instance at a time start up. */
const STARTUP_LOCK = 7_241_070_313;

/**
 * Instances started together on one PostgreSQL (a deploy, a scale-out) would otherwise apply the same
 * migrations and import the same content at once, and all but one fail on rows that already exist. A
 * session-level advisory lock, held on a connection of its own from before the migrations until the app is
 * ready, makes them take turns: the first does the work, the next find nothing left to do.
 */
async function takeStartupLock(pool: pg.Pool): Promise<() => Promise<void>> {
  const client = await pool.connect();
  await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
  let held = true;
  return async () => {
    if (!held) return;
    held = false;
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {});
    client.release();
  };
}

/**
 * PGlite runs each statement on this thread. Started freely, the statements of every call at work ran back to
 * back in one turn of the event loop: under load a turn took 150–250 ms, and the loop took in about one new
 * connection a turn. Calls then waited unseen in the kernel's accept queue, before the admission's bound
 * could count them (7–14 s at 200 founders in `bench/founder-load.mjs`; decision 045). Each statement and
 * transaction therefore starts on a turn of its own, in the order asked: between two, the loop accepts
 * connections, reads calls, fires timers, and the admission refuses what it cannot take in time. Nothing is
 * held while a statement runs, so a statement asked for inside a transaction cannot wait on it.
 */
function oneStatementStartPerTurn(client: PGlite) {
  const starts: Array<() => void> = [];
  const startNext = () => {
    starts.shift()?.();
    if (starts.length) setImmediate(startNext);
  };
  const turn = () =>
    new Promise<void>((resolve) => {
      if (starts.push(resolve) === 1) setImmediate(startNext);
    });
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<typeof query>) => {
    await turn();
    return query(...args);
  }) as typeof client.query;
  client.transaction = (async (...args: Parameters<typeof transaction>) => {
    await turn();
    return transaction(...args);
  }) as typeof client.transaction;
}

/**
 * Opens the database and applies the migrations. `holdStartup` (the app) keeps the start-up lock until
 * `startedUp()`, so its content imports and seeds are done in turn too; a command-line tool lets go of it at once.
 */
export async function openDatabase(
  config: DatabaseConfig,
  { holdStartup = false, tracer = null }: { holdStartup?: boolean; tracer?: Tracer | null } = {},
): Promise<DatabaseHandle> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: 10,
      // pg waits for a connection forever by default: with the server down or restarting, a request would hang
      // instead of answering 503 (plugins/errors.ts). This bounds both making a connection and waiting for a
      // free one of the pool.
      connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
      // A server gone without closing its sockets (a host lost, a network cut) is noticed rather than waited on.
      keepAlive: true,
    });
    // An idle client that errors (server restart) must not crash the process.
    pool.on('error', () => {});
    // Statements go through Pool.query (which runs them on a client in pg's callback form, left alone) and,
    // in transactions, through a checked-out client's own query: both are traced, neither twice.
    if (tracer) {
      traceQueries(pool as never, tracer, 'postgresql');
      pool.on('connect', (client) => void traceQueries(client as never, tracer, 'postgresql'));
    }
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const startedUp = await takeStartupLock(pool);
    try {
      await migratePg(db as never, { migrationsFolder: migrationsDir });
    } catch (error) {
      await startedUp();
      throw error;
    }
    if (!holdStartup) await startedUp();
    return {
      db,
      kind: 'postgres',
      listen: null,
      // pg's simple protocol takes a script of several statements when there are no values.
      rawSql: async (text, values) => pool.query(text, values?.length ? values : undefined),
      startedUp,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        await startedUp();
        await pool.end();
      },
    };
  }
  if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  // PGlite runs one query or transaction at a time, so concurrent transactions are serialized.
  const client = config.dataDir
    ? new PGlite(config.dataDir)
    : new PGlite(config.startFrom ? { loadDataDir: config.startFrom } : {});
  if (tracer) {
    traceQueries(client as never, tracer, 'pglite');
    // Drizzle runs a transaction's statements on the transaction object PGlite hands it, not on the client.
    const transaction = client.transaction.bind(client);
    client.transaction = ((work: (tx: never) => Promise<unknown>) =>
      transaction((tx) => work(traceQueries(tx as never, tracer, 'pglite')))) as typeof client.transaction;
  }
  oneStatementStartPerTurn(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: migrationsDir });
  const listen: Listen = async (channel, onPayload) => void (await client.listen(channel, onPayload));
  // One process owns an embedded database: no other instance to take turns with.
  return {
    db,
    kind: 'pglite',
    listen,
    // PGlite's `query` takes one statement with parameters; a script of several goes through `exec`.
    rawSql: async (text, values) => {
      if (values?.length) return client.query<Record<string, unknown>>(text, values);
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    startedUp: async () => {},
    poolStats: null,
    close: () => client.close(),
  };
}
