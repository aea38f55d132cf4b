import { describe, expect, it } from 'vitest';
import { signOutThroughMenu, signUpInvitedExpert } from './support/auth-flows.js';
import { expectAccessible, newContext } from './support/browser.js';
import { demoManagerKey, signInAsDemoManager } from './support/demo-manager.js';
import { useServerAndBrowser } from './support/journey.js';

// An expert of the content pack (America/Los_Angeles, Monday/Wednesday/Friday hours, no Tuesday).
const EXPERT = 'daniel.kim@experts.liftoff.example';

/** The first Tuesday at least two days ahead (inside the expert's notice and 30-day window), YYYY-MM-DD. */
function nextTuesday(): string {
  const day = new Date(Date.now() + 2 * 86_400_000);
  while (day.getUTCDay() !== 2) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

describe('journey: an expert edits their availability on a phone, with the keyboard', () => {
  const journey = useServerAndBrowser({ SEED_DEMO: 'true' });

  it('is invited, signs up, adds Tuesday hours, fixes a backwards range and previews them from Berlin', async () => {
    const { server, browser } = journey;
    const context = await newContext(browser, server.url, { width: 375, height: 800 });
    const page = await context.newPage();

    // The program team invites the expert; the expert makes an account with that address.
    await signInAsDemoManager(page, await demoManagerKey(server));
    await page.goto('/studio/experts/invite');
    await page.getByLabel("Expert's e-mail").fill(EXPERT);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${EXPERT}.`).waitFor();
    await signOutThroughMenu(page);
    // Experts are not asked the founders' onboarding: verifying the address leads into the portal.
    await signUpInvitedExpert(page, server, EXPERT);
    expect(new URL(page.url()).pathname).toBe('/expert/questions');
    await expectAccessible(page, 'expert portal after sign-up on a phone');
    // The founders' screens lead back to the portal until the expert chooses founder use.
    await page.goto('/overview');
    await page.waitForURL('**/expert/questions');

    await page.goto('/expert/availability');
    await page.getByRole('heading', { name: 'Availability' }).waitFor();
    const tuesday = page.getByRole('group', { name: 'Tuesday' });
    await tuesday.getByText('Unavailable').waitFor();
    await expectAccessible(page, 'availability editor on a phone');
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Keyboard only: add a Tuesday range, walk back to its fields, write it backwards.
    await page.getByRole('button', { name: 'Add hours on Tuesday' }).focus();
    await page.keyboard.press('Enter');
    await tuesday.getByLabel('From').waitFor();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('placeholder')))
      .toBe('HH:mm');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('12:00');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('09:00');
    await page.getByRole('button', { name: 'Save availability' }).focus();
    await page.keyboard.press('Enter');
    // The API names the field; the screen shows its message beside it.
    await tuesday.getByText('start must be before end').waitFor();

    await tuesday.getByLabel('To').focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('13:00');
    await page.getByRole('button', { name: 'Save availability' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Your availability was saved.').first().waitFor();
    await expect.poll(() => tuesday.getByText('start must be before end').count()).toBe(0);

    // The preview: 12:00–13:00 in Los Angeles is 21:00–22:00 for a founder in Berlin.
    await page.getByLabel("Founder's date").fill(nextTuesday());
    await page.getByLabel("Founder's time zone").selectOption('Europe/Berlin');
    await page.getByRole('button', { name: 'Show slots' }).focus();
    await page.keyboard.press('Enter');
    const slots = page.getByRole('list', { name: 'Slots' });
    await slots.waitFor();
    expect(await slots.getByRole('listitem').allTextContents()).toEqual([
      '21:00 (UTC+01:00)',
      '21:30 (UTC+01:00)',
    ]);
    await expectAccessible(page, 'availability preview on a phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });
});
