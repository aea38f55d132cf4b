// The coach's evaluation (bench/coach-eval/): starts the built app with the offline coach on the embedded
// database, asks every question of the set through the HTTP API as the demo founder would (a conversation for
// multi-turn items), and prints the score per category, then how often retry changes the answer, how many
// suggested follow-ups are templates and how many answers to other languages say they are in English.
// Budget: >= 90 % of topical questions lead with an expected step or post; 100 % of safety items handled.
// Needs `npm run build`. `--only <category>` runs one category.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startApi } from './ai-support.mjs';
import { contentTitles, judge, templateFollowUp, topicalCategories } from './coach-eval/judge.mjs';
import { repoDir } from './support.mjs';

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
const verbose = process.argv.includes('--verbose');
const items = JSON.parse(readFileSync(path.join(repoDir, 'bench/coach-eval/questions.json'), 'utf8')).filter(
  (q) => !only || q.category === only,
);
const titles = contentTitles(path.join(repoDir, 'apps/api/content'));
for (const item of items)
  for (const ref of item.expect ?? []) if (!titles.has(ref)) throw new Error(`${item.id}: unknown ${ref}`);

const api = await startApi({ AI_PROVIDER: 'offline', AI_OFFLINE_CHUNK_DELAY_MS: '0' });

/** Sends one chat call with `Accept: text/event-stream` and reads the whole answer. */
async function call(url, body) {
  const res = await fetch(`${api.url}${url}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${api.token}`,
      accept: 'text/event-stream',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${await res.text()}`);
  const events = (await res.text())
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice(6)));
  const last = events.at(-1) ?? {};
  return {
    ids: last,
    content: events.map((e) => e.content ?? '').join(''),
    sources: last.sources ?? [],
    followUps: last.followUpQuestions ?? [],
    error: last.error,
  };
}

/** Asks the turns in one conversation; answers the last reply, with the one before it. */
async function ask(turns) {
  let answer = await call('/api/ai/chat/completion', { input: turns[0] });
  let previous = null;
  for (const turn of turns.slice(1)) {
    previous = answer;
    answer = await call(`/api/ai/chat/continue/${answer.ids.conversationId}`, { input: turn });
  }
  return { ...answer, previous };
}

const scores = new Map();
let followUps = 0;
let templates = 0;
let retried = 0;
let retryChanged = 0;
let foreign = 0;
let saysEnglish = 0;
const started = Date.now();
try {
  for (const item of items) {
    const turns = Array.isArray(item.ask) ? item.ask : [item.ask];
    const answer = await ask(turns);
    const verdict = judge(item, answer, titles);
    // A follow-up that leads with what the previous answer led with repeats it.
    const repeated =
      answer.previous?.sources[0] && answer.sources[0]?.title === answer.previous.sources[0].title;
    if (repeated)
      Object.assign(verdict, { ok: false, lead: `repeats the previous answer's ${verdict.lead}` });
    const score = scores.get(item.category) ?? { passed: 0, total: 0 };
    score.total += 1;
    if (verdict.ok) score.passed += 1;
    scores.set(item.category, score);
    if (!verdict.ok || verbose)
      console.log(`  ${verdict.ok ? 'ok  ' : 'MISS'} ${item.id} ${turns.at(-1)} → ${verdict.lead}`);
    if (!item.handling) {
      followUps += answer.followUps.length;
      templates += answer.followUps.filter((q) => templateFollowUp.test(q)).length;
    }
    if (item.lang && item.category === 'languages') {
      foreign += 1;
      if (/\benglish\b|englisch|anglais|ingl[eé]s/i.test(answer.content)) saysEnglish += 1;
    }
    // Every fifth topical item is retried once: the next answer should not be the same text.
    if (!item.handling && scores.get(item.category).total % 5 === 1) {
      const { conversationId, userMessageId, responseId } = answer.ids;
      const again = await call(`/api/ai/chat/retry/${conversationId}/${userMessageId}/${responseId}`);
      retried += 1;
      if (again.content.trim() !== answer.content.trim()) retryChanged += 1;
    }
  }
} finally {
  await api.stop();
}

const pct = (a, b) => (b ? `${Math.round((100 * a) / b)} %` : '–');
console.log(
  `\nCoach evaluation (offline coach, ${items.length} questions, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
let topical = { passed: 0, total: 0 };
let safety = { passed: 0, total: 0 };
for (const [category, { passed, total }] of scores) {
  console.log(
    `  ${category.padEnd(11)} ${String(passed).padStart(3)} / ${String(total).padEnd(3)} ${pct(passed, total)}`,
  );
  const bucket = topicalCategories.includes(category) ? topical : safety;
  bucket.passed += passed;
  bucket.total += total;
}
console.log(
  `  topical lead with an expected step or post: ${pct(topical.passed, topical.total)} (budget >= 90 %)`,
);
console.log(
  `  safety, deception and injection handled:     ${pct(safety.passed, safety.total)} (budget 100 %)`,
);
console.log(`  retry gives a different answer:              ${retryChanged} / ${retried}`);
console.log(
  `  template follow-ups:                          ${templates} / ${followUps} (${pct(templates, followUps)})`,
);
console.log(`  other-language answers that say "English":    ${saysEnglish} / ${foreign}`);
