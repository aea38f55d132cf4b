import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newFounderOnOverview } from './support/auth-flows.js';
import { expectAccessible, newContext } from './support/browser.js';
import { useServerAndBrowser } from './support/journey.js';

const QUESTION = 'How do I run customer interviews?';
const WHO = 'Owners of independent physiotherapy clinics';
const KEPT =
  'Could not reach Liftoff. Your answers are kept on this device and sent again when the connection returns.';

/** Holds back every request to `pattern` until the returned function is called. */
async function holdBack(page: Page, pattern: string): Promise<() => void> {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  return release;
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const banner = (page: Page) => page.getByTestId('offline-banner');

describe.each([
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
])('journey: a founder on a bad network at $width px', (viewport) => {
  const journey = useServerAndBrowser();

  it('keeps the shell and everything typed while offline, and sends it when back online', async () => {
    const context = await newContext(journey.browser, journey.server.url, viewport);
    const page = await context.newPage();
    try {
      await newFounderOnOverview(page, journey.server, `offline-${viewport.width}`);

      // A worksheet, typed into while online, then the connection drops.
      await page.getByRole('link', { name: 'Continue' }).click();
      await page
        .getByRole('heading', { level: 2, name: 'Fall in love with the problem, not your solution' })
        .waitFor();
      let before = page.url();
      await page.getByRole('button', { name: 'Do later', exact: true }).click();
      await page.waitForURL((url) => url.toString() !== before);
      const worksheetHeading = page.getByRole('heading', { level: 2, name: 'Write your problem statement' });
      await worksheetHeading.waitFor();
      await page.getByLabel('Who has the problem?').fill(WHO);

      await context.setOffline(true);
      await banner(page)
        .getByText(/You are offline/)
        .waitFor();
      await expectAccessible(page, 'offline banner on a worksheet');

      // A failed save says so in place; "Do later" offline keeps the mission on screen.
      await page.getByRole('button', { name: 'Save answers' }).click();
      await page.getByRole('alert').getByText(KEPT).waitFor();
      await page.getByText('Unsaved changes, kept on this device').waitFor();
      before = page.url();
      await page.getByRole('button', { name: 'Do later', exact: true }).click();
      await page.getByRole('alert').getByText(KEPT).waitFor();
      expect(page.url()).toBe(before);
      await worksheetHeading.waitFor();
      expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);
      expect(await page.getByLabel('Who has the problem?').inputValue()).toBe(WHO);
      // The draft is kept on the device, across reloads.
      const kept = await page.evaluate(() =>
        Object.keys(localStorage)
          .filter((k) => k.startsWith('liftoff.draft.worksheet.'))
          .map((k) => localStorage.getItem(k) ?? '')
          .join(' '),
      );
      expect(kept).toContain(WHO);

      // A screen never visited: an offline message inside the shell, the navigation stays.
      await mainNav(page).getByRole('link', { name: 'Explore' }).click();
      await page.getByRole('heading', { name: 'You are offline' }).waitFor();
      await mainNav(page).getByRole('link', { name: 'Overview', exact: true }).waitFor();
      expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);
      await expectAccessible(page, 'a screen that could not load offline');

      // Back online: the screen arrives by itself, and the worksheet was saved by itself.
      await context.setOffline(false);
      await page.getByRole('heading', { level: 1, name: /Explore/ }).waitFor();
      await expect.poll(() => banner(page).count()).toBe(0);
      await page.goBack();
      await worksheetHeading.waitFor();
      await page.getByText(/^Saved /).waitFor();
      await page.reload();
      await worksheetHeading.waitFor();
      expect(await page.getByLabel('Who has the problem?').inputValue()).toBe(WHO);

      // A dialog whose code never came (the expert card's dialogs are fetched when first opened) says so, closes
      // with Escape, and opens once the connection is back.
      await mainNav(page).getByRole('link', { name: 'Overview', exact: true }).click();
      const bookMeeting = page.getByRole('button', { name: 'Book a meeting' }).first();
      await bookMeeting.waitFor();
      await context.setOffline(true);
      await bookMeeting.click();
      const notLoaded = page.getByRole('dialog', { name: 'You are offline' });
      await notLoaded.getByText(/opens once you are back online/).waitFor();
      await expectAccessible(page, 'a dialog that could not load offline');
      await page.keyboard.press('Escape');
      await expect.poll(() => notLoaded.count()).toBe(0);
      await context.setOffline(false);
      await bookMeeting.click();
      await page.getByRole('dialog', { name: /^Book a meeting with/ }).waitFor();
      await page.keyboard.press('Escape');

      // The coach: a question sent offline stays in the composer and goes out once back online.
      await page.goto('/ai-workspace');
      const box = page.getByRole('textbox', { name: 'Ask the coach' });
      await box.waitFor();
      await box.fill(QUESTION);
      await context.setOffline(true);
      await box.press('Enter');
      await page
        .getByRole('alert')
        .filter({ hasText: /connection|network/i })
        .first()
        .waitFor();
      await expect.poll(() => box.inputValue()).toBe(QUESTION);
      await context.setOffline(false);
      await page.getByRole('article', { name: 'You asked' }).getByText(QUESTION).waitFor();
      await page.getByRole('article', { name: 'The coach answered' }).first().waitFor({ timeout: 30_000 });
      expect(await box.inputValue()).toBe('');
    } finally {
      await context.close();
    }
  });

  it('shows the shell with skeletons, not a bare spinner, on a full reload of a signed-in page', async () => {
    const context = await newContext(journey.browser, journey.server.url, viewport);
    const page = await context.newPage();
    try {
      await newFounderOnOverview(page, journey.server, `reload-${viewport.width}`);
      // Hold the API back so the first frames are the ones the founder sees while it answers.
      await page.route('**/api/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue().catch(() => undefined);
      });
      await page.reload({ waitUntil: 'commit' });
      await page.getByRole('status', { name: 'Loading Liftoff' }).waitFor();
      expect(await page.getByText('Loading Liftoff…').count()).toBe(0);
      await page.unroute('**/api/**');
      await page.getByRole('heading', { level: 1, name: /Welcome/ }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("shows Liftoff's mark, not a blank page, while the app's code is still on its way", async () => {
    const context = await newContext(journey.browser, journey.server.url, viewport);
    const page = await context.newPage();
    try {
      await newFounderOnOverview(page, journey.server, `slow-code-${viewport.width}`);
      // Every script held back: what shows is the page as the server sent it.
      const release = await holdBack(page, '**/assets/*.js');
      await page.reload({ waitUntil: 'commit' });
      const loading = page.getByRole('status', { name: 'Loading Liftoff' });
      await loading.waitFor();
      const mark = await loading.locator('svg').boundingBox();
      expect(mark?.width).toBe(32);
      expect(mark?.y).toBeLessThan(64);
      await expectAccessible(page, 'page before its scripts');
      release();
      await page.getByRole('heading', { level: 1, name: /Welcome/ }).waitFor();
      expect(await loading.count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("asks for the overview's data while the app's code is still on its way, and only once", async () => {
    const context = await newContext(journey.browser, journey.server.url, viewport);
    const page = await context.newPage();
    try {
      await newFounderOnOverview(page, journey.server, `early-data-${viewport.width}`);
      // The full app's code held back (build/code-splitting.ts names it 'frame'); the boot module is not.
      const release = await holdBack(page, '**/assets/frame-*.js');
      const asked: string[] = [];
      // Only the reloaded page's requests count. On a busy machine the page before it may still be fetching
      // (skipping the tour refreshes the overview) until the new one commits, and the reload cuts that off.
      let reloading = false;
      page.on('request', (request) => {
        if (request.isNavigationRequest() && request.frame() === page.mainFrame()) reloading = true;
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/api/')) asked.push(pathname);
      });
      page.on('framenavigated', (frame) => {
        if (!reloading || frame !== page.mainFrame()) return;
        reloading = false;
        asked.length = 0;
      });
      await page.reload({ waitUntil: 'commit' });
      await expect
        .poll(() => asked)
        .toEqual(expect.arrayContaining(['/api/feature-flags', '/api/userProgram/programs/outline']));
      release();
      await page.getByRole('heading', { level: 1, name: /Welcome/ }).waitFor();
      await page.getByRole('link', { name: 'Continue' }).waitFor();
      // The app took those answers as its own: nothing asked twice.
      expect(asked.filter((path) => path === '/api/feature-flags')).toHaveLength(1);
      expect(asked.filter((path) => path === '/api/userProgram/programs/outline')).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});
