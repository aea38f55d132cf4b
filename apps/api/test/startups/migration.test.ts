import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../../src/lib/paths.js';
import { migrationsUpTo, openDatabase, type Database } from '../helpers/migrations.js';

/** The last migration before startups existed: the shape every database had until then. */
const BEFORE = '0011_share-expiry-opens-names';

describe('migrating a database of founders to startups', () => {
  let db: Database;
  let before: string;
  const ada = randomUUID();
  const ben = randomUUID();
  const cy = randomUUID();
  const expert = randomUUID();
  const manager = randomUUID();

  beforeAll(async () => {
    db = await openDatabase();
    before = migrationsUpTo(BEFORE);
    await db.migrate(before);
    // Today's shape: founders with their onboarding answers in meta, one with progress, and accounts of the
    // program team and an expert, who are not founders.
    const user = (id: string, email: string, roles: string, meta: object, firstName: string | null) =>
      db.query(
        `insert into users (id, email, password_hash, first_name, roles, profile_completed, meta, created_at)
         values ($1, $2, 'x', $3, $4::text[], true, $5::jsonb, $6)`,
        [id, email, firstName, roles, JSON.stringify(meta), new Date('2026-01-02T03:04:05Z')],
      );
    await user(
      ada,
      'ada@example.com',
      '{founder}',
      { startupName: 'Acme', stage: 'Seed', industry: 'Fintech', goals: 'Ship payroll', role: 'CEO' },
      'Ada',
    );
    await user(ben, 'ben@example.com', '{founder,expert}', { goals: 'Learn' }, 'Ben');
    await user(cy, 'cy@example.com', '{founder}', {}, null);
    await user(expert, 'expert@example.com', '{expert}', {}, 'Eve');
    await user(manager, 'manager@example.com', '{manager}', {}, 'Max');
    await db.query(
      `insert into program_templates (id, key, version, name, summary, icon_url, secondary_icon_url, structure_hash, content_hash)
       values ($1, 'p', 1, 'P', 'S', 'i', 'i', 'h', 'h')`,
      [randomUUID()],
    );
    // The manager once held progress (a founder made a manager): their work needs an owner too.
    await db.query(
      `insert into user_programs (user_id, program_template_id, program_key, status)
       select $1, id, 'p', 'ONGOING' from program_templates`,
      [manager],
    );
    await db.migrate(migrationsDir);
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    if (before) rmSync(before, { recursive: true, force: true });
  });

  it('makes every founder, and anyone holding progress, the owner of a one-person startup', async () => {
    const rows = await db.query<{ id: string; name: string; stage: string | null; industry: string | null }>(
      'select id, name, stage, industry from startups order by name',
    );
    expect(rows).toEqual(
      [
        { id: ada, name: 'Acme', stage: 'Seed', industry: 'Fintech' },
        { id: ben, name: "Ben's startup", stage: null, industry: null },
        { id: manager, name: "Max's startup", stage: null, industry: null },
        { id: cy, name: 'My startup', stage: null, industry: null },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    );
    const members = await db.query<{ user_id: string; startup_id: string; role: string; joined_at: Date }>(
      'select user_id, startup_id, role, joined_at from startup_members',
    );
    expect(members).toHaveLength(4);
    for (const member of members) {
      expect(member.startup_id).toBe(member.user_id);
      expect(member.role).toBe('owner');
      expect(new Date(member.joined_at).toISOString()).toBe('2026-01-02T03:04:05.000Z');
    }
    expect(members.map((m) => m.user_id)).not.toContain(expert);
  });

  it("keeps each founder's own answers on their account", async () => {
    const [row] = await db.query<{ meta: Record<string, unknown> }>('select meta from users where id = $1', [
      ada,
    ]);
    expect(row!.meta).toMatchObject({ goals: 'Ship payroll', role: 'CEO' });
  });
});
