import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newFounderOnOverview, PASSWORD, signInThroughScreens } from './support/auth-flows.js';
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
  it('changes the e-mail address on a phone: it counts once the link mailed to the new address is opened', async () => {
    const { server, browser } = journey;
    const page = await (await newContext(browser, server.url, PHONE)).newPage();
    const email = await newFounderOnOverview(page, server, 'moving');
    const newEmail = email.replace('moving', 'moved');
    await openProfile(page);
    const form = page.getByRole('form', { name: 'Change e-mail address' });
    await form.getByLabel(/New e-mail address/).fill(newEmail);
    await form.getByLabel(/Your password/).fill(PASSWORD);
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await page.getByText(`Check ${newEmail} and open the link`).waitFor();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, 'e-mail change at 375 px');

    const mail = await server.waitForMail(newEmail, /Confirm your new Liftoff e-mail address/);
    const link = /(https?:\/\/\S+\/confirm-email\?token=\S+)/.exec(mail.text)?.[1] ?? '';
    const token = new URL(link).searchParams.get('token') ?? '';
    await page.goto(`/confirm-email?token=${encodeURIComponent(token)}`);
    await page.getByRole('button', { name: 'Use this address' }).click();
    await page.getByText(`From now on you sign in with ${newEmail}`).waitFor();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, 'e-mail confirmed at 375 px');
    await server.waitForMail(email, /e-mail address of your Liftoff account was changed/);

    // Opened again, the link says it no longer works.
    await page.goto(`/confirm-email?token=${encodeURIComponent(token)}`);
    await page.getByRole('button', { name: 'Use this address' }).click();
    await page.getByText('This link no longer works').waitFor();

    // Still signed in; the profile shows the new address.
    await page.goto('/profile');
    await page.getByRole('region', { name: 'E-mail address' }).getByText(newEmail, { exact: true }).waitFor();
    // The same profile at 1440 px.
    await page.setViewportSize(DESKTOP);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, 'e-mail card at 1440 px');
  });

  it('downloads the data and deletes the account on a laptop', async () => {
    const { server, browser } = journey;
    const page = await (await newContext(browser, server.url, DESKTOP)).newPage();
    const email = await newFounderOnOverview(page, server, 'leaving');
    await openProfile(page);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/^liftoff-data-\d{4}-\d\d-\d\d\.json$/);
    const data = JSON.parse(readFileSync((await saved.path()) ?? '', 'utf8')) as {
      profile: { email: string };
    };
    expect(data.profile.email).toBe(email);
    await page.getByText('Your data was downloaded').waitFor();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, 'account data at 1440 px');

    // The same card on a phone, where the delete dialog opens.
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Delete my account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel(/Your password/).fill('not-the-password-1');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Your password is not right.').waitFor();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, 'delete dialog at 375 px');
    await dialog.getByLabel(/Your password/).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL('**/sign-in');
    await server.waitForMail(email, /Your Liftoff account was deleted/);

    // The account is gone: signing in is refused.
    await signInThroughScreens(page, email);
    await page.getByText(/Incorrect e-mail or password/).waitFor();
  });
});
