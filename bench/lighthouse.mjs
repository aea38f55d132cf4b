// Lighthouse (the `lighthouse` npm package driving Debian Chromium) on the built app as a founder opens it:
// /sign-in and a link to a mission signed out (both show the light sign-in screen), then /overview, a mission's
// page and /ai-workspace signed in as the demo founder. Prints the four categories for each page, on the mobile
// preset (the default; PRESET=desktop for the desktop one). Goals (mobile): performance ≥ 95 on the sign-in
// screen and ≥ 90 on the others; accessibility 100 on each.
//
// Each page is audited RUNS times (3 unless set) and the median is printed with the range of the performance
// score: on a shared 2-core machine one audit's blocking time moves by ±300 ms from one run to the next.
// Two ways to the app are measured (EDGE=direct or EDGE=nginx for one of them):
// - direct: HTTP/1.1 from the app's own server, as `npm start` serves it;
// - nginx: through the shipped nginx server block with TLS and HTTP/2, as docs/deploy.md puts it in front in
//   production (a certificate made for the run; Chromium told to accept it).
// The phone's connection and CPU are simulated from one unthrottled load (Lighthouse's default, the figures the
// goals are for). THROTTLING=devtools slows the load itself instead: the page's requests then really wait on
// each other, which shows what a change to their order does on a phone; the figures move more between runs.
// REPORTS=<dir> keeps each audit's full report there as JSON (its LCP element, requests and main-thread work).
// Needs `npm run build` first. CHROMIUM_PATH overrides /usr/bin/chromium.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { register } from 'tsx/esm/api';
import { DEMO, startApi } from './ai-support.mjs';

// The topology test's nginx starter, so what is measured is the server block the test and the guide use.
register();
const { findNginx, startNginx } = await import('../apps/api/test/topology/processes.ts');

const preset = process.env.PRESET === 'desktop' ? 'desktop' : 'mobile';
const runs = Math.max(1, Number(process.env.RUNS) || 3);
const throttlingMethod = process.env.THROTTLING;
if (throttlingMethod && !['simulate', 'devtools'].includes(throttlingMethod))
  throw new Error(`THROTTLING is simulate or devtools, not ${throttlingMethod}`);
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const goals = {
  performance: (page, signedOut) => (page === '/sign-in' || signedOut ? 95 : 90),
  accessibility: () => 100,
};
const nginxBin = findNginx();
const wanted = process.env.EDGE ? [process.env.EDGE] : ['direct', 'nginx'];
for (const edge of wanted) {
  if (!['direct', 'nginx'].includes(edge)) throw new Error(`EDGE is direct or nginx, not ${edge}`);
}
if (wanted.includes('nginx') && !nginxBin)
  console.log('nginx is not installed here: the HTTP/2 edge is left out.');
const edges = wanted.filter((edge) => edge === 'direct' || nginxBin);

const reportsDir = process.env.REPORTS;
if (reportsDir) mkdirSync(reportsDir, { recursive: true });
let reportCount = 0;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
let failed = false;

/** A certificate for 127.0.0.1, made for this run. */
function certificateIn(dir) {
  const certificate = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', certificate],
    ],
    { stdio: 'ignore' },
  );
  return { certificate, key };
}

/**
 * Audits /sign-in and `signedOut` signed out, then `signedIn` signed in as the demo founder, on the app at
 * `base`, in a fresh Chromium, and prints the medians.
 */
