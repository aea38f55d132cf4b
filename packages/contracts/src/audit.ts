import { z } from 'zod';

/** A short account of a record before or after an action: the fields that changed, never secrets. */
export const auditSummary = z.record(z.string(), z.unknown());

/** One studio action: who did what to which record, when, and what it looked like before and after. */
export const auditEntry = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  /** The actor's e-mail when the entry is read (null once the account is gone, or for the command line). */
  actorEmail: z.string().nullable(),
  /** Dotted verb: `role.granted`, `cohort.created`, `deliverable.reviewed`… */
  action: z.string(),
  recordType: z.string(),
  recordId: z.string(),
  before: auditSummary.nullable(),
  after: auditSummary.nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditQuery = z
  .object({
    actorId: z.uuid().optional(),
    action: z.string().trim().min(1).max(80).optional(),
    recordType: z.string().trim().min(1).max(80).optional(),
    recordId: z.string().trim().min(1).max(120).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditPage = z.object({
  entries: z.array(auditEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPage>;
