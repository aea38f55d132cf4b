// How many founders one API process carries. Simulated founders sign in once, then, with a think time between
// pages, open the overview (every call the overview page makes, as the browser makes them: together), open a
// mission (the mission page's calls), complete or put off the step they are on, and send the coach a message
// (to its first streamed word, from a fake model server that answers at once). The load rises level by level
// until a page's p99 passes 200 ms; printed: each level's figures and the most founders with every page's
// p99 ≤ 200 ms. Needs `npm run build`. DATABASE_URL (a server) runs it on a database of its own there;
// PGlite otherwise.
//   LEVELS      founders per level (default 25,50,100,200,400)   SECONDS  per level (default 20)
//   THINK_MS    mean pause between a founder's pages (default 2000; uniform over half to one and a half of it)
//   PROFILE=1   writes a CPU profile of the server (node --cpu-prof) and prints where its time went
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { TextDecoder } from 'node:util';
import { percentile, startApi, startFakeModel } from './ai-support.mjs';

const levels = (process.env.LEVELS ?? '25,50,100,200,400').split(',').map(Number);
const seconds = Number(process.env.SECONDS ?? 20);
const thinkMs = Number(process.env.THINK_MS ?? 2000);
const BUDGET_MS = 200;
const PASSWORD = 'orbit-lantern-42-meadow';
const profileDir = process.env.PROFILE
  ? mkdtempSync(path.join(tmpdir(), 'liftoff-founder-load-prof-'))
  : null;

const model = await startFakeModel({ firstTokenDelayMs: 0, pieces: 10 });
const api = await startApi(
  {
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: model.url,
    AI_MODEL: 'fake',
  },
  {
    databaseServer: process.env.DATABASE_URL,
    nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  },
);

async function call(method, url, token, body) {
  const res = await fetch(`${api.url}/api${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 500 || res.status === 429)
    throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 200)}`);
  return { status: res.status, data: text ? JSON.parse(text).data : null };
}

/** Sign-up as a founder does it: account, the code from the development outbox, onboarding (which enrols). */
async function newFounder(n) {
  const email = `load-${Date.now().toString(36)}-${n}@bench.local`;
  const signup = await call('POST', '/auth/signup', null, {
    firstName: 'Load',
    lastName: `No. ${n}`,
    email,
    password: PASSWORD,
  });
  const { token, user } = signup.data;
  let code = '';
  for (let i = 0; i < 100 && !code; i++) {
    const mails = await fetch(`${api.url}/api/dev/mailbox?to=${encodeURIComponent(email)}`).then((r) =>
      r.json(),
    );
    code = /\b(\d{6})\b/.exec(mails.data[0]?.text ?? '')?.[1] ?? '';
    if (!code) await new Promise((r) => setTimeout(r, 50));
  }
  await call('POST', '/auth/verify-email', token, { code });
  await call('PUT', `/user/${user.id}/meta`, token, {
    meta: { startupName: `Startup ${n}`, stage: 'Idea', industry: 'Fintech' },
  });
  await call('PATCH', `/user/update-user/${user.id}`, token, { profileCompleted: true });
  // Signed in again after onboarding, as the app does: the token then carries the finished profile.
  const login = await call('POST', '/auth/login', null, { email, password: PASSWORD });
  return { token: login.data.token, missionId: null, milestoneId: null };
}

