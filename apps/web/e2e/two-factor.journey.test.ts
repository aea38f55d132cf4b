import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  choose,
  codeIn,
  newFounderOnOverview,
  signInThroughScreens,
  signOutThroughMenu,
} from './support/auth-flows.js';
import { expectAccessible, newContext } from './support/browser.js';
import { useServerAndBrowser } from './support/journey.js';
import type { RunningServer } from './support/server.js';

/** TOTP codes from Debian's oathtool, computed from the key the page shows (`offsetSteps` × 30 s). */
function totp(secret: string, offsetSteps = 0): string {
  const at = Math.floor(Date.now() / 1000) + offsetSteps * 30;
  return execFileSync('oathtool', ['--totp', '-b', '-N', `@${at}`, secret], { encoding: 'utf8' }).trim();
}

async function openProfile(page: Page) {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await page.waitForURL('**/profile');
  await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
}

/** Reads the backup codes shown once, downloads them, confirms they were saved. */
async function saveBackupCodes(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Backup codes' });
  await list.waitFor();
  const codes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
  expect(codes).toHaveLength(10);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download (.txt)' }).click();
  expect((await download).suggestedFilename()).toBe('liftoff-backup-codes.txt');
  const done = page.getByRole('button', { name: 'Done' });
  expect(await done.isDisabled()).toBe(true);
  await page.getByLabel('I saved my backup codes').check();
  await done.click();
  await list.waitFor({ state: 'detached' });
  return codes;
}

