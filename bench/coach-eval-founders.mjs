// The coach on questions asked the way founders ask them (bench/coach-eval/founder-questions.json): long, with
// their own context, in other words than the program's, some misspelled. Starts the built app with the offline
// coach on the embedded database, asks each question as the demo founder (who stands on the program's first
// mission, so a question about anything else shows whether the standing overrides it) and prints, per category
// and per half, how many answers lead with an expected step or post. Retrieval is tuned on the development
// half only; the held-out half is the figure to report. Budget: >= 85 % of the held-out half.
// Needs `npm run build`. `--half development|held-out` runs one half; `--verbose` lists every lead.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startApi } from './ai-support.mjs';
import { contentTitles, judge } from './coach-eval/judge.mjs';
import { repoDir } from './support.mjs';

const arg = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : null);
const half = arg('--half');
const verbose = process.argv.includes('--verbose');
const items = JSON.parse(
  readFileSync(path.join(repoDir, 'bench/coach-eval/founder-questions.json'), 'utf8'),
).filter((q) => !half || q.half === half);
const titles = contentTitles(path.join(repoDir, 'apps/api/content'));
for (const item of items)
  for (const ref of item.expect) if (!titles.has(ref)) throw new Error(`${item.id}: unknown ${ref}`);

const api = await startApi({ AI_PROVIDER: 'offline', AI_OFFLINE_CHUNK_DELAY_MS: '0' });

/** Asks one question in a new conversation and reads the sources of the whole answer. */
async function ask(input) {
  const res = await fetch(`${api.url}/api/ai/chat/completion`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${api.token}`,
      accept: 'text/event-stream',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ input }),
  });
  if (!res.ok) throw new Error(`HTTP ${res.status} ${await res.text()}`);
  const events = (await res.text())
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice(6)));
  const last = events.at(-1) ?? {};
  return { content: events.map((e) => e.content ?? '').join(''), sources: last.sources ?? [] };
}

const scores = new Map();
const count = (key, ok) => {
  const score = scores.get(key) ?? { passed: 0, total: 0 };
  score.total += 1;
  if (ok) score.passed += 1;
  scores.set(key, score);
};
const started = Date.now();
try {
  for (const item of items) {
    const verdict = judge(item, await ask(item.ask), titles);
    count(`${item.category}\t${item.half}`, verdict.ok);
    count(`all\t${item.half}`, verdict.ok);
    if (!verdict.ok || verbose)
      console.log(`  ${verdict.ok ? 'ok  ' : 'MISS'} ${item.id} ${item.ask.slice(0, 90)} → ${verdict.lead}`);
  }
} finally {
  await api.stop();
}

const pct = (a, b) => (b ? `${Math.round((100 * a) / b)} %` : '–');
const cell = (key) => {
  const s = scores.get(key);
  return s
    ? `${String(s.passed).padStart(3)} / ${String(s.total).padEnd(3)} ${pct(s.passed, s.total).padStart(5)}`
    : '';
};
console.log(
  `\nCoach evaluation on founders' own words (offline coach, ${items.length} questions, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
console.log(`  ${'category'.padEnd(15)} ${'development'.padEnd(16)} held-out`);
const categories = [...new Set(items.map((i) => i.category)), 'all'];
for (const category of categories)
  console.log(
    `  ${category.padEnd(15)} ${cell(`${category}\tdevelopment`).padEnd(16)} ${cell(`${category}\theld-out`)}`,
  );
console.log('  budget: >= 85 % of the held-out half led by an expected step or post');
