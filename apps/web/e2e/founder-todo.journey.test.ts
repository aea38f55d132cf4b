import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newFounderOnOverview } from './support/auth-flows.js';
import { expectAccessible, newContext } from './support/browser.js';
import { makePng } from './support/files.js';
import { useServerAndBrowser } from './support/journey.js';

const READING = 'Fall in love with the problem, not your solution';
const WORKSHEET = 'Write your problem statement';
const ASSUMPTIONS = 'Map and rank your riskiest assumptions';

async function stepHeading(page: Page, title: string) {
  await page.getByRole('heading', { level: 2, name: title }).waitFor();
}

async function moveOn(page: Page, button: 'Do later' | 'Next') {
  const before = page.url();
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.waitForURL((url) => url.toString() !== before);
}

describe.each([
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
])('journey: progress that tells the truth at $width px', (viewport) => {
  const journey = useServerAndBrowser();

  it('refuses a blank required field in place, and lists what was put off in "Your to-do"', async () => {
    const context = await newContext(journey.browser, journey.server.url, viewport);
    const page = await context.newPage();
    try {
      await newFounderOnOverview(page, journey.server, `todo-${viewport.width}`);
      const todo = page.getByRole('region', { name: 'Your to-do' });
      await todo.getByText(/Nothing left behind/).waitFor();

      // Never opened: "Not started", and the deliverable is counted in words.
      await page.goto('/programs');
      await page.getByTestId('milestone-box').first().click();
      const missions = page.getByRole('list', { name: /Missions of Problem & Customer Discovery/ });
      await missions.getByText('Not started').first().waitFor();
      await missions
        .getByText('0 of 3 steps and the deliverable done · deliverable not handed in yet')
        .first()
        .waitFor();

      await page.goto('/overview');
      await page.getByRole('link', { name: 'Continue' }).click();
      await stepHeading(page, READING);
      await moveOn(page, 'Do later');

      // The worksheet's required fields: Next is refused in place, nothing moves on.
      await stepHeading(page, WORKSHEET);
      const worksheetUrl = page.url();
      await page.getByLabel('What do they do about it today?').fill('Spreadsheets and phone calls.');
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page
        .getByRole('alert')
        .getByText(
          'Fill in the required fields first: Who has the problem?, What is the problem, in their words?, Your one-sentence problem statement.',
        )
        .waitFor();
      expect(page.url()).toBe(worksheetUrl);
      await page.getByText('Required before this step is done').first().waitFor();
      await expectAccessible(page, 'worksheet with required fields missing');
      await moveOn(page, 'Do later');
      await stepHeading(page, ASSUMPTIONS);
      await page.getByText('In progress').first().waitFor();

      // The overview no longer calls put-off steps done; the to-do lists both, with where to go.
      await page.goto('/overview');
      await todo.getByText(READING, { exact: true }).waitFor();
      await todo.getByText('Put off in “Frame the problem” · its worksheet is empty').waitFor();
      expect(await page.getByText(/Every step is done/).count()).toBe(0);
      await expectAccessible(page, 'overview with a to-do');
      await todo.getByRole('link', { name: `Finish “${WORKSHEET}”` }).click();
      await stepHeading(page, WORKSHEET);
      await page.getByRole('heading', { name: 'Put off for later' }).waitFor();

      if (viewport.width < 1000) return;
      // With the deliverable in, finishing the last open step would complete the mission: it asks first.
      await page.getByRole('link', { name: 'Hand in your deliverable' }).click();
      await page.waitForURL('**/mission-deliverable/**');
      await page
        .getByTestId('deliverable-input')
        .setInputFiles({ name: 'problem.png', mimeType: 'image/png', buffer: makePng() });
      await page.getByRole('list', { name: 'Files handed in' }).getByText('problem.png').waitFor();
      await page.goto('/overview');
      await page.getByRole('link', { name: 'Continue' }).click();
      await stepHeading(page, ASSUMPTIONS);
      await page.getByLabel('Your three riskiest assumptions').fill('Owners let software text patients.');
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Complete the mission?' });
      await dialog.getByText('2 steps are still put off — finish them or complete anyway?').waitFor();
      await expectAccessible(page, 'question before completing with steps put off');
      await dialog.getByRole('button', { name: 'Finish them' }).click();
      await stepHeading(page, READING);
      expect(await page.getByRole('heading', { name: 'Mission complete!' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
