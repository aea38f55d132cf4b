import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newFounderOnOverview, signInThroughScreens } from './support/auth-flows.js';
import { expectAccessible, newContext } from './support/browser.js';
import { makePng } from './support/files.js';
import { useServerAndBrowser, type Journey } from './support/journey.js';

const totp = (secret: string) =>
  execFileSync('oathtool', ['--totp', '-b', secret], { encoding: 'utf8' }).trim();
const DEMO_PASSWORD = 'liftoff-demo-2026';

/** The demo manager, signed in past its second factor (the key is printed on start). */
let lastCode = '';
/** Signed in once for the file: a code is accepted once, so each new sign-in can wait for the next one. */
let managerPage: Page | undefined;

async function managerInStudio(journey: Journey): Promise<Page> {
  if (managerPage && !managerPage.isClosed()) {
    await managerPage.setViewportSize({ width: 1440, height: 900 });
    return managerPage;
  }
  managerPage = await signInManager(journey);
  return managerPage;
}

async function signInManager(journey: Journey): Promise<Page> {
  const { server, browser } = journey;
  let secret = '';
  for (let i = 0; i < 50 && !secret; i += 1) {
    secret = /authenticator key ([A-Z2-7]{32})/.exec(server.output())?.[1] ?? '';
    if (!secret) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const page = await (await newContext(browser, server.url)).newPage();
  await signInThroughScreens(page, 'manager@liftoff.local', DEMO_PASSWORD);
  await page.waitForURL('**/two-factor');
  // A code is accepted once: a second sign-in within the same 30 s window waits for the next code.
  let code = totp(secret);
  while (code === lastCode) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    code = totp(secret);
  }
  lastCode = code;
  await page.getByLabel('Code from your app').fill(code);
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/two-factor'));
  return page;
}

