import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Headless Chromium; `extraArgs` add switches (a fake microphone, say). */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}

export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1280, height: 800 },
): Promise<BrowserContext> {
  // bypassCSP lets the journeys inject axe-core; the app itself runs under its real CSP otherwise.
  return browser.newContext({ baseURL, viewport, reducedMotion: 'reduce', bypassCSP: true });
}

/** Runs axe-core on the page and fails on any serious or critical violation (design.md). */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    // @ts-expect-error axe is injected above
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return (
      result.violations as Array<{
        id: string;
        impact: string;
        help: string;
        nodes: Array<{ target: string[]; html: string }>;
      }>
    )
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} at ${v.nodes
            .map((n) => `${n.target.join(' ')} ${n.html.replace(/\s+/g, ' ').slice(0, 200)}`)
            .slice(0, 3)
            .join(', ')}`,
      );
  });
  if (violations.length) throw new Error(`Accessibility violations on ${label}:\n${violations.join('\n')}`);
}
