// What tracing costs a request, as CPU per GET /api/auth/me: the untraced app and the same app traced at each
// ratio, all in ONE process, loaded in turn round after round. Two processes of the same code differ by up to
// 10 % here (their memory layout, the cores they land on), more than the 5 % budget being measured; within one
// process that spread is gone, and a second untraced app shows what is left of it.
// Needs `npm run build` first. DATABASE_URL points it at PostgreSQL; PGlite otherwise.
//   BENCH_RATIOS       default 0,0.1,1; BENCH_ROUNDS (default 16), BENCH_SECONDS (default 2), BENCH_CONNECTIONS (50)
// Budget (spec section 9: 0.1 in production): traced at 0.1 at most 5 % above untraced.
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import path from 'node:path';
import { cpuMs, repoDir } from './support.mjs';

const ratios = (process.env.BENCH_RATIOS ?? '0,0.1,1').split(',');
const rounds = Number(process.env.BENCH_ROUNDS ?? 16);
const seconds = Number(process.env.BENCH_SECONDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const specs = ['off', ...ratios, 'off'];

// A collector that takes the exporter's batches and drops them: what is measured is the API's own cost.
const sink = createServer((req, res) => req.resume().on('end', () => res.writeHead(200).end('{}')));
await new Promise((resolve) => sink.listen(0, '127.0.0.1', resolve));
const child = fork(path.join(repoDir, 'bench/servers/apps-in-one-process.mjs'), [
  String(sink.address().port),
  ...specs,
]);
const { ports } = await new Promise((resolve) => child.once('message', resolve));
try {
  const apps = [];
  for (const [i, spec] of specs.entries()) {
    const url = `http://127.0.0.1:${ports[i]}`;
    const post = (p, body) =>
      fetch(`${url}/api${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json());
    // On one PostgreSQL the apps share the account: the second sign-up is refused and the sign-in works.
    const account = {
      firstName: 'Bench',
      lastName: 'Mark',
      email: 'tracing@liftoff.local',
      password: 'bench-password-2026',
    };
    await post('/auth/signup', account);
    const { data } = await post('/auth/login', { email: account.email, password: account.password });
    const name = spec === 'off' ? (i === 0 ? 'untraced' : 'untraced, a second app') : `traced at ${spec}`;
    apps.push({ name, url, token: data.token, cpuPerRequest: [] });
  }
  const load = (app, duration) =>
    autocannon({
      url: `${app.url}/api/auth/me`,
      connections,
      duration,
      headers: { authorization: `Bearer ${app.token}` },
    });
  for (const app of apps) await load(app, 2);
  for (let round = 0; round < rounds; round += 1) {
    // The order turns each round, so no app always runs right after the same other one.
    for (const app of apps.map((_, i) => apps[(i + round) % apps.length])) {
      const before = cpuMs(child.pid);
      const result = await load(app, seconds);
      app.cpuPerRequest.push(((cpuMs(child.pid) - before) * 1000) / result.requests.total);
    }
  }
  const quantile = (values, q) =>
    [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * q + 0.5)];
  const median = (values) => quantile(values, 0.5);
  // Each round's reference is the mean of the two untraced apps: either one alone carries its own few per
  // cent (two apps of the same code differ even within one process), and their ratio shows how much.
  const [first, ...rest] = apps;
  const second = rest[rest.length - 1];
  const reference = first.cpuPerRequest.map((v, i) => (v + second.cpuPerRequest[i]) / 2);
  const ratios = (values, base) => values.map((v, i) => (v / base[i] - 1) * 100);
  const against = (values, base) => median(ratios(values, base));
  const signed = (value) => `${value >= 0 ? '+' : ''}${value.toFixed(1)} %`;
  // The middle half of the rounds: a single run's median moves by about that much from one run to the next.
  const middleHalf = (values, base) => {
    const each = ratios(values, base);
    return `(middle half of rounds ${signed(quantile(each, 0.25))} to ${signed(quantile(each, 0.75))})`;
  };
  console.log(
    `\nTracing's cost on GET /api/auth/me, one process, ${connections} connections, ${rounds} rounds × ${seconds} s, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, Node ${process.versions.node}:`,
  );
  for (const app of apps) {
    console.log(
      `  ${app.name.padEnd(24)} ${median(app.cpuPerRequest).toFixed(0).padStart(5)} µs CPU/request` +
        (app === first || app === second
          ? ''
          : `  ${signed(against(app.cpuPerRequest, reference))} against untraced ${middleHalf(app.cpuPerRequest, reference)}`),
    );
  }
  console.log(
    `  spread: the second untraced app ${signed(against(second.cpuPerRequest, first.cpuPerRequest))} against the first ${middleHalf(second.cpuPerRequest, first.cpuPerRequest)}`,
  );
  console.log('  budget: traced at 0.1 at most +5 %');
} finally {
  child.disconnect();
  sink.close();
}
