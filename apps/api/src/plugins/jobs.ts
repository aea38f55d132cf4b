import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import { jobsOverview, type JobsQuery } from './jobs-overview.js';
import type { StudioJobs } from '@liftoff/contracts/jobs';

/** What a job's work is told about its run. */
export interface JobRun {
  id: string;
  /** 1 on the first try, 2 on the first retry, … */
  attempt: number;
}

export interface JobKind<T extends object> {
  /** The queue's name, `room.what` (`pacing.notices`). */
  name: string;
  /** Tries in all before the job is given up (3 unless said). */
  attempts?: number;
  /** The first retry waits between this and twice this; each next one twice as long (60 s unless said). */
  retryDelaySeconds?: number;
  /** Repeated work: a cron expression (UTC) on which one job of this kind is sent, by one instance. */
  every?: string;
  /** The work. Throwing fails this try; it is retried with backoff until its attempts are spent. */
  run(data: T, job: JobRun): Promise<void>;
}

export interface Jobs {
  /** Declares a kind of job and its work; before the app is ready. */
  define<T extends object>(kind: JobKind<T>): void;
  /**
   * Stores a job to run as soon as an instance is free. Work that must happen once (a notice) keeps its own
   * record of having happened: a job may be tried again after its instance died mid-run.
   */
  send(name: string, data: object): Promise<string | null>;
  /** Runs every due job, on this instance, until none is left; answers how many ran. Tests call it. */
  runDue(): Promise<number>;
  /** The queues' counts and their latest jobs, for the admins. */
  overview(query: JobsQuery): Promise<StudioJobs>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

const BATCH = 10;

/**
 * Instances starting together on one PostgreSQL create the same queues at once, and PostgreSQL may end one
 * of two such transactions as a deadlock (each creates its queue's partition of one table). The queue's
 * creation is idempotent: the loser tries again.
 */
async function afterDeadlocks<T>(work: () => Promise<T>, tries = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt >= tries) throw error;
    }
  }
}
const SCHEMA = 'pgboss';

/**
 * Durable jobs on pg-boss (docs/decisions/064-durable-jobs-on-pg-boss.md), in the application's database,
 * PGlite or PostgreSQL, through the same connection as everything else. Every instance polls; the queue hands
 * each job to one of them (`SKIP LOCKED`), retries a failed one with backoff and fails one whose instance
 * died mid-run once it expires. The work itself reads the app's clock: the queue's own timing (when a retry
 * is due) is the database's.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => app.rawSql(text, values) },
      schema: SCHEMA,
      // Every instance keeps the queue tidy and sends the repeated jobs; pg-boss lets one do each at a time.
      supervise: true,
      schedule: true,
    });
    boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'));
    const kinds = new Map<string, JobKind<object>>();
    let starting: Promise<void> | null = null;
    let stopped = false;
    let tail: Promise<unknown> = Promise.resolve();
    let busy = 0;
    let timer: NodeJS.Timeout | undefined;

    async function runOne(kind: JobKind<object>, job: PgBoss.JobWithMetadata<object>) {
      const attempt = job.retryCount + 1;
      try {
        await kind.run(job.data, { id: job.id, attempt });
        await boss.complete(kind.name, job.id);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await boss.fail(kind.name, job.id, { message });
        const context = { job: { id: job.id, name: kind.name, attempt }, err: error };
        if (attempt > job.retryLimit) app.log.error(context, 'job given up after its last attempt');
        else app.log.warn(context, 'job failed; it will be retried');
      }
    }

    /** Passes over every queue until a pass finds nothing due (work may send more work). */
    async function drain(): Promise<number> {
      let total = 0;
      for (;;) {
        let claimed = 0;
        for (const kind of kinds.values()) {
          const jobs = await boss.fetch<object>(kind.name, { batchSize: BATCH, includeMetadata: true });
          claimed += jobs.length;
          await Promise.all(jobs.map((job) => runOne(kind, job)));
        }
        total += claimed;
        if (!claimed || stopped) return total;
      }
    }

    function start(): Promise<void> {
      starting ??= (async () => {
        await boss.start();
        for (const kind of kinds.values()) {
          const options = {
            name: kind.name,
            retryLimit: (kind.attempts ?? 3) - 1,
            retryDelay: kind.retryDelaySeconds ?? 60,
            retryBackoff: true,
          };
          await afterDeadlocks(() => boss.createQueue(kind.name, options));
          // The code's settings win over what an earlier release stored.
          await afterDeadlocks(() => boss.updateQueue(kind.name, options));
          if (kind.every) await boss.schedule(kind.name, kind.every, {}, { tz: 'UTC' });
        }
      })();
      return starting;
    }

    /** Passes run one after another on this instance, so a test's pass also waits for the poll's. */
    function runDue(): Promise<number> {
      if (stopped) return Promise.resolve(0);
      busy++;
      const pass = tail
        .then(start)
        .then(drain)
        .finally(() => busy--);
      tail = pass.catch(() => undefined);
      return pass;
    }

    app.decorate('jobs', {
      define(kind) {
        if (starting) throw new Error(`job kind ${kind.name} defined after the queue started`);
        kinds.set(kind.name, kind as JobKind<object>);
      },
      async send(name, data) {
        if (!kinds.has(name)) throw new Error(`no job kind ${name}`);
        await start();
        const id = await boss.send(name, data);
        // Taken at once when this instance is free; otherwise by the next pass (here or elsewhere).
        if (!busy && app.config.JOBS_POLL_MS > 0) setImmediate(() => void runDue().catch(() => {}));
        return id;
      },
      runDue,
      overview: async (query) => (await start(), jobsOverview(app.rawSql, SCHEMA, query)),
    } satisfies Jobs);

    // After the database's own start-up work (its hook is registered first), so migrations are in. An instance
    // that takes no job by itself (JOBS_POLL_MS=0, the tests) starts the queue when it is first used: most
    // test files never use it, and starting it costs the embedded database about a second.
    app.addHook('onReady', async () => {
      if (!app.config.JOBS_POLL_MS) return;
      await start();
      timer = setInterval(() => {
        if (!busy) runDue().catch((error) => app.log.error({ err: error }, 'jobs could not be read'));
      }, app.config.JOBS_POLL_MS);
      timer.unref();
    });
    // Registered after the database: the runs under way finish before it closes.
    app.addHook('onClose', async () => {
      stopped = true;
      clearInterval(timer);
      await tail;
      if (
        starting &&
        (await starting.then(
          () => true,
          () => false,
        ))
      )
        await boss.stop({ graceful: true, wait: true, close: false, timeout: 2_000 });
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
