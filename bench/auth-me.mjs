// Requests per second and p99 latency of GET /api/auth/me at 50 connections against the built server.
// Needs `npm run build` first. DATABASE_URL may point it at PostgreSQL; PGlite otherwise.
import autocannon from 'autocannon';
import { startBuiltServer } from './support.mjs';

const email = 'bench@liftoff.local';
const password = 'bench-password-2026';
const server = await startBuiltServer({
  SEED_DEMO: 'false',
  CREDENTIAL_RATE_LIMIT_PER_MINUTE: '100000',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
try {
  const post = (path, body, token) =>
    fetch(`${server.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  await post('/auth/signup', { firstName: 'Bench', lastName: 'Mark', email, password });
  const { data } = await post('/auth/login', { email, password });
  const result = await autocannon({
    url: `${server.url}/api/auth/me`,
    connections: 50,
    duration: Number(process.env.BENCH_SECONDS ?? 15),
    headers: { authorization: `Bearer ${data.token}` },
  });
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(
    `GET /api/auth/me, 50 connections, ${result.duration}s on ${database}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}`,
  );
} finally {
  await server.stop();
}
