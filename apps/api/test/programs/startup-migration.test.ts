import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../../src/lib/paths.js';
import { migrationsUpTo, openDatabase, type Database } from '../helpers/migrations.js';

/** The last migration before the progress became the startups': the shape every database had until then. */
const BEFORE = '0020_worksheet-answer-versions';

const PROGRESS_TABLES = [
  'user_programs',
  'user_milestones',
  'user_missions',
  'user_steps',
  'user_retired_steps',
  'mission_attachments',
  'deliverable_reviews',
  'shares',
] as const;

describe('migrating founders’ progress to their startups', () => {
  let db: Database;
  let before: string;
  const ada = randomUUID();
  const ben = randomUUID();
  const cy = randomUUID();
  // Ada's startup was made from her account (its id is hers); Ben's was made later, with an id of its own.
  const bensStartup = randomUUID();

  /** One founder's whole progress in today's shape: every progress table gets one row. */
  async function progressOf(userId: string, templates: Record<string, string>) {
    const [program] = await db.query<{ id: string }>(
      `insert into user_programs (user_id, program_template_id, program_key, status)
       values ($1, $2, 'p', 'ONGOING') returning id`,
      [userId, templates.program],
    );
    const [milestone] = await db.query<{ id: string }>(
      `insert into user_milestones (user_id, user_program_id, milestone_template_id, index, status)
       values ($1, $2, $3, 1, 'ONGOING') returning id`,
      [userId, program!.id, templates.milestone],
    );
    const [mission] = await db.query<{ id: string }>(
      `insert into user_missions (user_id, user_milestone_id, mission_template_id, index, status)
       values ($1, $2, $3, 1, 'ONGOING') returning id`,
      [userId, milestone!.id, templates.mission],
    );
    await db.query(
      `insert into user_steps (user_id, user_mission_id, step_template_id, index, status, answers)
       values ($1, $2, $3, 1, 'COMPLETED', '{"problem":"Payroll is slow"}'::jsonb)`,
      [userId, mission!.id, templates.step],
    );
    await db.query(
      `insert into user_retired_steps (user_id, user_program_id, from_version, milestone_key, mission_key, step_key,
         title, status, do_later, answers)
       values ($1, $2, 1, 'm', 'mi', 'old', 'Old step', 'COMPLETED', false, '[]'::jsonb)`,
      [userId, program!.id],
    );
    const [file] = await db.query<{ id: string }>(
      `insert into mission_attachments (user_id, user_mission_id, file_name, mime_type, size, storage_key)
       values ($1, $2, 'deck.pdf', 'application/pdf', 3, $3) returning id`,
      [userId, mission!.id, `attachments/${userId}/${randomUUID()}`],
    );
    await db.query(
      `insert into deliverable_reviews (user_id, user_mission_id, status, submitted_at)
       values ($1, $2, 'submitted', now())`,
      [userId, mission!.id],
    );
    await db.query(
      `insert into shares (user_id, token_hash, kind, attachment_id) values ($1, $2, 'attachment', $3)`,
      [userId, randomUUID(), file!.id],
    );
  }

  beforeAll(async () => {
    db = await openDatabase();
    before = migrationsUpTo(BEFORE);
    await db.migrate(before);
    for (const [id, name] of [
      [ada, 'Ada'],
      [ben, 'Ben'],
      [cy, 'Cy'],
    ] as const)
      await db.query(
        `insert into users (id, email, password_hash, first_name, roles, profile_completed, meta)
         values ($1, $2, 'x', $3, '{founder}', true, '{}'::jsonb)`,
        [id, `${name.toLowerCase()}-${id}@example.com`, name],
      );
    await db.query(`insert into startups (id, name) values ($1, 'Acme'), ($2, 'Bakery Pay')`, [
      ada,
      bensStartup,
    ]);
    await db.query(
      `insert into startup_members (user_id, startup_id, role) values ($1, $2, 'owner'), ($3, $4, 'owner')`,
      [ada, ada, ben, bensStartup],
    );
    const t = {
      program: randomUUID(),
      milestone: randomUUID(),
      mission: randomUUID(),
      step: randomUUID(),
    };
    await db.query(
      `insert into program_templates (id, key, version, name, summary, icon_url, secondary_icon_url, structure_hash, content_hash)
       values ($1, 'p', 1, 'P', 'S', 'i', 'i', 'h', 'h')`,
      [t.program],
    );
    await db.query(
      `insert into milestone_templates (id, program_template_id, key, index, name, overview_subtitle, description,
         outcome_title, outcome_description, icon_url, secondary_icon_url, expert_key)
       values ($1, $2, 'm', 1, 'M', 'o', 'd', 'ot', 'od', 'i', 'i', 'e')`,
      [t.milestone, t.program],
    );
    await db.query(
      `insert into mission_templates (id, milestone_template_id, key, index, name, summary, estimated_minutes)
       values ($1, $2, 'mi', 1, 'Mi', 's', 10)`,
      [t.mission, t.milestone],
    );
    await db.query(
      `insert into step_templates (id, mission_template_id, key, index, title, type, body, estimated_minutes)
       values ($1, $2, 's', 1, 'S', 'TOOL', 'b', 5)`,
      [t.step, t.mission],
    );
    // Two founders in startups of their own, and one holding progress in none (made before startups).
    await progressOf(ada, t);
    await progressOf(ben, t);
    await progressOf(cy, t);
    await db.migrate(migrationsDir);
  }, 180_000);

  afterAll(async () => {
    await db?.close();
    if (before) rmSync(before, { recursive: true, force: true });
  });

  it("gives every progress row its founder's startup, and keeps who made it", async () => {
    for (const table of PROGRESS_TABLES) {
      const rows = await db.query<{ user_id: string; startup_id: string }>(
        `select user_id, startup_id from ${table} order by user_id`,
      );
      expect(rows, table).toHaveLength(3);
      const startupOf = new Map(rows.map((r) => [r.user_id, r.startup_id]));
      expect(startupOf.get(ada), table).toBe(ada);
      expect(startupOf.get(ben), table).toBe(bensStartup);
      expect(startupOf.get(cy), table).toBe(cy);
    }
  });

  it('makes a founder holding progress in no startup the owner of one, and requires the startup from now on', async () => {
    const [member] = await db.query<{ startup_id: string; role: string }>(
      'select startup_id, role from startup_members where user_id = $1',
      [cy],
    );
    expect(member).toEqual({ startup_id: cy, role: 'owner' });
    const columns = await db.query<{ table_name: string; is_nullable: string }>(
      `select table_name, is_nullable from information_schema.columns
       where column_name = 'startup_id' and table_name = any($1::text[])`,
      [PROGRESS_TABLES],
    );
    expect(columns).toHaveLength(PROGRESS_TABLES.length);
    expect(columns.every((c) => c.is_nullable === 'NO')).toBe(true);
  });

  it('keeps the progress with the startup when the account that made it goes', async () => {
    await db.query('delete from users where id = $1', [ben]);
    const [steps] = await db.query<{ n: number; makers: number }>(
      'select count(*)::int as n, count(user_id)::int as makers from user_steps where startup_id = $1',
      [bensStartup],
    );
    // The membership went with the account; the startup (and its work) is the startups room's to dissolve.
    expect(steps).toEqual({ n: 1, makers: 0 });
    await db.query('delete from startups where id = $1', [bensStartup]);
    for (const table of PROGRESS_TABLES) {
      const [left] = await db.query<{ n: number }>(
        `select count(*)::int as n from ${table} where startup_id = $1`,
        [bensStartup],
      );
      expect(left!.n, table).toBe(0);
    }
  });
});