async function auditSite(base, label, { signedOut, signedIn }) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--ignore-certificate-errors'],
  });
  // A page of the same browser, to sign in through the screens and to clear the HTTP cache before each audit,
  // so every page loads cold as on a first visit.
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const page = await browser.contexts()[0].newPage();
  const cdp = await page.context().newCDPSession(page);
  const clearCache = () => cdp.send('Network.clearBrowserCache');

  /** One cold load of `address`, tried once more when Lighthouse could not record it (NO_NAVSTART and the like). */
  async function auditOnce(address, attempt = 1) {
    await clearCache();
    const { lhr } = await lighthouse(
      `${base}${address}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: categories,
        // The signed-in pages need the session the sign-in below left in this browser's storage.
        disableStorageReset: true,
        ...(throttlingMethod ? { throttlingMethod } : {}),
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!lhr.runtimeError) {
      if (reportsDir) {
        const name = `${++reportCount}-${address.split('/')[1]}.json`;
        writeFileSync(path.join(reportsDir, name), JSON.stringify(lhr));
      }
      return lhr;
    }
    if (attempt < 2) return auditOnce(address, attempt + 1);
    throw new Error(`${address}: ${lhr.runtimeError.message}`);
  }

  async function audit(address, { signedOut: isSignedOut = false } = {}) {
    const results = [];
    for (let run = 0; run < runs; run++) {
      results.push(await auditOnce(address));
    }
    const score = (c) => median(results.map((lhr) => Math.round(lhr.categories[c].score * 100)));
    const value = (id) => median(results.map((lhr) => lhr.audits[id].numericValue));
    // The main thread's work by kind: steadier from run to run than blocking time, which counts only the
    // part of each task past 50 ms, so it shows a change in work that the score's noise hides.
    const work = (group) =>
      median(
        results.map((lhr) =>
          lhr.audits['mainthread-work-breakdown'].details.items
            .filter((item) => item.group === group)
            .reduce((sum, item) => sum + item.duration, 0),
        ),
      );
    const performance = results.map((lhr) => Math.round(lhr.categories.performance.score * 100));
    const misses = Object.entries(goals)
      .filter(([category, goal]) => preset === 'mobile' && score(category) < goal(address, isSignedOut))
      .map(([category, goal]) => `${category} below ${goal(address, isSignedOut)}`);
    if (misses.length) failed = true;
    const route = address.startsWith('/mission-details/') ? '/mission-details/:id' : address;
    const shown = isSignedOut ? `${route}, signed out` : route;
    console.log(
      `  ${shown.padEnd(21)} performance ${score('performance')} (${Math.min(...performance)}–${Math.max(...performance)})  ` +
        categories
          .slice(1)
          .map((c) => `${c} ${score(c)}`)
          .join('  ') +
        `  (FCP ${(value('first-contentful-paint') / 1000).toFixed(1)} s, LCP ${(value('largest-contentful-paint') / 1000).toFixed(1)} s, ` +
        `TBT ${Math.round(value('total-blocking-time'))} ms, CLS ${value('cumulative-layout-shift').toFixed(3)}, ` +
        `${Math.round(value('total-byte-weight') / 1024)} KiB)${misses.length ? `  ← ${misses.join(', ')}` : ''}` +
        `\n${' '.repeat(25)}main thread ${Math.round(value('mainthread-work-breakdown'))} ms: ` +
        `script ${Math.round(work('scriptEvaluation'))}, style & layout ${Math.round(work('styleLayout'))}, ` +
        `paint ${Math.round(work('paintCompositeRender'))}`,
    );
  }

  try {
    console.log(`${label}:`);
    await audit('/sign-in');
    for (const address of signedOut) await audit(address, { signedOut: true });

    // Signed in through the screens in the same browser, as the founder would be.
    await page.goto(`${base}/sign-in`);
    await page.getByLabel('E-mail').fill(DEMO.email);
    await page.getByLabel(/^Password/).fill(DEMO.password);
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await page.waitForURL('**/overview');
    for (const address of signedIn) await audit(address);
  } finally {
    await chrome.kill();
  }
}

const api = await startApi();
const dir = mkdtempSync(path.join(tmpdir(), 'liftoff-lighthouse-'));
// nginx drops to an unprivileged user when started as root: it must reach its directory inside this one.
chmodSync(dir, 0o755);
try {
  // The demo founder's first open mission.
  const programs = await fetch(`${api.url}/api/userProgram/programs`, {
    headers: { authorization: `Bearer ${api.token}` },
  }).then((r) => r.json());
  const mission = programs.data[0].userMilestone.find((m) => m.status === 'ONGOING').userMission[0];
  const signedIn = ['/overview', `/mission-details/${mission.id}`, '/ai-workspace'];
  // A link to the same mission, as from a mail, opened with no session: the light sign-in screen.
  const pages = { signedOut: [`/mission-details/${mission.id}`], signedIn };

  const throttled = throttlingMethod === 'devtools' ? ', the load itself throttled' : '';
  console.log(
    `Lighthouse, ${preset} preset${throttled}, Debian Chromium, built app; median of ${runs} audits per page:`,
  );
  for (const edge of edges) {
    if (edge === 'direct') {
      await auditSite(api.url, `direct to the app's server (HTTP/1.1), ${api.url}`, pages);
    } else {
      // The certificate inside nginx's own directory, which it hands to the user it serves as.
      const nginxDir = path.join(dir, 'nginx');
      mkdirSync(nginxDir);
      const nginx = await startNginx(
        nginxBin,
        nginxDir,
        [api.url.replace('http://', '')],
        certificateIn(nginxDir),
      );
      try {
        await auditSite(nginx.url, `through nginx with TLS and HTTP/2 (docs/deploy.md), ${nginx.url}`, pages);
      } finally {
        await nginx.stop();
      }
    }
  }
} finally {
  await api.stop();
  rmSync(dir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
