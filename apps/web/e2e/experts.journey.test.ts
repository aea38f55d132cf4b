import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerifyAndOnboard, skipTheTour, uniqueEmail } from './support/auth-flows.js';
import { expectAccessible, newContext } from './support/browser.js';
import { useServerAndBrowser } from './support/journey.js';

const ZONE = 'Asia/Kolkata';

/** YYYY-MM-DD `days` after today (UTC calendar), moved forward to a Monday–Friday. */
function weekdayAhead(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

const slotsGroup = (page: Page) => page.getByRole('radiogroup', { name: /Free times on/ });
const noSlots = (page: Page) => page.getByText(/No free times on this day/);

/** Tries weekdays from a few days ahead (inside every expert's booking window) until one has free slots. */
async function pickDateWithSlots(page: Page): Promise<string> {
  for (let offset = 4; offset < 30; offset++) {
    const date = weekdayAhead(offset);
    await page.getByLabel('Date', { exact: true }).fill(date);
    await slotsGroup(page).or(noSlots(page)).first().waitFor();
    if (await slotsGroup(page).isVisible()) return date;
  }
  throw new Error('No date with free slots in the next four weeks');
}

describe('journey: a founder asks an expert, books and cancels a meeting, and writes to support', () => {
  const journey = useServerAndBrowser();
  let context: BrowserContext;
  let page: Page;
  let email = '';

  beforeAll(async () => {
    context = await newContext(journey.browser, journey.server.url);
    page = await context.newPage();
    email = uniqueEmail('experts');
    await signUpVerifyAndOnboard(page, journey.server, email);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('takes the tour from the TUTORIAL setting and can reach support from it', async () => {
    await page.getByRole('heading', { level: 1, name: 'Your program and missions' }).waitFor();
    await page.getByRole('button', { name: 'Contact support' }).click();
    const dialog = page.getByRole('dialog', { name: "We're here to help" });
    await dialog.waitFor();
    expect(await dialog.getByRole('radio', { name: 'Help with the tutorial' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await skipTheTour(page);
  });

  it("asks the milestone's expert a question from the overview", async () => {
    const card = page.getByRole('region', { name: /Your expert/ });
    await card.waitFor();
    // Popular questions for the milestone, expandable.
    const popular = page.getByRole('region', { name: 'Popular questions' });
    await popular.getByRole('button').first().waitFor();
    const first = popular.getByRole('button').first();
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    await first.click();
    expect(await first.getAttribute('aria-expanded')).toBe('true');

    await card.getByRole('button', { name: 'Ask a question' }).click();
    const dialog = page.getByRole('dialog', { name: /^Ask .* a question$/ });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Send question' }).click();
    await dialog.getByText('Add a short subject.').waitFor();
    await dialog.getByLabel(/^Subject/).fill('How many interviews before we decide?');
    await dialog
      .getByLabel(/^Your question/)
      .fill('We have done eight customer interviews. How do we know when we have heard enough?');
    await dialog.getByRole('button', { name: 'Send question' }).click();
    await page.getByText('Your question was sent.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('books a meeting in a chosen time zone, gets the mail, and cancels it', async () => {
    const card = page.getByRole('region', { name: /Your expert/ });
    await card.getByRole('button', { name: 'Book a meeting' }).click();
    const dialog = page.getByRole('dialog', { name: /^Book a meeting with/ });
    await dialog.waitFor();
    await dialog.getByLabel('Time zone').selectOption(ZONE);
    await dialog
      .getByText('Shown in Asia/Kolkata.')
      .or(dialog.getByText(/Pick a date/))
      .first()
      .waitFor();
    await pickDateWithSlots(page);
    await dialog.getByText('Shown in Asia/Kolkata.').waitFor();
    await expectAccessible(page, 'booking dialog');

    const slot = slotsGroup(page).getByRole('radio').first();
    const time = (await slot.textContent()) ?? '';
    await slot.click();
    expect(await slot.getAttribute('aria-checked')).toBe('true');
    await dialog.getByLabel(/^Note for the expert/).fill('I would like feedback on our interview script.');
    await dialog.getByRole('button', { name: /^Book \d+ min$/ }).click();
    await page.getByText('Your meeting request was sent.').waitFor();
    await dialog.getByText(/^Request sent to/).waitFor();
    expect(await dialog.textContent()).toContain(time);

    const mail = await journey.server.waitForMail(email, /Meeting requested/);
    expect(mail.subject).toMatch(/Meeting requested/);
    // The calendar invite downloads through the authorized client.
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Add to calendar' }).click();
    const ics = readFileSync((await (await download).path()) ?? '', 'utf8');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('METHOD:REQUEST');
    await dialog.getByRole('button', { name: 'Done' }).click();

    await card.getByRole('button', { name: 'My requests' }).click();
    const requests = page.getByRole('dialog', { name: 'My requests' });
    await requests.waitFor();
    const meetings = requests.getByRole('list', { name: 'Meeting requests' });
    await meetings.getByText('Requested').waitFor();
    await requests
      .getByRole('list', { name: 'Questions' })
      .getByText('How many interviews before we decide?')
      .waitFor();
    await requests.getByRole('button', { name: 'Cancel request' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this meeting request?' });
    await confirm.getByRole('button', { name: 'Cancel meeting' }).click();
    await meetings.getByText('Cancelled').waitFor();
    expect(await requests.getByRole('button', { name: 'Cancel request' }).count()).toBe(0);
    await journey.server.waitForMail(email, /^Cancelled:/);
    await requests.getByRole('button', { name: 'Close' }).click();
  });

  it('sends a message from the support modal in the app bar', async () => {
    await page.goto('/programs');
    await page.getByRole('button', { name: 'Support' }).click();
    const dialog = page.getByRole('dialog', { name: "We're here to help" });
    await dialog.getByText('support@liftoff.example').first().waitFor();
    await expectAccessible(page, 'support modal');
    await dialog.getByLabel(/^Subject/).fill('Invoice address');
    await dialog.getByLabel(/^Message/).fill('Can you put our company name on the receipts?');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await dialog.getByText('Thank you! Your message has been sent to our team.').first().waitFor();
  });

  it('fits a 375 px phone with the booking dialog open', async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/programs');
    const card = page.getByRole('region', { name: /Your expert/ });
    await card.getByRole('button', { name: 'Book a meeting' }).click();
    await page.getByRole('dialog', { name: /^Book a meeting with/ }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
