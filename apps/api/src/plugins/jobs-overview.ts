import type { JobStatus, StudioJobs } from '@liftoff/contracts/jobs';
import type { RawSql } from '../db/client.js';

export interface JobsQuery {
  status?: JobStatus;
  name?: string;
  limit: number;
}

// The queue's own states, as the admins see them. A cancelled job is counted with the failed: nothing cancels
// one today, and a job that did not run is what the admins must see.
const STATES: Record<JobStatus, string[]> = {
  waiting: ['created', 'retry'],
  running: ['active'],
  failed: ['failed', 'cancelled'],
  done: ['completed'],
};
const statusOf = (state: string) =>
  (Object.entries(STATES).find(([, states]) => states.includes(state))?.[0] ?? 'failed') as JobStatus;

const iso = (value: unknown) => new Date(value as string).toISOString();

/**
 * Reads pg-boss's tables (`job`, and `archive` where completed jobs move after a while): it offers no listing
 * of its own. The columns read are those of its schema version 24 (pg-boss 10), checked by the jobs tests.
 */
export async function jobsOverview(sql: RawSql, schema: string, query: JobsQuery): Promise<StudioJobs> {
  const tables = [`${schema}.job`, `${schema}.archive`];
  const states = query.status ? STATES[query.status] : Object.values(STATES).flat();
  const counts = new Map<string, StudioJobs['queues'][number]>();
  for (const table of tables) {
    const { rows } = await sql(
      `select name, state::text as state, count(*)::int as count from ${table}
       where name not like '\\_\\_pgboss%' group by name, state`,
      [],
    );
    for (const row of rows) {
      const name = row.name as string;
      const entry = counts.get(name) ?? { name, waiting: 0, running: 0, failed: 0, done: 0 };
      entry[statusOf(row.state as string)] += row.count as number;
      counts.set(name, entry);
    }
  }
  const jobs: StudioJobs['jobs'] = [];
  for (const table of tables) {
    const { rows } = await sql(
      `select id, name, state::text as state, retry_count, retry_limit, created_on, start_after, started_on,
              completed_on, coalesce(output->>'message', output->>'value') as error
       from ${table}
       where state::text = any($1::text[]) and ($2::text is null or name = $2) and name not like '\\_\\_pgboss%'
       order by created_on desc limit $3`,
      [states, query.name ?? null, query.limit],
    );
    for (const row of rows) {
      const status = statusOf(row.state as string);
      jobs.push({
        id: row.id as string,
        name: row.name as string,
        status,
        // The queue counts retries, taken when a try starts: any job but a fresh one has made one try more.
        attempts: (row.retry_count as number) + (row.state === 'created' ? 0 : 1),
        maxAttempts: (row.retry_limit as number) + 1,
        createdAt: iso(row.created_on),
        runAfter: iso(status === 'running' ? row.started_on : row.start_after),
        finishedAt: row.completed_on ? iso(row.completed_on) : null,
        error: status === 'done' ? null : ((row.error as string | null) ?? null),
      });
    }
  }
  jobs.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return {
    queues: [...counts.values()].sort((a, b) => a.name.localeCompare(b.name)),
    jobs: jobs.slice(0, query.limit),
  };
}
