import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { Tracer } from '@opentelemetry/api';
import type { DatabaseConfig } from '../config.js';
import { openDatabase, type Db, type Listen, type RawSql } from '../db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbKind: DatabaseConfig['kind'];
    /** PGlite only: its notifications, delivered in this process (see DatabaseHandle). */
    dbListen: Listen | null;
    /** SQL as text, for a library that brings its own statements (the job queue); features use `db`. */
    rawSql: RawSql;
    checkDatabase(): Promise<void>;
  }
}

/** Opens PGlite or PostgreSQL, applies the committed migrations, and closes it with the app. */
export const dbPlugin = fp(
  async (app: FastifyInstance, options: { database: DatabaseConfig; tracer?: Tracer | null }) => {
    const handle = await openDatabase(options.database, {
      holdStartup: true,
      tracer: options.tracer ?? null,
    });
    if (app.metrics && handle.poolStats) app.metrics.sources.pool = handle.poolStats;
    app.decorate('db', handle.db);
    app.decorate('dbKind', handle.kind);
    app.decorate('dbListen', handle.listen);
    app.decorate('rawSql', handle.rawSql);
    app.decorate('checkDatabase', async () => {
      await handle.db.execute(sql`select 1`);
    });
    // Registered first, so it runs once every plugin's start-up work (content imports, seeds) is done.
    app.addHook('onReady', async () => handle.startedUp());
    app.addHook('onClose', async () => handle.close());
  },
  { name: 'db' },
);
