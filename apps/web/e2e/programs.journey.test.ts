import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newFounderOnOverview } from './support/auth-flows.js';
import { expectAccessible, newContext } from './support/browser.js';
import { makePng } from './support/files.js';
import { useServerAndBrowser } from './support/journey.js';

const SAVED = 'Your changes were saved.';

async function programPercent(page: Page): Promise<number> {
  const text = await page.getByTestId('program-percent').first().textContent();
  return Number.parseInt(text ?? '', 10);
}

async function ringValue(page: Page, name: RegExp): Promise<number> {
  return Number(await page.getByRole('progressbar', { name }).getAttribute('aria-valuenow'));
}

async function stepHeading(page: Page, title: string) {
  await page.getByRole('heading', { level: 2, name: title }).waitFor();
}

/** The step shown has the focus on its heading, where keyboard and screen-reader users start. */
async function focusOnStep(page: Page, title: string) {
  await stepHeading(page, title);
  const focused = () =>
    page.evaluate(() => {
      const active = document.activeElement;
      return active?.id.startsWith('step-title-') ? active.textContent : null;
    });
  await expect.poll(focused).toBe(title);
}

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function upload(page: Page, name: string) {
  await page
    .getByTestId('deliverable-input')
    .setInputFiles({ name, mimeType: 'image/png', buffer: makePng() });
}

/** Walks a mission from the overview's Continue: every step with Next, then the deliverable. */
async function finishMissionFromOverview(page: Page, fileName: string) {
  await page.goto('/overview');
  await page.getByRole('link', { name: 'Continue' }).click();
  await page.waitForURL('**/mission-details/**');
  for (let guard = 0; guard < 10; guard++) {
    const next = page.getByRole('button', { name: 'Next', exact: true });
    const waiting = page.getByText(
      'Every step is done or put off. Hand in your deliverable to complete the mission.',
    );
    await next.or(waiting).first().waitFor();
    if (await waiting.isVisible()) break;
    const before = page.url();
    await next.click();
    await page.waitForURL((url) => url.toString() !== before);
  }
  await page.getByRole('link', { name: 'Hand in your deliverable' }).click();
  await page.waitForURL('**/mission-deliverable/**');
  await upload(page, fileName);
}

