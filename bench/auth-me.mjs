// GET /api/auth/me against the built server, side by side in one run with its floor: a bare Fastify server
// answering the same call with one prepared query on the same kind of database (bench/servers/bare-auth-me.mjs).
// Rounds alternate between them, so the shared machine's noise falls on both; the ratio is what to read.
// Needs `npm run build` first. DATABASE_URL points it at PostgreSQL; PGlite otherwise.
//   BENCH_SECONDS  per round and server (default 5), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default 50)
//   BEFORE_DIR     another checkout, built, to run as a third contender (before/after in the same run)
//   BENCH_TRACING  a sample ratio (say 0.1), or several separated by commas: adds the same build with tracing on
//                  at each ratio, exporting to a local OTLP/HTTP sink, as contenders beside the untraced one
//                  (budget at 0.1: at most 5 % slower)
// Goals: Liftoff >= 50 % of the floor; p99 <= 20 ms on PostgreSQL, <= 50 ms on PGlite (50 connections);
// at 200 connections, no request waits more than a second.
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import path from 'node:path';
import { cpuMs, repoDir, startBuiltServer } from './support.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const databaseUrl = process.env.DATABASE_URL;
const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
const email = 'bench@liftoff.local';
const password = 'bench-password-2026';
const env = {
  SEED_DEMO: 'false',
  CREDENTIAL_RATE_LIMIT_PER_MINUTE: '100000',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
};

async function signIn(url) {
  const post = (p, body) =>
    fetch(`${url}/api${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  await post('/auth/signup', { firstName: 'Bench', lastName: 'Mark', email, password });
  const { data } = await post('/auth/login', { email, password });
  return data;
}

function startBare(userId) {
  const child = fork(path.join(repoDir, 'bench/servers/bare-auth-me.mjs'), [
    databaseUrl ? 'postgres' : 'pglite',
    databaseUrl ?? '',
    userId,
  ]);
  return new Promise((resolve) =>
    child.once('message', ({ port }) =>
      resolve({ url: `http://127.0.0.1:${port}`, pid: child.pid, stop: async () => child.disconnect() }),
    ),
  );
}

