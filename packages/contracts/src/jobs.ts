import { z } from 'zod';

/** Where a job stands, as the admins' list groups the queue's own states. */
export const jobStatus = z.enum(['waiting', 'running', 'failed', 'done']);
export type JobStatus = z.infer<typeof jobStatus>;

export const jobSummary = z.object({
  id: z.string(),
  /** The kind of work: `pacing.notices`, `pacing.notice`, … */
  name: z.string(),
  status: jobStatus,
  /** Attempts made so far (a waiting job after a failure has made at least one). */
  attempts: z.number().int(),
  /** Attempts it may make in all before it is given up. */
  maxAttempts: z.number().int(),
  createdAt: z.iso.datetime(),
  /** When it may run next (waiting), or when it was taken (running). */
  runAfter: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  /** The last failure's message, for a failed job or one waiting for its retry. */
  error: z.string().nullable(),
});
export type JobSummary = z.infer<typeof jobSummary>;

export const jobQueueCounts = z.object({
  name: z.string(),
  waiting: z.number().int(),
  running: z.number().int(),
  failed: z.number().int(),
  done: z.number().int(),
});

export const studioJobs = z.object({
  queues: z.array(jobQueueCounts),
  jobs: z.array(jobSummary),
});
export type StudioJobs = z.infer<typeof studioJobs>;

export const studioJobsQuery = z.object({
  status: jobStatus.optional(),
  name: z.string().trim().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
