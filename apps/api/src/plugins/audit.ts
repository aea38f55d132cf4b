import { auditPage, auditQuery, type AuditEntry, type AuditQuery } from '@liftoff/contracts/audit';
import { envelope } from '@liftoff/contracts/common';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db, DbOrTx } from '../db/client.js';
import { ok } from '../lib/envelope.js';
import { auditLog } from './audit-tables.js';

export interface AuditRecord {
  /** Who acted; null for the command line (an operator on the server). */
  actorId: string | null;
  /** Dotted verb, past tense: `role.granted`. */
  action: string;
  recordType: string;
  recordId: string;
  /** The fields the action changed, as they were and as they became; never secrets. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export interface AuditLog {
  /** Writes one entry; pass the action's transaction so the entry commits (or rolls back) with it. */
  record(entry: AuditRecord, tx?: DbOrTx): Promise<void>;
  list(query: AuditQuery): Promise<{ entries: AuditEntry[]; total: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditLog;
  }
}

/** The e-mail addresses of the given accounts (the auth room answers it; the log does not know users). */
export type ActorEmails = (ids: string[]) => Promise<Map<string, string>>;

/** The audit log on a database handle, for the app and for the command line. */
export function auditLogOn(db: Db, actorEmails: ActorEmails): AuditLog {
  return {
    async record(entry, tx = db) {
      await tx.insert(auditLog).values({
        actorId: entry.actorId,
        action: entry.action,
        recordType: entry.recordType,
        recordId: entry.recordId,
        before: entry.before ?? null,
        after: entry.after ?? null,
      });
    },
    async list(query) {
      const conditions: SQL[] = [];
      if (query.actorId) conditions.push(eq(auditLog.actorId, query.actorId));
      if (query.action) conditions.push(eq(auditLog.action, query.action));
      if (query.recordType) conditions.push(eq(auditLog.recordType, query.recordType));
      if (query.recordId) conditions.push(eq(auditLog.recordId, query.recordId));
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ value: count() }).from(auditLog).where(where),
      ]);
      const emails = await actorEmails([
        ...new Set(rows.flatMap((row) => (row.actorId ? [row.actorId] : []))),
      ]);
      return {
        total: Number(total?.value ?? 0),
        entries: rows.map((entry) => ({
          id: entry.id,
          actorId: entry.actorId,
          actorEmail: (entry.actorId && emails.get(entry.actorId)) ?? null,
          action: entry.action,
          recordType: entry.recordType,
          recordId: entry.recordId,
          before: entry.before ?? null,
          after: entry.after ?? null,
          createdAt: entry.createdAt.toISOString(),
        })),
      };
    },
  };
}

/** Every studio action is written here (who, what, which record, when, before/after); admins read it. */
export const auditPlugin = fp(
  async (app: FastifyInstance, options: { actorEmails: ActorEmails }) => {
    const log = auditLogOn(app.db, options.actorEmails);
    app.decorate('audit', log);
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/studio/audit',
      {
        config: { roles: ['admin'] },
        schema: {
          tags: ['studio'],
          summary: 'The audit log, newest first, filtered by actor, action or record (admins)',
          querystring: auditQuery,
          response: { 200: envelope(auditPage) },
        },
      },
      async (request) => {
        const { entries, total } = await log.list(request.query);
        return ok('Audit log fetched successfully.', {
          entries,
          total,
          page: request.query.page,
          pageSize: request.query.pageSize,
        });
      },
    );
  },
  { name: 'audit', dependencies: ['db', 'auth-guard'] },
);