/** The pages, each as the browser loads it: its calls at once; the page is ready when the last one answers. */
const pages = {
  async overview(f) {
    const [, , programs] = await Promise.all([
      call('GET', '/feature-flags', f.token),
      call('GET', '/notifications/unread-count', f.token),
      call('GET', '/userProgram/programs/outline', f.token),
      call('GET', '/expert/meetings', f.token),
      call('GET', '/popularQuestion/user-popular-questions', f.token),
    ]);
    const milestone =
      programs.data[0].userMilestone.find((m) => m.status === 'ONGOING') ?? programs.data[0].userMilestone[0];
    const mission = milestone.userMission.find((m) => m.status === 'ONGOING') ?? milestone.userMission[0];
    f.milestoneId = milestone.id;
    f.missionId = mission.id;
  },
  async mission(f) {
    const [, , mission] = await Promise.all([
      call('GET', '/feature-flags', f.token),
      call('GET', '/notifications/unread-count', f.token),
      call('GET', `/userMission/${f.missionId}`, f.token),
      call('GET', `/userMilestone/${f.milestoneId}`, f.token),
    ]);
    f.step = mission.data.userStep.find((s) => s.status === 'ONGOING' && !s.doLater) ?? null;
  },
  /** "Next" on the open step; a worksheet with required fields left empty is put off instead, as a founder would. */
  async step(f) {
    if (!f.step) return pages.mission(f);
    const done = await call('PUT', '/userStep/next-step', f.token, { stepId: f.step.id, doLater: false });
    if (done.status === 400)
      await call('PUT', '/userStep/next-step', f.token, { stepId: f.step.id, doLater: true });
    f.step = null;
  },
  /** To the first streamed word: what the founder waits for. The rest of the answer is read too. */
  async coach(f, mark) {
    const res = await fetch(`${api.url}/api/ai/chat/completion`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${f.token}`,
        'content-type': 'application/json',
        accept: 'text/event-stream',
      },
      body: JSON.stringify({ input: 'How many customer interviews are enough before I build?' }),
    });
    if (res.status !== 200) throw new Error(`coach: ${res.status} ${(await res.text()).slice(0, 200)}`);
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let body = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      body += decoder.decode(value, { stream: true });
      if (body.includes('"content"')) mark();
    }
  },
};
const plan = ['overview', 'mission', 'step', 'mission', 'step', 'overview', 'coach'];

async function runFounder(f, until, times, errors) {
  let i = Math.floor(Math.random() * plan.length);
  if (!f.missionId) await pages.overview(f);
  while (performance.now() < until) {
    await new Promise((r) => setTimeout(r, thinkMs * (0.5 + Math.random())));
    if (performance.now() >= until) break;
    const name = plan[i++ % plan.length];
    const started = performance.now();
    let ready = 0;
    try {
      await pages[name](f, () => (ready ||= performance.now()));
      times[name].push((ready || performance.now()) - started);
    } catch (error) {
      errors.push(`${name}: ${error.message}`);
    }
  }
}

function hotSpots(dir) {
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) return;
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  const self = new Map();
  const dt = new Map(profile.samples.map((id, i) => [i, profile.timeDeltas[i] ?? 0]));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  profile.samples.forEach((id, i) => {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const where = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/apps\//, 'apps/')}:${lineNumber + 1}`;
    self.set(where, (self.get(where) ?? 0) + dt.get(i));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(`\nserver CPU profile (${dir}), self time, top 15:`);
  for (const [where, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`  ${((100 * us) / total).toFixed(1).padStart(5)} %  ${where}`);
}

const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const founders = [];
let carried = 0;
try {
  for (const level of levels) {
    while (founders.length < level) {
      const founder = await newFounder(founders.length + 1);
      // Once through every page unmeasured: the server's code is compiled and its caches filled, as in use.
      for (const name of Object.keys(pages)) await pages[name](founder, () => {});
      founders.push(founder);
    }
    const times = Object.fromEntries(Object.keys(pages).map((k) => [k, []]));
    const errors = [];
    const until = performance.now() + seconds * 1000;
    await Promise.all(founders.slice(0, level).map((f) => runFounder(f, until, times, errors)));
    const worst = Math.max(...Object.values(times).map((t) => (t.length ? percentile(t, 99) : 0)));
    const row = Object.entries(times)
      .map(
        ([name, t]) =>
          `${name} p50 ${percentile(t, 50)?.toFixed(0)} p99 ${percentile(t, 99)?.toFixed(0)} ms (${t.length})`,
      )
      .join(', ');
    console.log(
      `${database}, ${level} founders, ${seconds} s: ${row}; errors ${errors.length}${errors.length ? ` (${errors[0]})` : ''}`,
    );
    if (worst > BUDGET_MS || errors.length) break;
    carried = level;
  }
  console.log(
    `\nfounder load on ${database}: one process carries ${carried || `fewer than ${levels[0]}`} founders with every page's p99 ≤ ${BUDGET_MS} ms ` +
      `(a page every ${thinkMs / 1000} s per founder on average)`,
  );
} finally {
  await api.stop();
  await model.close();
}
if (profileDir) hotSpots(profileDir);
