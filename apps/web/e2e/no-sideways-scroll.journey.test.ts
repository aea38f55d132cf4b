import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  onboardThroughScreens,
  signUpThroughScreens,
  skipTheTour,
  uniqueEmail,
  verifyThroughScreens,
} from './support/auth-flows.js';
import { newContext } from './support/browser.js';
import { makePng } from './support/files.js';
import { useServerAndBrowser } from './support/journey.js';

const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
];

/** Waits until the screen has settled: its requests answered and no loading placeholder left. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('h1').first().waitFor();
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => {});
}

/** At a phone's and a desktop's width, the current page is no wider than the window. */
async function expectNoSidewaysScroll(page: Page, label: string) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    // Two frames: media queries re-render the layout after a resize.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth, `${label} at ${viewport.width} px scrolls sideways`).toBeLessThanOrEqual(innerWidth);
  }
}

async function visit(page: Page, path: string, label = path) {
  await page.goto(path);
  await settle(page);
  await expectNoSidewaysScroll(page, label);
}

describe('journey: no page scrolls sideways', () => {
  const journey = useServerAndBrowser();

  it('holds for every screen a founder reaches, signed out and signed in, at 375 and 1440 px', async () => {
    const { server, browser } = journey;
    const context = await newContext(browser, server.url, VIEWPORTS[0]);
    const page = await context.newPage();

    for (const path of ['/sign-in', '/sign-up', '/forgot-password', '/reset-password?token=not-a-token']) {
      await visit(page, path);
    }
    await visit(page, '/preview?token=not-a-token', 'a preview whose link does not exist');

    const email = uniqueEmail('sideways');
    await signUpThroughScreens(page, email);
    await settle(page);
    await expectNoSidewaysScroll(page, 'verify e-mail');
    await verifyThroughScreens(page, server, email);
    await settle(page);
    await expectNoSidewaysScroll(page, 'onboarding');
    await onboardThroughScreens(page);
    await page.waitForURL('**/tutorial');
    await settle(page);
    await expectNoSidewaysScroll(page, 'tutorial');
    await skipTheTour(page);

    for (const path of [
      '/overview',
      '/programs',
      '/explore',
      '/experts',
      '/outcomes-repository',
      '/profile',
      '/ai-workspace',
      '/ai-workspace/archive',
    ]) {
      await visit(page, path);
    }

    // A mission, its deliverable and the shared preview of a handed-in file.
    await page.goto('/overview');
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL('**/mission-details/**');
    await settle(page);
    await expectNoSidewaysScroll(page, 'mission details');
    const missionId = new URL(page.url()).pathname.split('/')[2] ?? '';
    await visit(page, `/mission-deliverable/${missionId}`, 'mission deliverable');
    await page
      .getByTestId('deliverable-input')
      .setInputFiles({ name: 'wide-problem.png', mimeType: 'image/png', buffer: makePng() });
    await page.getByRole('list', { name: 'Files handed in' }).getByText('wide-problem.png').waitFor();
    await page.getByRole('button', { name: 'Share wide-problem.png' }).click();
    const dialog = page.getByRole('dialog', { name: /Share wide-problem.png/ });
    await dialog.getByRole('button', { name: 'Create share link' }).click();
    const link = dialog.getByRole('textbox', { name: 'Share link' });
    await link.waitFor();
    const shareUrl = await link.inputValue();

    const visitor = await newContext(browser, server.url, VIEWPORTS[0]);
    const preview = await visitor.newPage();
    await preview.goto(shareUrl);
    await preview.getByRole('heading', { level: 1, name: 'wide-problem.png' }).waitFor();
    await settle(preview);
    await expectNoSidewaysScroll(preview, 'the shared preview');
    await visitor.close();
    await context.close();
  });
});
