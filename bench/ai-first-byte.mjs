// Time from a chat request to its first streamed content byte, minus the model server's own first-token
// time (a fake OpenAI-compatible server with a known delay): what Liftoff adds. Goal: median <= 5 ms.
// Also printed: the same against a client that asks the model server directly (which pays loopback HTTP
// once, as a founder's client would), and a bare Node proxy for scale.
// Needs `npm run build`. DATABASE_URL (a server) runs it on a database of its own there; PGlite otherwise.
import { fork } from 'node:child_process';
import path from 'node:path';
import { TextDecoder } from 'node:util';
import { performance } from 'node:perf_hooks';
import { percentile, startApi, startFakeModel } from './ai-support.mjs';
import { repoDir } from './support.mjs';

/** Time from sending `init` to `url` until the streamed body first contains '"content"'. */
async function timeToFirstContent(url, init) {
  const started = performance.now();
  const res = await fetch(url, init);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let body = '';
  let firstContent = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    body += decoder.decode(value, { stream: true });
    if (!firstContent && body.includes('"content"')) firstContent = performance.now();
  }
  if (!body.includes('[DONE]')) throw new Error('stream did not finish');
  return firstContent - started;
}

/**
 * The floor of this machine: a bare Node proxy (servers/bare-proxy.mjs, its own process) that forwards the
 * question to the same model server and pipes its stream back.
 */
async function bareProxyOverheads(model, runs) {
  const proxy = fork(path.join(repoDir, 'bench/servers/bare-proxy.mjs'), [model.url]);
  const { port } = await new Promise((resolve) => proxy.once('message', resolve));
  const overheads = [];
  for (let i = 0; i < runs + 10; i++) {
    const total = await timeToFirstContent(`http://127.0.0.1:${port}/`, {
      method: 'POST',
      body: `question ${i}`,
    });
    const { modelFirstTokenMs } = await model.lastTiming();
    if (i >= 10) overheads.push(total - modelFirstTokenMs);
  }
  await new Promise((resolve) => (proxy.once('exit', resolve), proxy.kill()));
  return overheads;
}

const runs = Number(process.env.BENCH_RUNS ?? 200);
const model = await startFakeModel({ firstTokenDelayMs: 50, pieces: 3 });
const api = await startApi(
  { AI_PROVIDER: 'openai-compatible', AI_BASE_URL: model.url, AI_MODEL: 'fake' },
  { databaseServer: process.env.DATABASE_URL },
);
try {
  const overheads = [];
  const totals = [];
  const directTotals = [];
  for (let i = 0; i < runs + 10; i++) {
    const total = await timeToFirstContent(`${api.url}/api/ai/chat/completion`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${api.token}`,
        'content-type': 'application/json',
        accept: 'text/event-stream',
      },
      body: JSON.stringify({
        input: `How many customer interviews are enough before I build, attempt ${i}?`,
      }),
    });
    const { modelFirstTokenMs: modelMs } = await model.lastTiming();
    // The same question straight to the model server: what a client talking to it directly would wait.
    const direct = await timeToFirstContent(`${model.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'fake', stream: true, messages: [{ role: 'user', content: `q ${i}` }] }),
    });
    if (i >= 10) {
      // The first 10 warm up the JIT and connection pools.
      totals.push(total);
      overheads.push(total - modelMs);
      directTotals.push(direct);
    }
  }
  const floor = await bareProxyOverheads(model, runs);
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const f = (n) => n.toFixed(2);
  console.log(
    `AI first streamed byte on ${database}, ${runs} sequential requests, model first token 50 ms: ` +
      `total median ${f(percentile(totals, 50))} ms; Liftoff overhead median ${f(percentile(overheads, 50))} ms, p95 ${f(percentile(overheads, 95))} ms (goal: median <= 5 ms)`,
  );
  console.log(
    `  over a client asking the model server directly (median ${f(percentile(directTotals, 50))} ms to its first text): ` +
      `Liftoff adds ${f(percentile(totals, 50) - percentile(directTotals, 50))} ms at the median`,
  );
  console.log(
    `  for scale, a bare Node proxy to the same model server adds median ${f(percentile(floor, 50))} ms, p95 ${f(percentile(floor, 95))} ms on this machine`,
  );
} finally {
  await api.stop();
  await model.close();
}
