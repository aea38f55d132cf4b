// The manager's dashboard for a cohort of 200 startups of two or three founders each (500 founders) × the whole
// program: p50/p95 of GET /api/studio/cohorts/:id/dashboard (through the app's own request handling, without the
// network) on PGlite, and on PostgreSQL when DATABASE_URL is set. Budget: p95 ≤ 150 ms on each.
// Needs `npm run build` first. STARTUPS and ROUNDS change the size.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { repoDir } from './support.mjs';

const dist = (file) => path.join(repoDir, 'apps/api/dist/src', file);
const { buildApp } = await import(dist('app.js'));
const { parseConfig } = await import(dist('config.js'));
const { AccessTokens } = await import(dist('lib/tokens.js'));
const { enrollInProgram } = await import(dist('features/programs/enrolment.js'));
const { sql } = await import('drizzle-orm');

const STARTUPS = Number(process.env.STARTUPS ?? 200);
/** Two or three founders a startup, alternately: 2.5 on average, as the programs this is for admit them. */
const membersOf = (startup) => (startup % 2 ? 3 : 2);
const ROUNDS = Number(process.env.ROUNDS ?? 60);
const SECRET = 'bench-secret-bench-secret-bench-secret-00';

async function seed(app) {
  const db = app.db;
  const rows = (result) => result.rows ?? result;
  const [manager] = rows(
    await db.execute(sql`insert into users (email, password_hash, first_name, last_name, verified, two_factor_enabled,
      two_factor_method, profile_completed, roles)
      values ('bench-manager@liftoff.local', 'x', 'Bench', 'Manager', true, true, 'TOTP', true, '{founder,manager}')
      returning id`),
  );
  const startups = rows(
    await db.execute(sql`insert into startups (name) select 'Startup ' || g from generate_series(1, ${STARTUPS}) g
      returning id`),
  ).map((r) => r.id);
  const people = startups.flatMap((startupId, s) =>
    Array.from({ length: membersOf(s) }, (_, m) => ({
      startupId,
      email: `founder-${s + 1}-${m + 1}@bench.local`,
    })),
  );
  const founders = rows(
    await db.execute(sql`insert into users (email, password_hash, first_name, last_name, verified, profile_completed)
      values ${sql.join(
        people.map((p, i) => sql`(${p.email}, 'x', 'Founder', ${`No. ${i + 1}`}, true, true)`),
        sql`, `,
      )} returning id`),
  ).map((r) => r.id);
  await db.execute(
    sql`insert into startup_members (user_id, startup_id, role, joined_at) values ${sql.join(
      people.map((p, i) => {
        const owner = i === 0 || people[i - 1].startupId !== p.startupId;
        return sql`(${founders[i]}::uuid, ${p.startupId}::uuid, ${owner ? 'owner' : 'cofounder'}, now() - (${i} || ' seconds')::interval)`;
      }),
      sql`, `,
    )}`,
  );
  // The owner enrols the startup; its co-founders share that one program.
  for (const [i, id] of founders.entries())
    if (i === 0 || people[i - 1].startupId !== people[i].startupId) await enrollInProgram(db, id, null);
  await db.execute(sql`create temporary table bench_people (user_id uuid primary key)`);
  await db.execute(
    sql`insert into bench_people values ${sql.join(
      founders.map((id) => sql`(${id}::uuid)`),
      sql`, `,
    )}`,
  );

  // Realistic progress: most startups part-way, a few done, a few barely started, spread over six weeks.
  await db.execute(sql`create temporary table bench_progress (startup_id uuid primary key, share real)`);
  await db.execute(
    sql`insert into bench_progress values ${sql.join(
      startups.map((id) => sql`(${id}::uuid, ${Math.min(1, Math.random() ** 1.4 * 1.1)})`),
      sql`, `,
    )}`,
  );
  await db.execute(sql`
    with ordered as (
      select s.id, s.startup_id,
        row_number() over (partition by s.startup_id order by ml.index, mi.index, s.index) as rn,
        count(*) over (partition by s.startup_id) as total
      from user_steps s join user_missions mi on mi.id = s.user_mission_id
      join user_milestones ml on ml.id = mi.user_milestone_id)
    update user_steps set status = 'COMPLETED',
      completed_at = now() - (random() * 42 || ' days')::interval
    from ordered o join bench_progress p on p.startup_id = o.startup_id
    where user_steps.id = o.id and o.rn <= floor(p.share * o.total)`);
  await db.execute(sql`update user_missions set status = 'COMPLETED', completed_at = now() - interval '3 days'
    where not exists (select 1 from user_steps s where s.user_mission_id = user_missions.id and s.status <> 'COMPLETED')`);
  await db.execute(sql`update user_milestones set status = 'COMPLETED', completed_at = now() - interval '3 days'
    where not exists (select 1 from user_missions m where m.user_milestone_id = user_milestones.id and m.status <> 'COMPLETED')`);
  await db.execute(sql`update user_milestones set status = 'ONGOING' where status = 'LOCKED' and index = 1 + (
    select count(*) from user_milestones c where c.user_program_id = user_milestones.user_program_id and c.status = 'COMPLETED')`);
  await db.execute(sql`update user_missions set status = 'ONGOING' where status = 'LOCKED' and user_milestone_id in
    (select id from user_milestones where status = 'ONGOING')`);
  await db.execute(sql`update user_steps set status = 'ONGOING' where status = 'LOCKED' and user_mission_id in
    (select id from user_missions where status = 'ONGOING') and index = 1 + (select count(*) from user_steps c
    where c.user_mission_id = user_steps.user_mission_id and c.status = 'COMPLETED')`);
  // A file handed in for every completed mission that asks for one.
  await db.execute(sql`insert into mission_attachments (startup_id, user_id, user_mission_id, file_name, mime_type, size, storage_key)
    select m.startup_id, m.user_id, m.id, 'deliverable.pdf', 'application/pdf', 1000, 'bench/none'
    from user_missions m join mission_templates t on t.id = m.mission_template_id
    where m.status = 'COMPLETED' and t.deliverable is not null`);
  // The coach: up to 20 questions each; a question to an expert for one founder in four; some meetings this week.
  for (const id of founders) {
    const conversation = randomUUID();
    await db.execute(
      sql`insert into ai_conversations (id, user_id, title) values (${conversation}, ${id}, 'Bench')`,
    );
    const n = Math.floor(Math.random() * 20);
    if (n)
      await db.execute(sql`insert into ai_messages (id, conversation_id, user_id, role, position, content, created_at)
        select gen_random_uuid(), ${conversation}, ${id}, 'user', g * 2, 'question', now() - (random() * 30 || ' days')::interval
        from generate_series(1, ${n}) g`);
  }
  await db.execute(sql`insert into expert_questions (expert_id, user_id, subject, question, context, created_at)
    select (select id from experts limit 1), p.user_id, 'Pricing', 'How?', '{}'::jsonb, now() - interval '3 days'
    from bench_people p where random() < 0.25`);
  await db.execute(sql`insert into meeting_requests (expert_id, user_id, service_key, service_name, duration_minutes,
      starts_at, ends_at, timezone, status)
    select e.id, p.user_id, 'intro', 'Intro', 30, now() + (n || ' hours')::interval, now() + (n || ' hours')::interval + interval '30 minutes', 'UTC', 'ACCEPTED'
    from (select user_id, row_number() over () as n from bench_people where random() < 0.05) p, (select id from experts limit 1) e`);

  // Fresh statistics, as PostgreSQL's autovacuum would have gathered them after such a load.
  if (process.env.ANALYZE) await db.execute(sql`analyze`);
  // A token names its session (a refresh-token family); the guard answers 401 for a session that is not open.
  const session = randomUUID();
  await db.execute(sql`insert into refresh_tokens (user_id, family_id, token_hash, two_factor_authenticated, expires_at)
    values (${manager.id}, ${session}, ${`bench-${session}`}, true, now() + interval '1 day')`);
  const token = await new AccessTokens(SECRET, 3600).sign(manager.id, session, true);
  const auth = { authorization: `Bearer ${token}` };
  const created = await app.inject({
    method: 'POST',
    url: '/api/studio/cohorts',
    headers: auth,
    payload: {
      name: 'Bench cohort',
      programKey: 'venture-foundations',
      startDate: '2026-10-01',
      endDate: '2027-06-30',
      timeZone: 'UTC',
      stuckAfterDays: 7,
    },
  });
  if (created.statusCode !== 201) throw new Error(`cohort: ${created.statusCode} ${created.body}`);
  const cohortId = created.json().data.id;
  await db.execute(sql`insert into cohort_members (user_id, cohort_id, joined_at)
    select user_id, ${cohortId}, now() - interval '45 days' from bench_people`);
  return { cohortId, auth };
}

