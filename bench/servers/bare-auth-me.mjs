// The floor of bench/auth-me.mjs, in a process of its own: a bare Fastify server answering GET /api/auth/me
// with one prepared query for the same user columns Liftoff answers, and nothing else (no token check, no
// hooks, no envelope). On PostgreSQL it reads Liftoff's own database; on PGlite a table of its own in a data
// directory, as Liftoff keeps it.
import Fastify from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const [kind, target, userId] = process.argv.slice(2);
const columns =
  'id, email, first_name, last_name, verified, two_factor_enabled, two_factor_method, profile_completed, profile_image_url, meta, created_at';
let query;
let close;
if (kind === 'postgres') {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: target, max: 10 });
  const text = `select ${columns} from users where id = $1`;
  query = async (id) => (await pool.query({ name: 'bare_me', text, values: [id] })).rows[0];
  close = () => pool.end();
} else {
  const { PGlite } = await import('@electric-sql/pglite');
  const dir = mkdtempSync(path.join(tmpdir(), 'bare-pglite-'));
  const db = new PGlite(dir);
  await db.exec(`create table users (id uuid primary key, email text not null, first_name text, last_name text,
    verified boolean not null, two_factor_enabled boolean not null, two_factor_method text,
    profile_completed boolean not null, profile_image_url text, meta jsonb not null, created_at timestamptz not null);
    insert into users values ('${userId}', 'bench@liftoff.local', 'Bench', 'Mark', true, false, null, false, null, '{}', now())`);
  const text = `select ${columns} from users where id = $1`;
  query = async (id) => (await db.query(text, [id])).rows[0];
  close = async () => (await db.close(), rmSync(dir, { recursive: true, force: true }));
}
const app = Fastify();
app.get('/api/auth/me', async () => ({ message: 'ok', data: await query(userId) }));
await app.listen({ port: 0, host: '127.0.0.1' });
process.send({ port: app.server.address().port });
process.on('disconnect', async () => {
  await app.close();
  await close();
  process.exit(0);
});
