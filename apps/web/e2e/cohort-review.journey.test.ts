import { execFileSync } from 'node:child_process';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  onboardThroughScreens,
  PASSWORD,
  signInThroughScreens,
  skipTheTour,
  uniqueEmail,
  verifyThroughScreens,
} from './support/auth-flows.js';
import { expectAccessible, newContext } from './support/browser.js';
import { makePng } from './support/files.js';
import { useServerAndBrowser } from './support/journey.js';

/** TOTP codes from Debian's oathtool, never from the library under test. */
function totp(secret: string): string {
  return execFileSync('oathtool', ['--totp', '-b', secret], { encoding: 'utf8' }).trim();
}

const DEMO_MANAGER = 'manager@liftoff.local';
const DEMO_PASSWORD = 'liftoff-demo-2026';
const MISSION = 'Run Mom Test customer interviews';

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Opens the notification centre from the bell and follows the newest entry with this title. */
async function openNotification(page: Page, title: RegExp) {
  await page.goto('/overview');
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  // The event is handled just after the change commits; the bell shows it on the next load.
  await expect
    .poll(
      async () => {
        if (await bell.count()) return true;
        await page.reload();
        await page.getByRole('button', { name: /^Notifications/ }).waitFor();
        return (await bell.count()) > 0;
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBe(true);
  await bell.click();
  await page
    .getByRole('list', { name: 'Notifications' })
    .getByRole('button', { name: title })
    .first()
    .click();
  await page.waitForURL('**/mission-deliverable/**');
}

async function handIn(page: Page, name: string) {
  await page
    .getByTestId('deliverable-input')
    .setInputFiles({ name, mimeType: 'image/png', buffer: makePng() });
  await page.getByText(`Version`).first().waitFor();
}

describe('journey: a manager runs a cohort and reviews a founder’s deliverable', () => {
  const journey = useServerAndBrowser({ SEED_DEMO: 'true' });
  let managerContext: BrowserContext;
  let founderContext: BrowserContext;
  let manager: Page;
  let founder: Page;
  const founderEmail = uniqueEmail('cohort-founder');
  let cohortUrl = '';

  beforeAll(async () => {
    managerContext = await newContext(journey.browser, journey.server.url);
    founderContext = await newContext(journey.browser, journey.server.url);
    manager = await managerContext.newPage();
    founder = await founderContext.newPage();
  });
  afterAll(async () => {
    await managerContext?.close();
    await founderContext?.close();
  });

  it('a manager with two-factor creates a cohort and invites a founder by CSV', async () => {
    // The key is printed beside the demo accounts, just after the server starts listening.
    let key: string | undefined;
    for (let i = 0; i < 50 && !key; i += 1) {
      key = /authenticator key ([A-Z2-7]{32})/.exec(journey.server.output())?.[1];
      if (!key) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(key, 'the start-up banner prints the demo manager’s authenticator key').toBeTruthy();
    await signInThroughScreens(manager, DEMO_MANAGER, DEMO_PASSWORD);
    await manager.waitForURL('**/two-factor');
    await manager.getByLabel('Code from your app').fill(totp(key!));
    await manager.getByRole('button', { name: 'Verify and continue' }).click();
    await manager.waitForURL((url) => !url.pathname.startsWith('/two-factor'));

    await manager.goto('/studio/cohorts');
    await manager.getByRole('heading', { level: 1, name: 'Cohorts' }).waitFor();
    await expectAccessible(manager, 'studio cohorts');
    await manager.getByRole('button', { name: 'New cohort' }).click();
    const dialog = manager.getByRole('dialog', { name: 'New cohort' });
    await dialog.getByLabel('Name').fill('Autumn 2026');
    // The program is chosen from those that exist, not typed.
    await dialog.getByRole('combobox', { name: 'Program' }).click();
    await manager.getByRole('option', { name: 'Venture Foundations' }).click();
    await expectAccessible(manager, 'new cohort form');
    await dialog.getByLabel('Start date').fill('2026-11-01');
    await dialog.getByLabel('End date').fill('2027-03-01');
    await dialog.getByLabel('Time zone').fill('Europe/Berlin');
    await dialog.getByRole('button', { name: 'Create cohort' }).click();
    await manager.getByRole('heading', { level: 1, name: 'Autumn 2026' }).waitFor();
    cohortUrl = new URL(manager.url()).pathname;
    await manager.getByRole('button', { name: 'Invite founders' }).waitFor();
    await expectAccessible(manager, 'cohort without founders');

    // The managers tab lists who manages the cohort (an admin creating it does not) and offers the team.
    await manager.getByRole('tab', { name: 'Managers' }).click();
    await manager.getByRole('heading', { level: 2, name: 'Managers' }).waitFor();
    await manager.getByRole('combobox', { name: 'Add managers' }).waitFor();
    await expectAccessible(manager, 'cohort managers');
    await manager.setViewportSize({ width: 1440, height: 900 });
    await noHorizontalOverflow(manager);
    await manager.setViewportSize({ width: 1280, height: 800 });
    await noHorizontalOverflow(manager);

    await manager.getByRole('tab', { name: 'Invitations' }).click();
    await manager.getByRole('tab', { name: 'Several (CSV)' }).click();
    await manager
      .getByLabel('Founders as CSV')
      .fill(
        `name,email,startup\nGrace Hopper,${founderEmail},Compiler Labs\nNo Address,not-an-email,Nowhere\n`,
      );
    await manager.getByRole('button', { name: 'Send invitations' }).click();
    // The bad row is reported with its line; the good one still goes out.
    await manager.getByRole('list', { name: 'Rows not sent' }).waitFor();
    await expectAccessible(manager, 'cohort invitations');
  });

  it('the founder accepts, signs up and completes a mission with a deliverable', async () => {
    const mail = await journey.server.waitForMail(founderEmail, /invit/i);
    const link = /(https?:\/\/\S*sign-up\S*)/.exec(mail.text)?.[1];
    expect(link, mail.text).toBeTruthy();
    await founder.goto(link!.replace(/[).,]+$/, ''));
    await expect.poll(() => founder.getByLabel('E-mail').inputValue()).toBe(founderEmail);
    await founder.getByLabel('First name').fill('Grace');
    await founder.getByLabel('Last name').fill('Hopper');
    await founder.getByLabel(/^Password/).fill(PASSWORD);
    await founder.getByRole('button', { name: /create|sign up/i }).click();
    await founder.waitForURL('**/verify-email');
    await verifyThroughScreens(founder, journey.server, founderEmail);
    await onboardThroughScreens(founder);
    await founder.waitForURL('**/tutorial');
    await skipTheTour(founder);

    await founder.goto('/programs');
    await founder.getByTestId('milestone-box').first().click();
    await founder.getByRole('link', { name: `Open mission ${MISSION}` }).click();
    await founder.waitForURL('**/mission-details/**');
    for (let guard = 0; guard < 10; guard++) {
      const next = founder.getByRole('button', { name: 'Next', exact: true });
      const allDone = founder.getByText(
        'Every step is done or put off. Hand in your deliverable to complete the mission.',
      );
      await next.or(allDone).first().waitFor();
      if (await allDone.isVisible()) break;
      const before = founder.url();
      await next.click();
      await founder.waitForURL((url) => url.toString() !== before);
    }
    await founder.getByRole('link', { name: 'Hand in your deliverable' }).click();
    await founder.waitForURL('**/mission-deliverable/**');
    await handIn(founder, 'interviews.png');
    // Decision 004's default: handing in completes the mission; the review waits for the team.
    await founder.getByRole('heading', { name: 'Mission complete!' }).waitFor();
    const review = founder.getByRole('region', { name: 'Review' });
    await review.getByText('Waiting for review').waitFor();
    await expectAccessible(founder, 'deliverable waiting for review');
  });

  it('the manager sees it on the dashboard and requests changes with a comment', async () => {
    await manager.goto(cohortUrl);
    await manager.getByRole('heading', { level: 1, name: 'Autumn 2026' }).waitFor();
    await manager.getByText('Deliverables waiting').waitFor();
    await expect
      .poll(async () => (await manager.getByText('Deliverables waiting').locator('..').textContent()) ?? '')
      .toMatch(/^Deliverables waiting\s*1(?!\d)/);
    await manager.getByRole('grid', { name: 'Founders by milestone' }).waitFor();
    await expectAccessible(manager, 'cohort dashboard');
    // The dashboard stays usable on a phone: the page itself does not scroll sideways (the grid does).
    await manager.setViewportSize({ width: 375, height: 800 });
    await manager.getByRole('heading', { level: 1, name: 'Autumn 2026' }).waitFor();
    await noHorizontalOverflow(manager);
    await expectAccessible(manager, 'cohort dashboard on a phone');
    await manager.setViewportSize({ width: 1280, height: 800 });
    await manager
      .getByRole('grid', { name: 'Founders by milestone' })
      .getByRole('link', { name: 'Grace Hopper' })
      .click();
    await manager.getByRole('heading', { level: 1, name: /Grace Hopper/ }).waitFor();
    await expectAccessible(manager, 'founder timeline');

    await manager.goto('/studio/reviews');
    const grid = manager.getByRole('grid', { name: 'Deliverables' });
    await grid.getByRole('link', { name: 'Grace Hopper' }).waitFor();
    await expectAccessible(manager, 'review queue');
    await grid.getByRole('link', { name: 'Grace Hopper' }).click();
    await manager.getByRole('heading', { level: 1, name: /Interview notes/ }).waitFor();
    await manager.getByRole('list', { name: 'Versions' }).getByText('Version 1 · interviews.png').waitFor();
    await manager.getByRole('button', { name: 'Preview' }).click();
    await manager.getByRole('img', { name: 'Version 1: interviews.png' }).waitFor();
    await expectAccessible(manager, 'review page');

    await manager.getByRole('button', { name: 'Start review' }).click();
    await manager.getByRole('button', { name: 'Request changes' }).click();
    const dialog = manager.getByRole('dialog', { name: 'Request changes' });
    await dialog.getByLabel('What should change').fill('Add the notes of two more interviews, with quotes.');
    await dialog.getByRole('button', { name: 'Request changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await manager.getByText('Changes requested').first().waitFor();
    await manager.getByRole('button', { name: 'Reopen the review' }).waitFor();

    // The review stays usable on a phone.
    await manager.setViewportSize({ width: 375, height: 800 });
    await manager.getByRole('heading', { level: 1, name: /Interview notes/ }).waitFor();
    await noHorizontalOverflow(manager);
    await expectAccessible(manager, 'review page on a phone');
    await manager.setViewportSize({ width: 1280, height: 800 });
  });

  it('the founder sees the notification, reads the comment and uploads a new version', async () => {
    // One notification naming the reviewer and the deliverable, carrying the comment.
    await openNotification(founder, /requested changes on '.*Interview notes.*'/);
    const review = founder.getByRole('region', { name: 'Review' });
    await review.getByText('Changes requested').first().waitFor();
    await review.getByText('Add the notes of two more interviews, with quotes.').waitFor();
    await founder
      .getByLabel('Reply to your program team')
      .fill('Done — two more interviews are in version 2.');
    await founder.getByRole('button', { name: 'Send comment' }).click();
    await review.getByText('Done — two more interviews are in version 2.').waitFor();
    await handIn(founder, 'interviews-v2.png');
    await review.getByText('Waiting for review').waitFor();
    await founder.getByText('Version 2 · interviews-v2.png').waitFor();
    await founder.getByText('Version 1 · interviews.png').waitFor();
    await expectAccessible(founder, 'deliverable with a new version');
  });

  it('the manager approves the new version and the founder is notified', async () => {
    await manager.reload();
    await manager.getByText('Version 2 · interviews-v2.png').waitFor();
    await manager.getByText('Done — two more interviews are in version 2.').waitFor();
    await manager.getByRole('button', { name: 'Start review' }).click();
    await manager.getByRole('button', { name: 'Approve' }).click();
    await manager.getByRole('button', { name: 'Reopen the review' }).waitFor();
    await manager.getByText('Approved', { exact: true }).first().waitFor();
    await expectAccessible(manager, 'approved deliverable');

    await openNotification(founder, /approved '.*Interview notes.*'/);
    await founder.getByRole('region', { name: 'Review' }).getByText('Approved', { exact: true }).waitFor();

    // Every notification, from the bell's "See all": the newest is read, the older ones can be marked read.
    await founder.goto('/overview');
    await founder.getByRole('button', { name: /^Notifications/ }).click();
    await founder.getByRole('link', { name: 'See all notifications' }).click();
    await founder.waitForURL('**/notifications');
    const list = founder.getByRole('list', { name: 'Notifications' });
    // Both are about the one deliverable: one entry, the newest, saying how many it stands for.
    await list.getByText(/approved '.*Interview notes.*'/).waitFor();
    await list.getByText(/2 updates/).waitFor();
    expect(await list.getByText(/requested changes on/).count()).toBe(0);
    await expectAccessible(founder, 'notifications page');
  });
});
