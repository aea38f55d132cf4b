import { readFileSync } from 'node:fs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerifyAndOnboard, skipTheTour, uniqueEmail } from './support/auth-flows.js';
import { expectAccessible, newContext } from './support/browser.js';
import { useServerAndBrowser } from './support/journey.js';

const ZONE = 'Asia/Kolkata';

const slotsGroup = (page: Page) => page.getByRole('radiogroup', { name: /Free times on/ });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Searches the zone picker by city and takes the zone; the slots then show in it. */
async function searchZone(page: Page, dialog: Locator) {
  const zone = dialog.getByRole('combobox', { name: 'Time zone' });
  await zone.fill('kolkata');
  await page.getByRole('option', { name: `UTC+05:30 ${ZONE}` }).click();
  await dialog.getByText(`Shown in ${ZONE}.`).waitFor();
}

/** Books the first slot of the last marked day of the month view; returns the slot's time as shown. */
async function bookFromMonthView(page: Page, dialog: Locator): Promise<string> {
  // The dialog opens on the first day with free times: its slots are there without picking a date.
  await slotsGroup(page).waitFor();
  const marked = dialog.getByRole('button', { name: /has free times/ });
  await marked.last().click();
  expect(await marked.last().getAttribute('aria-pressed')).toBe('true');
  const slot = slotsGroup(page).getByRole('radio').first();
  const time = (await slot.textContent()) ?? '';
  await slot.click();
  expect(await slot.getAttribute('aria-checked')).toBe('true');
  return time;
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
    // The answer is a region named by its question.
    const question = (await first.textContent()) ?? '';
    await popular.getByRole('region', { name: question }).waitFor();
    await expectAccessible(page, 'overview, a popular question open');

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
    await searchZone(page, dialog);
    await slotsGroup(page).waitFor();
    await expectAccessible(page, 'booking dialog');
    const time = await bookFromMonthView(page, dialog);
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

  it('opens Experts from the navigation, sees when each is next free, and books from the month view', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await mainNav(page).getByRole('link', { name: 'Experts' }).click();
    await page.getByRole('heading', { level: 1, name: 'Experts' }).waitFor();
    const card = page.getByRole('article').first();
    await card.getByText(/^Next free: |^No free time in the next weeks$/).waitFor();
    expect(await page.getByText(/^Next free: /).count()).toBeGreaterThan(0);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'experts page');

    const bookable = page
      .getByRole('article')
      .filter({ hasText: /Next free: / })
      .first();
    await bookable.getByRole('button', { name: 'Book a meeting' }).click();
    const dialog = page.getByRole('dialog', { name: /^Book a meeting with/ });
    await searchZone(page, dialog);
    await bookFromMonthView(page, dialog);
    await expectAccessible(page, 'booking month view');
    await dialog.getByRole('button', { name: /^Book \d+ min$/ }).click();
    await dialog.getByText(/^Request sent to/).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
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
    await page.keyboard.press('Escape');
  });

  it('uses the experts page and its month view on a 375 px phone', async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/overview');
    await mainNav(page).getByRole('link', { name: 'Experts' }).click();
    await page.getByRole('heading', { level: 1, name: 'Experts' }).waitFor();
    await page
      .getByText(/^Next free: /)
      .first()
      .waitFor();
    const sideways = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await sideways()).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'experts page on a phone');

    const bookable = page
      .getByRole('article')
      .filter({ hasText: /Next free: / })
      .first();
    await bookable.getByRole('button', { name: 'Book a meeting' }).click();
    const dialog = page.getByRole('dialog', { name: /^Book a meeting with/ });
    await searchZone(page, dialog);
    await bookFromMonthView(page, dialog);
    expect(await sideways()).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'booking month view on a phone');
    await dialog.getByRole('button', { name: /^Book \d+ min$/ }).click();
    await dialog.getByText(/^Request sent to/).waitFor();
  });
});