const contenders = [];
const servers = [];
try {
  const liftoff = await startBuiltServer(env);
  servers.push(liftoff);
  const session = await signIn(liftoff.url);
  contenders.push({ name: 'Liftoff', url: liftoff.url, token: session.token, pid: liftoff.pid });
  if (process.env.BENCH_TRACING) {
    // A sink that takes the exporter's batches and drops them: what is measured is the API's own cost.
    const sink = createServer((req, res) => req.resume().on('end', () => res.writeHead(200).end('{}')));
    await new Promise((resolve) => sink.listen(0, '127.0.0.1', resolve));
    servers.push({ stop: () => new Promise((resolve) => sink.close(resolve)) });
    // Several ratios side by side (say `0,0.1`): 0 shows what tracing costs before any trace is kept.
    // A ratio named twice starts two servers: one process against another of the same code varies by several
    // per cent, so two of each (with BEFORE_DIR=. for a second untraced one) tell that spread from the cost.
    for (const [i, ratio] of process.env.BENCH_TRACING.split(',').entries()) {
      const traced = await startBuiltServer({
        ...env,
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${sink.address().port}`,
        OTEL_TRACES_SAMPLER_ARG: ratio,
      });
      servers.push(traced);
      const name = `Liftoff traced at ${ratio}${contenders.some((c) => c.name.startsWith(`Liftoff traced at ${ratio}`)) ? ` (#${i + 1})` : ''}`;
      contenders.push({ name, url: traced.url, token: (await signIn(traced.url)).token, pid: traced.pid });
    }
  }
  if (process.env.BEFORE_DIR) {
    const before = await startBuiltServer(env, { dir: path.resolve(process.env.BEFORE_DIR) });
    servers.push(before);
    contenders.push({
      name: 'Liftoff before',
      url: before.url,
      token: (await signIn(before.url)).token,
      pid: before.pid,
    });
  }
  const bare = await startBare(session.user.id);
  servers.push(bare);
  // Its CPU per request too: the floor's share of a busy two-core machine moves with the load generator's,
  // and what each request costs the server itself is the steadier comparison.
  contenders.unshift({ name: 'bare Fastify + one query', url: bare.url, token: 'none', pid: bare.pid });

  const results = new Map(contenders.map((c) => [c.name, []]));
  for (let round = 0; round < rounds; round += 1) {
    // The order turns each round: whoever runs just after another server's round starts on a machine still
    // busy with that one's aftermath (its database's writes, sockets closing), and no contender keeps that seat.
    const order = contenders.map((_, i) => contenders[(i + round) % contenders.length]);
    for (const c of order) {
      // A short warm-up, so each measured round starts with the server's connections and JIT ready.
      await autocannon({
        url: `${c.url}/api/auth/me`,
        connections,
        duration: 1,
        headers: { authorization: `Bearer ${c.token}` },
      });
      const cpuBefore = c.pid ? cpuMs(c.pid) : null;
      const r = await autocannon({
        url: `${c.url}/api/auth/me`,
        connections,
        duration: seconds,
        timeout: 10,
        headers: { authorization: `Bearer ${c.token}` },
      });
      const cpuAfter = c.pid ? cpuMs(c.pid) : null;
      r.cpuPerRequestUs =
        cpuBefore !== null && cpuAfter !== null ? ((cpuAfter - cpuBefore) * 1000) / r.requests.total : null;
      results.get(c.name).push(r);
      console.log(
        `round ${round + 1} ${c.name}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms, timeouts ${r.timeouts}, errors ${r.errors}, non-2xx ${r.non2xx}${r.cpuPerRequestUs ? `, server CPU ${r.cpuPerRequestUs.toFixed(0)} µs/request` : ''}`,
      );
    }
  }
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const floor = median(results.get(contenders[0].name).map((r) => r.requests.average));
  console.log(
    `\nGET /api/auth/me, ${connections} connections, ${rounds} × ${seconds} s each, ${database} (medians):`,
  );
  for (const c of contenders) {
    const rs = results.get(c.name);
    const rps = median(rs.map((r) => r.requests.average));
    console.log(
      `  ${c.name.padEnd(26)} ${rps.toFixed(0).padStart(6)} req/s  ${((100 * rps) / floor).toFixed(0).padStart(4)} % of the floor  p99 ${median(rs.map((r) => r.latency.p99))} ms  max ${Math.max(...rs.map((r) => r.latency.max))} ms  timeouts ${rs.reduce((n, r) => n + r.timeouts, 0)}  non-2xx ${rs.reduce((n, r) => n + r.non2xx, 0)}${rs[0].cpuPerRequestUs ? `  server CPU ${median(rs.map((r) => r.cpuPerRequestUs)).toFixed(0)} µs/request` : ''}`,
    );
  }
  // Each round runs the contenders back to back, so a round's ratio compares them under the same noise; the
  // median of those ratios is steadier than a ratio of medians on a shared machine.
  const liftoffRounds = results.get('Liftoff');
  for (const c of contenders.filter((c) => c.pid && c.name !== 'Liftoff')) {
    const ratios = results
      .get(c.name)
      .map((r, i) => r.cpuPerRequestUs / liftoffRounds[i].cpuPerRequestUs)
      .filter(Number.isFinite);
    if (!ratios.length) continue;
    const cost = (median(ratios) - 1) * 100;
    console.log(
      `  ${c.name}: server CPU per request ${cost >= 0 ? '+' : ''}${cost.toFixed(1)} % against Liftoff (median of ${ratios.length} same-round ratios)`,
    );
  }
} finally {
  // Last started, first stopped: a traced server sends what it still holds to the sink as it stops.
  for (const s of servers.reverse()) await s.stop();
}