/** With PROFILE=1: how long each read of the dashboard takes on its own. */
async function profile(app, cohortId) {
  const { cohortProgress } = await import(dist('features/programs/cohort-progress.js'));
  const { cohortExpertsActivity } = await import(dist('features/experts/cohort-activity.js'));
  const { cohortCoachActivity } = await import(dist('features/ai/conversations/cohort-activity.js'));
  const { peopleDirectory } = await import(dist('features/auth/directory.js'));
  const result = await app.db.execute(sql`select user_id from cohort_members where cohort_id = ${cohortId}`);
  const ids = (result.rows ?? result).map((r) => r.user_id);
  const progress = cohortProgress(app.db);
  const experts = cohortExpertsActivity(app.db);
  const coach = cohortCoachActivity(app.db);
  const reads = {
    people: () => peopleDirectory(app.db).byIds(ids),
    milestones: () => progress.milestones('venture-foundations'),
    overview: () => progress.overview(ids, 'venture-foundations'),
    awaitingReview: () => progress.deliverablesAwaitingReview(ids),
    expertsLast: () => experts.lastActivity(ids),
    unanswered: () => experts.unansweredQuestions(ids, new Date()),
    meetings: () => experts.meetings(ids, new Date(), new Date(Date.now() + 7 * 86_400_000)),
    coachLast: () => coach.lastActivity(ids),
  };
  for (const [name, read] of Object.entries(reads)) {
    const t0 = performance.now();
    for (let i = 0; i < 5; i++) await read();
    console.log(`  ${name}: ${((performance.now() - t0) / 5).toFixed(1)} ms`);
  }
}

