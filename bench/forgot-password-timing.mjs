// POST /api/auth/send-reset-password-link for addresses with an account against addresses without one, side by side in
// one run on the built server: the two medians must lie within 15 % of each other, or the answer's timing tells
// a stranger which addresses have an account. Each pair (one known, one unknown, in a random order) is sent
// back to back, so whatever one request leaves behind (the mail outbox sending its mail) falls on the next one
// of either kind alike. Needs `npm run build` first. DATABASE_URL (a server; the bench makes and drops a
// database of its own there) points it at PostgreSQL; PGlite otherwise.
//   BENCH_REQUESTS  requests of each kind (default 200)
//   BENCH_GAP_MS    a pause after each request (default 0: back to back, as a prober would send them)
import { performance } from 'node:perf_hooks';
import { ownDatabase } from './ai-support.mjs';
import { startBuiltServer } from './support.mjs';

const n = Number(process.env.BENCH_REQUESTS ?? 200);
const gapMs = Number(process.env.BENCH_GAP_MS ?? 0);
const databaseUrl = process.env.DATABASE_URL;
const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
const password = 'bench-password-2026';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const own = databaseUrl ? await ownDatabase(databaseUrl) : null;
const server = await startBuiltServer({
  SEED_DEMO: 'false',
  CREDENTIAL_RATE_LIMIT_PER_MINUTE: '100000000',
  ...(own ? { DATABASE_URL: own.url } : {}),
});
const post = (path, body) =>
  fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

try {
  // Every request names a fresh address, as a prober's would: a repeated one only meets the mail cooldown.
  const run = Date.now().toString(36);
  const known = Array.from({ length: n }, (_, i) => `known-${run}-${i}@liftoff.local`);
  const unknown = Array.from({ length: n }, (_, i) => `nobody-${run}-${i}@liftoff.local`);
  for (const [i, email] of known.entries()) {
    const res = await post('/auth/signup', { firstName: 'Bench', lastName: `Known${i}`, email, password });
    if (!res.ok) throw new Error(`signup ${email}: ${res.status} ${await res.text()}`);
  }
  // Let the outbox send the signups' verification mails, so they do not weigh on the measured requests.
  await sleep(3000);

  const ask = async (email) => {
    const t0 = performance.now();
    const res = await post('/auth/send-reset-password-link', { email });
    await res.arrayBuffer();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`send-reset-password-link ${email}: ${res.status}`);
    if (gapMs) await sleep(gapMs);
    return ms;
  };
  // A warm-up of both kinds, not counted: the first requests pay for the JIT and the connections.
  for (let i = 0; i < 20; i++) await ask(`warm-${run}-${i}@liftoff.local`);

  const times = { known: [], unknown: [] };
  for (let i = 0; i < n; i++) {
    const pair = [
      ['known', known[i]],
      ['unknown', unknown[i]],
    ];
    if (Math.random() < 0.5) pair.reverse();
    for (const [kind, email] of pair) times[kind].push(await ask(email));
  }

  const known50 = median(times.known);
  const unknown50 = median(times.unknown);
  const spread = (Math.abs(known50 - unknown50) / Math.min(known50, unknown50)) * 100;
  console.log(
    `POST /api/auth/send-reset-password-link on ${database}, ${n} known and ${n} unknown addresses, pairs back to back${gapMs ? ` with ${gapMs} ms after each` : ''}:`,
  );
  for (const kind of ['known', 'unknown']) {
    console.log(
      `  ${kind.padEnd(8)} median ${median(times[kind]).toFixed(2)} ms  p90 ${percentile(times[kind], 90).toFixed(2)} ms  p99 ${percentile(times[kind], 99).toFixed(2)} ms`,
    );
  }
  console.log(
    `  medians ${spread.toFixed(1)} % apart (goal: within 15 %) — ${spread <= 15 ? 'within' : 'OUTSIDE'}`,
  );
} finally {
  await server.stop();
  await own?.drop();
}
