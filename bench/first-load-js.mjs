// First-load JavaScript of the sign-in screen: every script Chromium fetches to show it, gzip-compressed, for a
// visit to /sign-in and for a visitor with no session who follows a link to a page behind sign-in (the overview,
// a mission), whom the boot module sends to the same light screen. Exits non-zero when any is above the budget
// (FIRST_LOAD_BUDGET_KB, default 120 KB gzip). Needs `npm run build` first.
import { chromium } from 'playwright-core';
import { gzipSync } from 'node:zlib';
import { findChromium } from '../scripts/chromium.mjs';
import { startBuiltServer } from './support.mjs';

const budgetKb = Number(process.env.FIRST_LOAD_BUDGET_KB ?? 120);
const server = await startBuiltServer();
const browser = await chromium.launch({
  executablePath: findChromium() ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
/** Every script a fresh page fetches to show `address`, signed out. */
async function firstLoad(address) {
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  await page.goto(`${server.url}${address}`, { waitUntil: 'networkidle' });
  let raw = 0;
  let gzip = 0;
  let sent = 0;
  const rows = [];
  for (const response of scripts) {
    const body = await response.body();
    const size = gzipSync(body, { level: 9 }).length;
    raw += body.length;
    gzip += size;
    rows.push({ path: new URL(response.url()).pathname, size });
    // What went over the wire: the precompressed file the server chose for Chromium's Accept-Encoding.
    sent += Number((await response.allHeaders())['content-length'] ?? body.length);
  }
  const landedOn = new URL(page.url()).pathname;
  await page.close();
  return { count: scripts.length, raw, gzip, sent, rows, landedOn };
}

try {
  for (const address of ['/sign-in', '/overview', '/mission-details/a-mission-from-a-mail']) {
    const { count, raw, gzip, sent, rows, landedOn } = await firstLoad(address);
    if (address === '/sign-in') {
      // Largest first: what to look at when the figure grows.
      for (const row of rows.sort((a, b) => b.size - a.size))
        console.log(`${(row.size / 1024).toFixed(1).padStart(7)} KB gzip  ${row.path}`);
    }
    console.log(
      `first-load JS of ${address}${landedOn === address ? '' : ` (shown at ${landedOn})`}: ${count} scripts, ${(raw / 1024).toFixed(1)} KB raw, ${(gzip / 1024).toFixed(1)} KB gzip, ${(sent / 1024).toFixed(1)} KB sent; budget ${budgetKb} KB gzip`,
    );
    if (gzip / 1024 > budgetKb) {
      console.error(`${address}: over the budget by ${(gzip / 1024 - budgetKb).toFixed(1)} KB gzip`);
      process.exitCode = 1;
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
