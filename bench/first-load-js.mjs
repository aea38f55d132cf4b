// First-load JavaScript of /sign-in: every script Chromium fetches to show the page, gzip-compressed.
// Exits non-zero above the budget (FIRST_LOAD_BUDGET_KB, default 120 KB gzip). Needs `npm run build` first.
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
try {
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  await page.goto(`${server.url}/sign-in`, { waitUntil: 'networkidle' });
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
  // Largest first: what to look at when the figure grows.
  for (const row of rows.sort((a, b) => b.size - a.size))
    console.log(`${(row.size / 1024).toFixed(1).padStart(7)} KB gzip  ${row.path}`);
  console.log(
    `first-load JS of /sign-in: ${scripts.length} scripts, ${(raw / 1024).toFixed(1)} KB raw, ${(gzip / 1024).toFixed(1)} KB gzip, ${(sent / 1024).toFixed(1)} KB sent; budget ${budgetKb} KB gzip`,
  );
  if (gzip / 1024 > budgetKb) {
    console.error(`over the budget by ${(gzip / 1024 - budgetKb).toFixed(1)} KB gzip`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await server.stop();
}
