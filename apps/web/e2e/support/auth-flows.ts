import type { Page } from 'playwright-core';
import type { RunningServer } from './server.js';

let counter = 0;
export const uniqueEmail = (prefix = 'journey') =>
  `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`;
export const PASSWORD = 'copper-kettle-orbit-77';

export const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

/**
 * Picks an option of an MUI select by its label, as a mouse user would, and waits until the menu has closed
 * and the select shows the choice: while a menu is open the rest of the page is hidden from the next step.
 * A click that lands while the menu is still opening can be lost; then the menu is closed and tried again.
 */
export async function choose(page: Page, label: string, option: string) {
  const select = page.getByRole('combobox', { name: label });
  const menu = page.getByRole('listbox');
  for (let attempt = 1; ; attempt++) {
    await select.click();
    await menu.getByRole('option', { name: option, exact: true }).click();
    const closed = await menu
      .waitFor({ state: 'detached', timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (closed) break;
    if (attempt === 2) throw new Error(`The ${label} menu did not close after choosing ${option}`);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
  }
  await select.filter({ hasText: option }).waitFor();
}

/** Signs up through the screens and lands on the e-mail verification screen. */
export async function signUpThroughScreens(page: Page, email: string, password = PASSWORD) {
  await page.goto('/sign-up');
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: /create|sign up/i }).click();
  await page.waitForURL('**/verify-email');
}

/**
 * Reads the code from the development outbox and verifies the address; a founder lands on onboarding,
 * an invited expert in the portal (`landsOn`).
 */
export async function verifyThroughScreens(
  page: Page,
  server: RunningServer,
  email: string,
  landsOn = '**/onboarding',
) {
  const mail = await server.waitForMail(email, /verification code/i);
  await page.getByLabel('Verification code').fill(codeIn(mail.text));
  await page
    .getByRole('button', { name: /verify/i })
    .first()
    .click();
  await page.waitForURL(landsOn);
}

/**
 * An invited expert makes an account: signs up with the invited address and verifies it. No founder
 * onboarding is asked; they land on the portal's questions.
 */
export async function signUpInvitedExpert(page: Page, server: RunningServer, email: string) {
  await signUpThroughScreens(page, email);
  await verifyThroughScreens(page, server, email, '**/expert/questions');
  await page.getByRole('heading', { name: 'Questions', exact: true }).waitFor();
}

export async function onboardThroughScreens(page: Page) {
  await page.getByLabel('Startup name').fill('Compiler Labs');
  await choose(page, 'Stage', 'Pre-seed');
  await choose(page, 'Industry', 'Deep tech');
  await page.getByLabel('What do you want from the program?').fill('Find our first ten customers.');
  await page.getByRole('button', { name: 'Finish setting up' }).click();
}

export async function signInThroughScreens(page: Page, email: string, password = PASSWORD) {
  await page.goto('/sign-in');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
}

/** Signs up, verifies the e-mail and onboards through the screens; lands on the product tour. */
export async function signUpVerifyAndOnboard(page: Page, server: RunningServer, email: string) {
  await signUpThroughScreens(page, email);
  await verifyThroughScreens(page, server, email);
  await onboardThroughScreens(page);
  await page.waitForURL('**/tutorial');
}

/** Leaves the product tour without walking it; lands on the overview. */
export async function skipTheTour(page: Page) {
  await page.getByRole('button', { name: 'Skip the tour' }).click();
  await page.waitForURL('**/overview');
}

/**
 * A new founder, signed in and onboarded, on the overview: signs up, verifies, onboards and skips the
 * tour through the screens. Returns the founder's e-mail (unique, starting with `prefix`).
 */
export async function newFounderOnOverview(page: Page, server: RunningServer, prefix: string) {
  const email = uniqueEmail(prefix);
  await signUpVerifyAndOnboard(page, server, email);
  await skipTheTour(page);
  return email;
}

/** Signs out from the account menu; lands on the sign-in screen. */
export async function signOutThroughMenu(page: Page) {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL('**/sign-in');
}