describe('journey: a new founder works through the first mission and shares it', () => {
  const journey = useServerAndBrowser();
  let context: BrowserContext;
  let page: Page;
  let attachmentShareUrl = '';
  let outcomeShareUrl = '';

  beforeAll(async () => {
    const { server, browser } = journey;
    context = await newContext(browser, server.url);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('is enrolled on sign-up and sees where it stands on the overview and the map', async () => {
    await newFounderOnOverview(page, journey.server, 'programs');

    await page.getByRole('heading', { name: 'Frame the problem' }).waitFor();
    expect(await programPercent(page)).toBe(0);
    expect(await ringValue(page, /Milestone 1, Problem & Customer Discovery/)).toBe(0);
    expect(await page.getByTestId('milestone-ring').count()).toBeGreaterThanOrEqual(5);
    await page.getByRole('region', { name: /Your expert/ }).waitFor();
    await expectAccessible(page, 'overview with a program');

    await page.goto('/programs');
    const boxes = page.getByTestId('milestone-box');
    await boxes.first().waitFor();
    expect(await boxes.count()).toBeGreaterThanOrEqual(5);
    await expect(boxes.nth(0).textContent()).resolves.toContain('In progress');
    await expect(boxes.nth(1).textContent()).resolves.toContain('Locked');
    // Opening a locked milestone by keyboard shows its missions, locked.
    await boxes.nth(1).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'Solution & MVP' }).waitFor();
    expect(await boxes.nth(1).getAttribute('aria-expanded')).toBe('true');
    await page.getByText('Locked: it opens when you complete milestone 1.').waitFor();
    await expectAccessible(page, 'program map');
    await boxes.nth(0).click();
    await page.getByRole('link', { name: 'Open mission Frame the problem' }).waitFor();
  });

  it('completes the first mission: steps, worksheets, a rating, do later, a deliverable', async () => {
    await page.goto('/overview');
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL('**/mission-details/**');
    await focusOnStep(page, 'Fall in love with the problem, not your solution');
    await page.getByRole('navigation', { name: 'Steps of this mission' }).waitFor();
    await expectAccessible(page, 'mission details');

    // Rate the reading, then put it off for later.
    // As assistive technology does: activate the radio of the fourth star.
    await page.getByRole('radio', { name: '4 of 5' }).dispatchEvent('click');
    await page.getByText(SAVED).first().waitFor();
    await expect.poll(() => page.getByRole('radio', { name: /4 of 5/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Do later' }).click();

    // The worksheet: saved explicitly, then Next.
    await focusOnStep(page, 'Write your problem statement');
    await page.getByLabel('Who has the problem?').fill('Owners of independent physiotherapy clinics');
    // A long answer's box grows with it from three lines, so all of it shows without scrolling inside the box.
    const inTheirWords = page.getByLabel('What is the problem, in their words?');
    const linesTall = () =>
      inTheirWords.evaluate((el) =>
        Math.round(el.clientHeight / parseFloat(getComputedStyle(el).lineHeight)),
      );
    expect(await linesTall()).toBe(3);
    await inTheirWords.fill('Half my Monday goes on chasing no-shows.\n'.repeat(6).trim());
    await expect.poll(linesTall).toBeGreaterThanOrEqual(6);
    expect(await inTheirWords.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    await inTheirWords.fill('Half my Monday goes on chasing no-shows.');
    await page
      .getByLabel('Your one-sentence problem statement')
      .fill('Clinic owners lose 6 hours a week to no-shows.');
    await page.getByRole('button', { name: 'Save answers' }).click();
    await page.getByText(/^Saved /).waitFor();
    await page
      .getByRole('link', { name: 'Download the template' })
      .or(page.getByRole('button', { name: 'Next', exact: true }))
      .first()
      .waitFor();
    await expectAccessible(page, 'worksheet step');
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // A second worksheet saved by Next itself, with its template to download.
    await stepHeading(page, 'Map and rank your riskiest assumptions');
    const template = page.getByRole('link', { name: 'Download the template' });
    expect(await template.getAttribute('href')).toMatch(/^\/api\/content\/templates\/.+\.csv$/);
    await page
      .getByLabel('Your three riskiest assumptions')
      .fill('Owners will let software text their patients.');
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // Back to the step put off for later, listed as such, and finish it.
    await stepHeading(page, 'Fall in love with the problem, not your solution');
    await page.getByRole('heading', { name: 'Put off for later' }).waitFor();
    const deferredUrl = page.url();
    await page.getByRole('button', { name: 'Mark as done' }).click();
    await page.waitForURL((url) => url.toString() !== deferredUrl);
    await page
      .getByText('Every step is done or put off. Hand in your deliverable to complete the mission.')
      .waitFor();

    // Revisiting the worksheet shows what was saved.
    await page
      .getByRole('navigation', { name: 'Steps of this mission' })
      .getByRole('tab', { name: /Write your problem statement/ })
      .click();
    expect(await page.getByLabel('Who has the problem?').inputValue()).toBe(
      'Owners of independent physiotherapy clinics',
    );

    // Hand in the deliverable: the upload completes the mission.
    await page.getByRole('link', { name: 'Hand in your deliverable' }).click();
    await page.waitForURL('**/mission-deliverable/**');
    await page.getByRole('heading', { name: 'Problem statement and ranked assumption map' }).waitFor();
    await expectAccessible(page, 'deliverable before upload');
    await upload(page, 'problem-statement.png');
    await page.getByRole('heading', { name: 'Mission complete!' }).waitFor();
    await page.getByRole('list', { name: 'Files handed in' }).getByText('problem-statement.png').waitFor();
    await expectAccessible(page, 'deliverable after upload');
  });

  it('shares the deliverable; the preview opens signed out until the link is revoked', async () => {
    const { server, browser } = journey;
    await page.getByRole('button', { name: 'Share problem-statement.png' }).click();
    const dialog = page.getByRole('dialog', { name: /Share problem-statement.png/ });
    await dialog.getByRole('button', { name: 'Create share link' }).click();
    const link = dialog.getByRole('textbox', { name: 'Share link' });
    await link.waitFor();
    attachmentShareUrl = await link.inputValue();
    expect(attachmentShareUrl).toMatch(/\/preview\?token=/);
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Link copied to your clipboard.').waitFor();
    await expectAccessible(page, 'share dialog');

    const visitor = await newContext(browser, server.url);
    const preview = await visitor.newPage();
    await preview.goto(attachmentShareUrl);
    await preview.getByRole('heading', { level: 1, name: 'problem-statement.png' }).waitFor();
    expect(await preview.getByRole('navigation').count()).toBe(0);
    const download = preview.getByRole('link', { name: 'Download problem-statement.png' });
    const response = await preview.request.get(
      new URL((await download.getAttribute('href'))!, server.url).toString(),
    );
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    await expectAccessible(preview, 'preview of a deliverable');

    await dialog.getByRole('button', { name: 'Revoke link' }).click();
    await dialog.getByText('The link is revoked: it no longer opens anything.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await preview.reload();
    await preview.getByRole('heading', { name: 'Nothing to preview here' }).waitFor();
    await expectAccessible(preview, 'revoked preview');
    await visitor.close();
  });

  it('sees the progress change on the overview', async () => {
    await page.goto('/overview');
    await page.getByRole('heading', { name: 'Run Mom Test customer interviews' }).waitFor();
    expect(await programPercent(page)).toBeGreaterThan(0);
    expect(await ringValue(page, /Milestone 1, Problem & Customer Discovery/)).toBeGreaterThan(0);
    await expectAccessible(page, 'overview after the first mission');
  });

  it('meets a clear dead end, with the way back, at a mission address that is not theirs', async () => {
    await page.goto('/mission-details/00000000-0000-4000-8000-000000000000');
    const alert = page.getByRole('alert').filter({ hasText: 'We could not find this mission.' });
    await alert.waitFor();
    expect(await alert.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await expectAccessible(page, 'mission not found');
    await page.getByRole('link', { name: 'Back to the program map' }).click();
    await page.waitForURL('**/programs');
  });

  it('finishes the first milestone and opens its outcome, shared and previewed signed out', async () => {
    const { server, browser } = journey;
    await finishMissionFromOverview(page, 'interview-notes.png');
    await page.getByRole('heading', { name: 'Mission complete!' }).waitFor();
    await finishMissionFromOverview(page, 'icp.png');
    await page.getByRole('heading', { name: 'Milestone complete!' }).waitFor();
    await page.getByRole('link', { name: 'See the milestone outcome' }).click();
    await page.waitForURL('**/milestone-outcome/**');
    await page.getByRole('heading', { level: 1, name: 'Problem & Customer Discovery' }).waitFor();
    await page.getByRole('heading', { name: 'Milestone complete' }).waitFor();
    const missions = page.getByRole('list', { name: /Missions of Problem & Customer Discovery/ });
    await missions.getByText('Frame the problem').waitFor();
    expect(await missions.getByText('problem-statement.png').count()).toBe(1);
    await expectAccessible(page, 'milestone outcome');

    await page.getByRole('button', { name: 'Share this outcome' }).click();
    const dialog = page.getByRole('dialog');
    // The link lives 30 days and names the founder and the startup unless the founder says otherwise.
    expect(await dialog.getByRole('combobox', { name: 'Link expires after' }).textContent()).toBe('30 days');
    expect(await dialog.getByRole('switch', { name: 'Show my name' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('switch', { name: "Show my startup's name" }).isChecked()).toBe(true);
    await expectAccessible(page, 'share dialog for an outcome');
    await dialog.getByRole('button', { name: 'Create share link' }).click();
    outcomeShareUrl = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();
    await dialog
      .getByTestId('share-expiry')
      .getByText(/^Expires /)
      .waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Signed out, on a phone and on a desktop: who shared it, the answers, the files, and until when.
    for (const width of [375, 1440]) {
      const visitor = await newContext(browser, server.url, { width, height: 800 });
      const preview = await visitor.newPage();
      await preview.goto(outcomeShareUrl);
      await preview
        .getByRole('heading', { level: 1, name: 'You know whose problem you solve, and you can prove it' })
        .waitFor();
      await preview.getByText('Frame the problem').waitFor();
      expect(await preview.getByTestId('shared-by').textContent()).toBe(
        'Shared by Grace Hopper of Compiler Labs',
      );
      await preview.getByText('Owners of independent physiotherapy clinics').waitFor();
      await preview
        .getByTestId('link-expiry')
        .getByText(/^This link expires on /)
        .waitFor();
      const image = preview.getByRole('img', { name: 'Preview of problem-statement.png' });
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      await noHorizontalOverflow(preview);
      await expectAccessible(preview, `preview of an outcome at ${width} px`);
      if (width === 375) {
        const [download] = await Promise.all([
          preview.waitForEvent('download'),
          preview.getByRole('link', { name: 'Download problem-statement.png' }).click(),
        ]);
        expect(download.suggestedFilename()).toBe('problem-statement.png');
        expect(await download.failure()).toBeNull();
      }
      await visitor.close();
    }

    // The overview moved on to the second milestone; the first ring is full.
    await page.goto('/overview');
    await page.getByText(/Milestone 2 of/).waitFor();
    expect(await ringValue(page, /Milestone 1, Problem & Customer Discovery/)).toBe(100);
  });

  it('keeps all the work in the outcomes repository, filterable, with the live links to revoke', async () => {
    await page.goto('/outcomes-repository');
    await page.getByRole('heading', { level: 2, name: 'Problem & Customer Discovery' }).waitFor();
    expect(await page.getByText('interview-notes.png').count()).toBe(1);
    // The outcome's link is still live (the deliverable's was revoked): listed, to copy or revoke.
    const shared = page.getByRole('region', { name: 'Shared links' });
    await shared.getByText('Outcome · shared', { exact: false }).waitFor();
    expect(await shared.getByTestId('shared-link').count()).toBe(1);
    // Opened by the recipient on both screens, and with its expiry.
    const row = await shared.getByTestId('shared-link').textContent();
    expect(row).toMatch(/Opened [2-9]\d* times/);
    expect(row).toMatch(/Expires \S/);
    await expectAccessible(page, 'outcomes repository');
    await shared.getByRole('button', { name: 'Revoke the link to Problem & Customer Discovery' }).click();
    await shared.waitFor({ state: 'detached' });
    const visitor = await newContext(journey.browser, journey.server.url);
    const preview = await visitor.newPage();
    await preview.goto(outcomeShareUrl);
    await preview.getByRole('heading', { name: 'Nothing to preview here' }).waitFor();
    await visitor.close();

    await page.getByRole('combobox', { name: 'Program' }).click();
    await page.getByRole('option', { name: 'Venture Foundations' }).click();
    await page.getByRole('combobox', { name: 'Milestone' }).click();
    await page.getByRole('option', { name: /Solution & MVP/ }).click();
    await page.getByRole('heading', { level: 2, name: /Solution & MVP/ }).waitFor();
    // The filtered list replaces the whole one: the other milestone's section leaves (it may do so just after
    // the chosen one appears).
    await page
      .getByRole('heading', { level: 2, name: 'Problem & Customer Discovery' })
      .waitFor({ state: 'detached', timeout: 5000 });
  });

  it('works on a phone-sized screen', async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    for (const path of ['/overview', '/programs', '/outcomes-repository']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page
        .locator('[aria-busy="true"]')
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      await noHorizontalOverflow(page);
    }
    // On the map, the program's summary reads across the card rather than in a strip beside the icon.
    await page.goto('/programs');
    const card = page.getByRole('region', { name: 'Venture Foundations' });
    const summary = card.getByText(/^A twelve-week path/);
    const [summaryBox, cardBox] = [(await summary.boundingBox())!, (await card.boundingBox())!];
    expect(summaryBox.width).toBeGreaterThan(cardBox.width * 0.8);
    await page.goto('/overview');
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL('**/mission-details/**');
    await page.getByRole('navigation', { name: 'Steps of this mission' }).waitFor();
    await noHorizontalOverflow(page);
    // The step the founder came for starts in the first screenful, above the bottom navigation.
    const stepTitle = page.locator('main h2').first();
    expect((await stepTitle.boundingBox())!.y).toBeLessThan(740 - 64 - 120);
    await expectAccessible(page, 'mission details at 375 px');
  });
});