describe('journey: two-step verification and the profile', () => {
  const journey = useServerAndBrowser();

  it('edits the profile, turns on an authenticator app, signs in with it and a backup code, switches to e-mailed codes, turns it off', async () => {
    const { server, browser } = journey;
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    const email = await newFounderOnOverview(page, server, 'two-factor');

    // The profile: name, startup and a picture, resized in the browser and shown in the app bar.
    await openProfile(page);
    await expectAccessible(page, 'profile');
    await page.getByLabel('Startup name').fill('Compiler Labs Two');
    await page.getByLabel('Last name').fill('Murray Hopper');
    // Every onboarding answer can be changed later, with onboarding's choices.
    await choose(page, 'Stage', 'Seed');
    await choose(page, 'Industry', 'Climate');
    await page.getByLabel('What do you want from the program?').fill('Raise our seed round.');
    const picture = await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 900;
      canvas.height = 600;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#3730A3';
      context.fillRect(0, 0, 900, 600);
      context.fillStyle = '#F59E0B';
      context.fillRect(200, 100, 400, 300);
      return canvas.toDataURL('image/png').split(',')[1]!;
    });
    await page.getByLabel('Profile picture file').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: Buffer.from(picture, 'base64'),
    });
    await page.getByRole('img', { name: /Profile picture of/ }).waitFor();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your changes were saved.').waitFor();
    const appBarPicture = page.getByRole('banner').locator('img');
    await appBarPicture.waitFor();
    const size = await appBarPicture.evaluate((img: HTMLImageElement) => ({
      src: img.src.slice(0, 22),
      width: img.naturalWidth,
      height: img.naturalHeight,
    }));
    expect(size).toEqual({ src: 'data:image/png;base64,', width: 256, height: 171 });
    await page.reload();
    expect(await page.getByLabel('Startup name').inputValue()).toBe('Compiler Labs Two');
    expect(await page.getByRole('combobox', { name: 'Stage' }).textContent()).toBe('Seed');
    expect(await page.getByRole('combobox', { name: 'Industry' }).textContent()).toBe('Climate');
    expect(await page.getByLabel('What do you want from the program?').inputValue()).toBe(
      'Raise our seed round.',
    );

    // Turn on an authenticator app: scan the QR (or copy the key), confirm with a code.
    await page.getByRole('button', { name: 'Set up two-step verification' }).click();
    await page.getByRole('img', { name: 'QR code to add Liftoff to your authenticator app' }).waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible(page, 'profile, two-step setup');
    await page.getByLabel('Verification code').fill(totp(secret));
    await page.getByRole('button', { name: 'Confirm and turn on' }).click();
    await expectAccessible(page, 'profile, backup codes');
    const backupCodes = await saveBackupCodes(page);
    await page.getByText('On · authenticator app').waitFor();
    await server.waitForMail(email, /Two-step verification is on/);

    // Sign out and back in: the second step asks for the app's code.
    await signOutThroughMenu(page);
    await signInThroughScreens(page, email);
    await page.waitForURL('**/two-factor');
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await expectAccessible(page, 'two-factor');
    // A protected page sends back to the second step.
    await page.goto('/overview');
    await page.waitForURL('**/two-factor');
    const wrong = String((Number(totp(secret, 1)) + 500_000) % 1_000_000).padStart(6, '0');
    await page.getByLabel('Code from your app').fill(wrong);
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    await page.getByText('That code is not right. 4 tries left.').first().waitFor();
    // A code from 90 seconds ago is called expired, not wrong.
    await page.getByLabel('Code from your app').fill(totp(secret, -3));
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    await page
      .getByText(/^This code has expired\. .*3 tries left\.$/)
      .first()
      .waitFor();
    await page.getByLabel('Code from your app').fill(totp(secret, 1));
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    await page.waitForURL('**/overview');
    await page.getByRole('heading', { name: 'Welcome, Grace' }).waitFor();

    // Sign in again with a backup code.
    await signOutThroughMenu(page);
    await signInThroughScreens(page, email);
    await page.waitForURL('**/two-factor');
    await page.getByRole('button', { name: 'Use a backup code' }).click();
    await page.getByLabel('Backup code').fill(backupCodes[0]!);
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    await page.waitForURL('**/overview');

    // The profile counts the codes left; a new set needs a fresh code, and a wrong one is said in place.
    await openProfile(page);
    await page.getByText('9 of 10 backup codes left.').waitFor();
    await page.getByRole('button', { name: 'Make new backup codes' }).click();
    const regenerate = page.getByRole('dialog', { name: 'Make new backup codes?' });
    await regenerate.getByLabel('6-digit code').fill(wrong);
    await regenerate.getByRole('button', { name: 'Make new codes' }).click();
    await regenerate.getByText(/That code is not right/).waitFor();
    await expectAccessible(page, 'new backup codes');
    await regenerate.getByRole('button', { name: 'Cancel' }).click();
    await regenerate.waitFor({ state: 'detached' });

    // Switch to e-mailed codes from the profile, confirmed with the code from the outbox.
    await openProfile(page);
    const before = (await server.mailbox(email)).length;
    await page.getByRole('button', { name: 'Switch to e-mailed codes' }).click();
    await page.getByText(/We e-mailed a 6-digit code/).waitFor();
    const setupMail = await waitForNewMail(server, email, before);
    await page.getByLabel('Verification code').fill(codeIn(setupMail.text));
    await page.getByRole('button', { name: 'Confirm and turn on' }).click();
    await saveBackupCodes(page);
    await page.getByText('On · e-mailed codes').waitFor();

    // Sign in with the code e-mailed at sign-in.
    await signOutThroughMenu(page);
    const beforeSignIn = (await server.mailbox(email)).length;
    await signInThroughScreens(page, email);
    await page.waitForURL('**/two-factor');
    await page.getByText(/We e-mailed a 6-digit code/).waitFor();
    // The resend button shows its cooldown.
    await page.getByRole('button', { name: /Send a new code in \d+ s/ }).waitFor();
    const signInMail = await waitForNewMail(server, email, beforeSignIn);
    expect(signInMail.subject).toMatch(/sign-in code/);
    await page.getByLabel('Code from the e-mail').fill(codeIn(signInMail.text));
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    await page.waitForURL('**/overview');

    // Turn it off, after confirming.
    await openProfile(page);
    await page.getByRole('button', { name: 'Turn off two-step verification' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn off two-step verification?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await page.getByText('Two-step verification is turned off.').waitFor();
    await page.getByRole('button', { name: 'Set up two-step verification' }).waitFor();
    await server.waitForMail(email, /turned off/);

    // Sign-in needs the password only again (the sign-in page may return to the page the user was on).
    await signOutThroughMenu(page);
    await signInThroughScreens(page, email);
    await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
    await page.getByRole('button', { name: /account menu/i }).waitFor();
    expect(new URL(page.url()).pathname).not.toBe('/two-factor');
    await context.close();
  });

  it('a user with the app can ask for an e-mailed code instead', async () => {
    const { server, browser } = journey;
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    const email = await newFounderOnOverview(page, server, 'two-factor-mail');
    await openProfile(page);
    await page.getByRole('button', { name: 'Set up two-step verification' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel('Verification code').fill(totp(secret));
    await page.getByRole('button', { name: 'Confirm and turn on' }).click();
    await saveBackupCodes(page);
    await signOutThroughMenu(page);

    await signInThroughScreens(page, email);
    await page.waitForURL('**/two-factor');
    const before = (await server.mailbox(email)).length;
    await page.getByRole('button', { name: 'E-mail me a code' }).click();
    const mail = await waitForNewMail(server, email, before);
    await page.getByLabel('Code from the e-mail').fill(codeIn(mail.text));
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    await page.waitForURL('**/overview');
    await context.close();
  });
});

/** Waits for a mail newer than the `seen` ones already in the outbox (newest first). */
async function waitForNewMail(server: RunningServer, to: string, seen: number) {
  const end = Date.now() + 10_000;
  for (;;) {
    const mails = await server.mailbox(to);
    if (mails.length > seen && /\d{6}/.test(mails[0]!.subject)) return mails[0]!;
    if (Date.now() > end) throw new Error(`no new code mail for ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
