import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newFounderOnOverview, signInThroughScreens } from './support/auth-flows.js';
import { expectAccessible, newContext } from './support/browser.js';
import { useServerAndBrowser } from './support/journey.js';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1440, height: 900 };

async function openProfile(page: Page) {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await page.waitForURL('**/profile');
}

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

describe('journey: the account a founder expects', () => {
  const journey = useServerAndBrowser();

  it('lists the sessions on a laptop and a phone, and the laptop signs the phone out', async () => {
    const { server, browser } = journey;
    const laptop = await (await newContext(browser, server.url, DESKTOP)).newPage();
    const email = await newFounderOnOverview(laptop, server, 'sessions');
    const phone = await (await newContext(browser, server.url, PHONE)).newPage();
    await signInThroughScreens(phone, email);
    await phone.waitForURL('**/overview');

    // On the phone: both sessions, this one marked, the other one with its own sign-out.
    await openProfile(phone);
    const phoneList = phone.getByRole('list', { name: 'Signed-in sessions' });
    await phoneList.getByRole('listitem').nth(1).waitFor();
    expect(await phoneList.getByRole('listitem').count()).toBe(2);
    await phoneList.getByText('This device').waitFor();
    expect(await phoneList.getByText(/Signed in from IP address/).count()).toBe(2);
    await expectNoSidewaysScroll(phone);
    await expectAccessible(phone, 'sessions at 375 px');

    // On the laptop: sign the other session (the phone) out.
    await openProfile(laptop);
    const list = laptop.getByRole('list', { name: 'Signed-in sessions' });
    await list.getByRole('listitem').nth(1).waitFor();
    await expectNoSidewaysScroll(laptop);
    await expectAccessible(laptop, 'sessions at 1440 px');
    await list.getByRole('button', { name: /^Sign out / }).click();
    await laptop.getByText('That session is signed out.').waitFor();
    await laptop.getByText('You are signed in on this device only.').waitFor();
    expect(await list.getByRole('listitem').count()).toBe(1);

    // The phone's next call is refused: it lands on sign-in with the ended-session note.
    await phone.reload();
    await phone.waitForURL('**/sign-in**');
    await phone.getByText('Your session has ended').waitFor();
  });
});
