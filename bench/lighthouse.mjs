// Lighthouse (the `lighthouse` npm package driving Debian Chromium) on the built app as a founder opens it:
// /sign-in signed out, then /overview, a mission's page and /ai-workspace signed in as the demo founder.
// Prints the four categories for each page, on the mobile preset (the default; PRESET=desktop for the desktop
// one). Goals (mobile): performance ≥ 95 on /sign-in and ≥ 90 on the others; accessibility 100 on each.
// Needs `npm run build` first. CHROMIUM_PATH overrides /usr/bin/chromium.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { DEMO, startApi } from './ai-support.mjs';

const preset = process.env.PRESET === 'desktop' ? 'desktop' : 'mobile';
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const goals = { performance: (path) => (path === '/sign-in' ? 95 : 90), accessibility: () => 100 };

const api = await startApi();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
let failed = false;

/** Set once signed in: clears the browser's HTTP cache before an audit, so each page loads cold as on a first visit. */
let clearCache = async () => {};

async function audit(path) {
  await clearCache();
  const result = await lighthouse(
    `${api.url}${path}`,
    {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
      // The signed-in pages need the session the sign-in below left in this browser's storage.
      disableStorageReset: true,
    },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(categories.map((c) => [c, Math.round(lhr.categories[c].score * 100)]));
  const misses = Object.entries(goals)
    .filter(([category, goal]) => preset === 'mobile' && scores[category] < goal(path))
    .map(([category, goal]) => `${category} below ${goal(path)}`);
  if (misses.length) failed = true;
  const metric = (id) => lhr.audits[id]?.displayValue ?? '–';
  console.log(
    `${path.padEnd(28)} ${categories.map((c) => `${c} ${scores[c]}`).join('  ')}  ` +
      `(FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, ` +
      `${metric('total-byte-weight')})${misses.length ? `  ← ${misses.join(', ')}` : ''}`,
  );
}

try {
  console.log(`Lighthouse, ${preset} preset, Debian Chromium, built app on ${api.url}:`);
  await audit('/sign-in');

  // Signed in through the screens in the same browser, as the founder would be.
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${api.url}/sign-in`);
  await page.getByLabel('E-mail').fill(DEMO.email);
  await page.getByLabel(/^Password/).fill(DEMO.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await page.waitForURL('**/overview');
  // The demo founder's first open mission.
  const programs = await fetch(`${api.url}/api/userProgram/programs`, {
    headers: { authorization: `Bearer ${api.token}` },
  }).then((r) => r.json());
  const milestone = programs.data[0].userMilestone.find((m) => m.status === 'ONGOING');
  const mission = milestone.userMission[0];
  const cdp = await page.context().newCDPSession(page);
  clearCache = () => cdp.send('Network.clearBrowserCache');

  await audit('/overview');
  await audit(`/mission-details/${mission.id}`);
  await audit('/ai-workspace');
} finally {
  await chrome.kill();
  await api.stop();
}
if (failed) process.exitCode = 1;
