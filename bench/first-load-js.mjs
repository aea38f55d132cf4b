// First-load JavaScript of /sign-in: every script Chromium fetches to show the page, gzip-compressed.
// Needs `npm run build` first.
import { chromium } from 'playwright-core';
import { gzipSync } from 'node:zlib';
import { findChromium } from '../scripts/chromium.mjs';
import { startBuiltServer } from './support.mjs';

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
  for (const response of scripts) {
    const body = await response.body();
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  console.log(
    `first-load JS of /sign-in: ${scripts.length} scripts, ${(raw / 1024).toFixed(1)} KB raw, ${(gzip / 1024).toFixed(1)} KB gzip`,
  );
} finally {
  await browser.close();
  await server.stop();
}
