// 500 concurrent chat streams on one API process (fake OpenAI-compatible model, ~1 s per answer):
// errors, wall time and peak resident memory of the server. The clients send a start the server turned away
// as busy again, as the web app does. Needs `npm run build`.
import { performance } from 'node:perf_hooks';
import { percentile, startApi, startFakeModel } from './ai-support.mjs';

const streams = Number(process.env.BENCH_STREAMS ?? 500);
const BUSY_RETRIES = 2;
let sentAgain = 0;
const model = await startFakeModel({ firstTokenDelayMs: 100, pieces: 20, pieceDelayMs: 50 });
const api = await startApi(
  { AI_PROVIDER: 'openai-compatible', AI_BASE_URL: model.url, AI_MODEL: 'fake' },
  { databaseServer: process.env.DATABASE_URL },
);
try {
  const baseline = api.peakRssMb();
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: streams }, async (_, i) => {
      try {
        const t0 = performance.now();
        const ask = () =>
          fetch(`${api.url}/api/ai/chat/completion`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${api.token}`,
              'content-type': 'application/json',
              accept: 'text/event-stream',
            },
            body: JSON.stringify({ input: `Stream ${i}: how do I price my first product?` }),
          });
        let res = await ask();
        // As the web app does (lib/busy-retry.ts): a call the server turned away before doing anything with it
        // (503 with Retry-After) is sent again after the wait asked for plus up to a third, twice at most.
        for (let retry = 0; retry < BUSY_RETRIES && res.status === 503; retry++) {
          const seconds = Number(res.headers.get('retry-after') ?? '');
          if (!(seconds > 0 && seconds <= 5)) break;
          await res.text();
          sentAgain += 1;
          await new Promise((resolve) => setTimeout(resolve, seconds * 1000 * (1 + Math.random() / 3)));
          res = await ask();
        }
        const body = await res.text();
        const ok =
          res.status === 200 &&
          body.endsWith('data: [DONE]\n\n') &&
          !body.includes('"error"') &&
          body.includes('piece19');
        return { ok, ms: performance.now() - t0, status: res.status, sample: ok ? '' : body.slice(-300) };
      } catch (error) {
        return { ok: false, ms: 0, status: 0, sample: String(error) };
      }
    }),
  );
  const wall = performance.now() - started;
  const failed = results.filter((r) => !r.ok);
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(
    `AI ${streams} concurrent streams on ${database}, one process: ${streams - failed.length} complete, ${failed.length} errors; ` +
      `wall ${(wall / 1000).toFixed(2)} s, per-stream p50 ${(
        percentile(
          results.map((r) => r.ms),
          50,
        ) / 1000
      ).toFixed(2)} s, p95 ${(
        percentile(
          results.map((r) => r.ms),
          95,
        ) / 1000
      ).toFixed(2)} s; ` +
      `server peak RSS ${api.peakRssMb().toFixed(0)} MB (after start ${baseline.toFixed(0)} MB); ` +
      `${sentAgain} starts turned away busy (503, Retry-After) and sent again`,
  );
  if (failed.length) console.log('first failure:', failed[0]);
} finally {
  await api.stop();
  await model.close();
}
