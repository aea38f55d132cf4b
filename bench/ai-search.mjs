// Chat history search over 100,000 messages of one user on PostgreSQL: p50/p95 of
// GET /api/ai/chat-history/search through HTTP. Creates and drops a database of its own on the server of
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). Goal: p95 <= 50 ms. Needs `npm run build`.
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { percentile, startApi } from './ai-support.mjs';
import { repoDir } from './support.mjs';

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const total = Number(process.env.BENCH_MESSAGES ?? 100_000);
const perConversation = 50;
const name = `liftoff_ai_search_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${name}`;

// Realistic text: sentences from the content pack, recombined.
const sentences = [];
const walk = (dir) => {
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) walk(file);
    else if (file.endsWith('.md') || file.endsWith('.yaml'))
      sentences.push(
        ...readFileSync(file, 'utf8')
          .split(/(?<=[.!?])\s+/)
          .map((s) => s.replace(/\s+/g, ' ').trim())
          .filter((s) => s.length > 30 && s.length < 300),
      );
  }
};
walk(path.join(repoDir, 'apps/api/content'));
let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = (list) => list[Math.floor(random() * list.length)];

const api = await startApi({ DATABASE_URL: dbUrl.toString() });
const client = new pg.Client({ connectionString: dbUrl.toString() });
try {
  await client.connect();
  const me = await fetch(`${api.url}/api/auth/me`, {
    headers: { authorization: `Bearer ${api.token}` },
  }).then((r) => r.json());
  const userId = me.data.id;
  const loadStarted = performance.now();
  for (let c = 0; c < total / perConversation; c++) {
    const conversationId = randomUUID();
    await client.query(
      "insert into ai_conversations (id, user_id, title, title_pending, last_activity_at) values ($1, $2, $3, false, now() - ($4 || ' minutes')::interval)",
      [conversationId, userId, pick(sentences).slice(0, 60), String(c)],
    );
    const values = [];
    const params = [];
    for (let m = 0; m < perConversation; m++) {
      const role = m % 2 === 0 ? 'user' : 'assistant';
      const content =
        role === 'user'
          ? pick(sentences)
          : [pick(sentences), pick(sentences), pick(sentences), pick(sentences)].join(' ');
      params.push(randomUUID(), conversationId, userId, role, m, content);
      const o = params.length - 6;
      values.push(`($${o + 1}, $${o + 2}, $${o + 3}, $${o + 4}, $${o + 5}, $${o + 6}, 'COMPLETE')`);
    }
    await client.query(
      `insert into ai_messages (id, conversation_id, user_id, role, position, content, status) values ${values.join(',')}`,
      params,
    );
  }
  await client.query('analyze ai_messages; analyze ai_conversations');
  const loadSeconds = (performance.now() - loadStarted) / 1000;

  const queries = [
    'pricing',
    'customer interviews',
    'runway',
    'pitch deck',
    'churn',
    'cohort retention',
    'positioning statement',
    'SAFE dilution',
    'founder-led sales',
    'investor pipeline',
    'MVP scope',
    'unit economics',
    'lean canvas',
    'problem statement',
    'data room',
    'message house',
    'bullseye channels',
    'product market fit',
    'discovery calls',
    'customer',
  ];
  const search = async (q) => {
    const t0 = performance.now();
    const res = await fetch(`${api.url}/api/ai/chat-history/search?query=${encodeURIComponent(q)}`, {
      headers: { authorization: `Bearer ${api.token}` },
    });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`search failed: ${res.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - t0, hits: body.data.total };
  };
  for (const q of queries) await search(q); // warm-up
  const times = [];
  const hits = {};
  for (let round = 0; round < 10; round++) {
    for (const q of queries) {
      const r = await search(q);
      times.push(r.ms);
      hits[q] = r.hits;
    }
  }
  const range = Object.values(hits);
  console.log(
    `AI history search over ${total.toLocaleString('en')} messages of one user on PostgreSQL (${times.length} searches, ${queries.length} queries matching ${Math.min(...range)}–${Math.max(...range)} messages, page of 50): ` +
      `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms (goal: p95 <= 50 ms); load ${loadSeconds.toFixed(0)} s`,
  );
  const slow = queries
    .map((q) => [q, hits[q]])
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3);
  console.log('  broadest queries:', slow.map(([q, n]) => `${q} (${n})`).join(', '));
} finally {
  await client.end().catch(() => {});
  await api.stop();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