async function measure(label, database) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'liftoff-bench-dashboard-'));
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    JWT_SECRET: SECRET,
    ENCRYPTION_KEY: '1'.repeat(64),
    SEED_DEMO: 'false',
    RATE_LIMIT_PER_MINUTE: '100000000',
    WEB_DIST: '/nonexistent-web-dist',
    ...(database.kind === 'postgres' ? { DATABASE_URL: database.url } : {}),
  });
  const app = await buildApp(config);
  await app.ready();
  try {
    const started = performance.now();
    const { cohortId, auth } = await seed(app);
    const seededIn = ((performance.now() - started) / 1000).toFixed(1);
    const call = async () => {
      const t0 = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: `/api/studio/cohorts/${cohortId}/dashboard`,
        headers: auth,
      });
      if (res.statusCode !== 200) throw new Error(`dashboard: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return { ms: performance.now() - t0, body: res.json().data };
    };
    for (let i = 0; i < 5; i++) await call();
    if (process.env.PROFILE) await profile(app, cohortId);
    if (process.env.EXPLAIN) {
      const ids = await app.db.execute(sql`select user_id from cohort_members where cohort_id = ${cohortId}`);
      const list = `{${(ids.rows ?? ids).map((r) => r.user_id).join(',')}}`;
      const plan = await app.db
        .execute(sql`explain analyze select ml.user_id, ml.index, ml.status, count(s.id)
        from user_programs p join user_milestones ml on ml.user_program_id = p.id
        left join user_missions mi on mi.user_milestone_id = ml.id left join user_steps s on s.user_mission_id = mi.id
        where p.startup_id in (select startup_id from startup_members where user_id = any(${list}::uuid[])) and p.program_key = 'venture-foundations' group by 1, 2, 3`);
      console.log((plan.rows ?? plan).map((r) => r['QUERY PLAN']).join('\n'));
    }
    const times = [];
    let last;
    for (let i = 0; i < ROUNDS; i++) {
      last = await call();
      times.push(last.ms);
    }
    times.sort((a, b) => a - b);
    const at = (q) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)].toFixed(1);
    const cells = last.body.founders.reduce((n, f) => n + f.milestones.length, 0);
    const steps = last.body.founders.reduce((n, f) => n + f.stepsTotal, 0);
    console.log(
      `dashboard on ${label}: ${STARTUPS} startups, ${last.body.founders.length} founders, ${cells} milestone cells, ${steps} steps (seeded in ${seededIn}s); ` +
        `${ROUNDS} calls: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${times.at(-1).toFixed(1)} ms (budget p95 ≤ 150 ms)`,
    );
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_DATABASES !== 'postgres') await measure('PGlite', { kind: 'pglite' });
if (process.env.DATABASE_URL) {
  const name = `liftoff_bench_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  try {
    await measure('PostgreSQL', { kind: 'postgres', url: url.toString() });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} else {
  console.log(
    'dashboard on PostgreSQL: skipped (set DATABASE_URL, for example postgres://postgres@127.0.0.1:5432/test)',
  );
}