describe('journey: the program team edits the program, writes for explore and answers support', () => {
  const journey = useServerAndBrowser({ SEED_DEMO: 'true' });

  it('a step and a worksheet field edited and published reach a founder mid-way, who keeps their progress', async () => {
    // A founder is on the second step of the first mission, with one answer saved.
    const founder = await (await newContext(journey.browser, journey.server.url)).newPage();
    await newFounderOnOverview(founder, journey.server, 'authoring');
    await founder.getByRole('link', { name: 'Continue' }).click();
    await founder.waitForURL('**/mission-details/**');
    await founder
      .getByRole('heading', { level: 2, name: 'Fall in love with the problem, not your solution' })
      .waitFor();
    await founder.getByRole('button', { name: 'Next', exact: true }).click();
    await founder.getByRole('heading', { level: 2, name: 'Write your problem statement' }).waitFor();
    await founder.getByLabel('Who has the problem?').fill('Owners of independent physiotherapy clinics');
    await founder.getByRole('button', { name: 'Save answers' }).click();
    await founder.getByText(/^Saved /).waitFor();
    const missionUrl = founder.url();

    // The manager edits the step's text and the worksheet field's label in the draft.
    const page = await managerInStudio(journey);
    await page.goto('/studio/programs');
    await page.getByRole('link', { name: 'Edit draft of Venture Foundations' }).click();
    await page.waitForURL('**/studio/programs/venture-foundations');
    await page
      .getByRole('navigation', { name: 'Program outline' })
      .getByRole('button', { name: 'Write your problem statement' })
      .click();
    const body = page.getByLabel('Step text (Markdown)');
    await body.fill(`${await body.inputValue()}\n\nThis cohort: **write it with a customer** on the call.`);
    // The preview renders as the founder's page will.
    await page
      .getByRole('region', { name: 'Preview, as founders read it' })
      .locator('strong', { hasText: 'write it with a customer' })
      .waitFor();
    const label = page.getByRole('textbox', { name: 'Label', exact: true }).first();
    expect(await label.inputValue()).toBe('Who has the problem?');
    await label.fill('Who exactly has the problem?');
    await page.getByText('Unsaved changes: save the draft before publishing.').waitFor();
    expect(await page.getByRole('button', { name: 'Publish…' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'program editor');
    // On a phone the outline sits above the form, and nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 812 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'program editor on a phone');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('All changes saved.').waitFor();
    // Founders see none of the draft until it is published.
    await founder.reload();
    await founder.getByLabel('Who has the problem?').waitFor();
    expect(await founder.getByText('write it with a customer').count()).toBe(0);

    await page.getByRole('button', { name: 'Publish…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish a new version' });
    await dialog
      .getByLabel('What changed')
      .fill('Problem statement: written with a customer; sharper first field.');
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText(/^Version 2 is published\. \d+ founders? moved to it\.$/).waitFor();

    // The founder, still on the step, sees the new text and label, with their answer and progress kept.
    await founder.goto(missionUrl);
    await founder.getByRole('heading', { level: 2, name: 'Write your problem statement' }).waitFor();
    await founder.locator('strong', { hasText: 'write it with a customer' }).waitFor();
    expect(await founder.getByLabel('Who exactly has the problem?').inputValue()).toBe(
      'Owners of independent physiotherapy clinics',
    );
    const steps = founder.getByRole('navigation', { name: 'Steps of this mission' });
    expect(await steps.getByRole('tab', { name: /Fall in love with the problem/ }).textContent()).toContain(
      'Done',
    );

    // The version history names the change.
    await page.goto('/studio/programs');
    await page.getByText('Problem statement: written with a customer; sharper first field.').waitFor();
    await expectAccessible(page, 'program versions');
  });

  it('a post written and published in the studio appears in the founders’ explore', async () => {
    const page = await managerInStudio(journey);
    await page.goto('/studio/posts');
    await page.getByRole('heading', { name: 'Explore posts' }).waitFor();
    await page.getByRole('link', { name: 'Write a post' }).first().click();
    await page.waitForURL('**/studio/posts/new');

    await page.getByLabel('Title').fill('Five interview mistakes');
    expect(await page.getByLabel('Address (slug)').inputValue()).toBe('five-interview-mistakes');
    await page.getByLabel('Excerpt').fill('What founders get wrong in their first customer calls.');
    await page.getByLabel('Author').fill('Pat Program');
    // A category that does not exist is refused on the field, not dropped without a word.
    const categories = page.getByLabel('Categories');
    await categories.fill('Growth hacks');
    await page.getByText('There is no category "Growth hacks": choose one from the list').first().waitFor();
    await page.getByLabel('Author').click();
    await page.getByText('There is no category "Growth hacks": choose one from the list').waitFor();
    expect(await categories.inputValue()).toBe('Growth hacks');
    await categories.fill('');
    await categories.click();
    await page.getByRole('option', { name: 'Customer Discovery' }).click();
    await page.keyboard.press('Escape');
    await page.getByLabel('Tags').click();
    await page.getByRole('option', { name: 'Interviews' }).click();
    await page.keyboard.press('Escape');

    // A draft saves without a hero image or text; publishing it is refused on each missing field.
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/\/studio\/posts\/[0-9a-f-]{36}$/);
    await page.getByText('This post is a draft: founders do not see it.').waitFor();
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByText('Fill in the fields marked as needed before publishing.').waitFor();
    for (const message of [
      'Publishing needs a hero image',
      'Publishing needs a description of the hero image',
      'Publishing needs the post itself',
    ])
      await page.getByText(message, { exact: true }).waitFor();
    await expectAccessible(page, 'studio post editor refusing to publish');

    await page.locator('input[type="file"]').setInputFiles({
      name: 'hero.png',
      mimeType: 'image/png',
      buffer: makePng(),
    });
    await expect
      .poll(() => page.getByLabel('Hero image address').inputValue())
      .toMatch(/^\/api\/explore\/images\/.+\.png$/);
    await page.getByLabel('Hero image description (alt text)').fill('A founder taking notes');
    await page
      .getByLabel('Post (Markdown)')
      .fill('## Stop pitching\n\nAsk about the **last time** it happened.\n\n<script>alert(1)</script>');
    // The live preview renders as explore will: the heading and bold text, no script.
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByRole('heading', { name: 'Stop pitching' }).waitFor();
    expect(await preview.locator('strong').textContent()).toBe('last time');
    expect(await preview.locator('script').count()).toBe(0);
    await expectAccessible(page, 'studio post editor');

    // Publishing saves what is on screen first.
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByText(/^Published .*: founders see it in explore\.$/).waitFor();
    expect(await page.getByText('Publishing needs a hero image').count()).toBe(0);

    await page.goto('/studio/posts');
    const row = page.getByRole('link', { name: /Five interview mistakes/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Published');
    await expectAccessible(page, 'studio posts');
    // The status filter: drafts leave the published post out.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Drafts' }).click();
    await page.waitForURL('**/studio/posts?status=draft');
    await row.waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Published' }).click();
    await row.waitFor();
    await page.setViewportSize({ width: 375, height: 800 });
    await expectAccessible(page, 'studio posts on a phone');

    // A founder finds it in explore and reads it.
    const founder = await (await newContext(journey.browser, journey.server.url)).newPage();
    await newFounderOnOverview(founder, journey.server, 'posts');
    await founder.goto('/explore');
    await founder
      .getByRole('link', { name: /Five interview mistakes/ })
      .first()
      .click();
    await founder.waitForURL('**/explore/post/five-interview-mistakes');
    await founder.getByRole('heading', { name: 'Stop pitching' }).waitFor();
    await expectAccessible(founder, 'a studio post in explore');
  });

  it('a support message answered in the studio reaches the founder in the app', async () => {
    // Its own subject on each attempt: a retry must not meet the message of an earlier one.
    const subject = `Mentor hours ${Date.now().toString(36)}`;
    const founder = await (await newContext(journey.browser, journey.server.url)).newPage();
    await newFounderOnOverview(founder, journey.server, 'support');
    await founder.getByRole('button', { name: 'Support' }).click();
    const dialog = founder.getByRole('dialog', { name: "We're here to help" });
    await dialog.getByLabel(/^Subject/).fill(subject);
    await dialog.getByLabel(/^Message/).fill('When can I meet a mentor?');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await dialog.getByText('Thank you! Your message has been sent to our team.').first().waitFor();

    const page = await managerInStudio(journey);
    await page.goto('/studio/support');
    await page.getByRole('heading', { name: 'Support inbox' }).waitFor();
    await page.getByRole('gridcell', { name: subject }).click();
    const ticket = page.getByRole('dialog', { name: subject });
    await ticket.getByLabel('Your reply').fill('Tuesdays at 10: book from the experts page.');
    await ticket.getByRole('button', { name: 'Send reply' }).click();
    await ticket.waitFor({ state: 'hidden' });

    // The founder hears of it in the notification centre, which leads to their messages.
    await founder.goto('/overview');
    const bell = founder.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.waitFor({ timeout: 30_000 });
    await bell.click();
    await founder.getByText(`The support team answered: ${subject}`).click();
    await founder.waitForURL('**/my-messages');
    await founder.getByRole('heading', { name: 'My messages' }).waitFor();
    const message = founder.getByRole('article', { name: subject });
    await message.getByText('Tuesdays at 10: book from the experts page.').waitFor();
    expect(await message.textContent()).toContain('Answered');
    await expectAccessible(founder, 'my messages');

    // The support dialog leads there too.
    await founder.goto('/overview');
    await founder.getByRole('button', { name: 'Support' }).click();
    await founder.getByRole('link', { name: 'My messages and replies' }).click();
    await founder.waitForURL('**/my-messages');
    await founder.setViewportSize({ width: 375, height: 800 });
    await founder.getByText('Tuesdays at 10: book from the experts page.').waitFor();
    await expectAccessible(founder, 'my messages on a phone');
  });
});
