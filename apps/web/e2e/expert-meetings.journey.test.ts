import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newFounderOnOverview,
  PASSWORD,
  signInThroughScreens,
  signOutThroughMenu,
  signUpInvitedExpert,
} from './support/auth-flows.js';
import { expectAccessible, newContext } from './support/browser.js';
import { demoManagerKey, signInAsDemoManager } from './support/demo-manager.js';
import { useServerAndBrowser } from './support/journey.js';
import type { RunningServer } from './support/server.js';

// The expert of the first milestone in the content pack (America/New_York): the founder's overview offers her.
const EXPERT = 'maya.okafor@experts.liftoff.example';
const EXPERT_NAME = 'Maya Okafor';
const SUBJECT = 'How many interviews before we decide?';
const ANSWER = 'Stop when the last **three** interviews told you nothing new.';

/** YYYY-MM-DD `days` after `from` (a UTC calendar date). */
function addDays(from: string, days: number): string {
  const date = new Date(`${from}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** 20260302T150000Z → ISO instant */
const icsInstant = (value: string) =>
  new Date(
    `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}T${value.slice(9, 11)}:${value.slice(11, 13)}:${value.slice(13, 15)}Z`,
  ).toISOString();

interface Invite {
  method: string;
  uid: string;
  sequence: number;
  start: string;
}

/** The invite attached to a mail, read as a calendar reads it: lines unfolded (RFC 5545 3.1), then split. */
function parseInvite(text: string): Invite {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  const begin = lines.indexOf('BEGIN:VEVENT');
  const value = (from: string[], name: string) =>
    from.find((line) => line.split(/[;:]/)[0] === name)?.replace(/^[^:]*:/, '') ?? '';
  const event = lines.slice(begin, lines.indexOf('END:VEVENT'));
  return {
    method: value(lines.slice(0, begin), 'METHOD'),
    uid: value(event, 'UID'),
    sequence: Number(value(event, 'SEQUENCE')),
    start: icsInstant(value(event, 'DTSTART')),
  };
}

/** The newest mail to `to` whose subject matches, with its calendar invite parsed. */
async function inviteIn(server: RunningServer, to: string, subject: RegExp): Promise<Invite> {
  await server.waitForMail(to, subject);
  const res = await fetch(`${server.url}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  const mails = ((await res.json()) as { data: Array<{ subject: string; attachments: { url: string }[] }> })
    .data;
  const mail = mails.find((m) => subject.test(m.subject))!;
  expect(mail.attachments, mail.subject).toHaveLength(1);
  return parseInvite(await (await fetch(`${server.url}${mail.attachments[0]!.url}`)).text());
}

const freeTimes = (page: Page) => page.getByRole('group', { name: 'Free times' });
const noFreeTime = (page: Page) => page.getByText('No free time on this date — try another day.');

/**
 * Opens the notification centre and follows the entry with this title. The centre is told of a change just
 * after it commits, so the founder may have to load the page again to see it, as a person would.
 */
async function followNotification(page: Page, title: RegExp) {
  const entry = page.getByRole('list', { name: 'Notifications' }).getByRole('link', { name: title });
  await page.goto('/notifications');
  await expect
    .poll(
      async () => {
        await page
          .getByRole('list', { name: 'Notifications' })
          .or(page.getByText('No notifications yet'))
          .first()
          .waitFor();
        if (await entry.count()) return true;
        await page.reload();
        return false;
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBe(true);
  // From the keyboard: a pointer aimed at the link's first box would land on its visually hidden
  // "Unread:" prefix (1 px, clipped), which takes no clicks; a person clicks the words or presses Enter.
  await entry.first().focus();
  await page.keyboard.press('Enter');
}

describe('journey: a founder asks and books, the expert answers and proposes another time, the founder accepts', () => {
  const journey = useServerAndBrowser({ SEED_DEMO: 'true' });
  let founderContext: BrowserContext;
  let expertContext: BrowserContext;
  let founder: Page;
  let expert: Page;
  let founderEmail = '';
  let bookedDate = '';
  let requested: Invite;
  let proposedStart = '';

  beforeAll(async () => {
    founderContext = await newContext(journey.browser, journey.server.url, { width: 1440, height: 900 });
    expertContext = await newContext(journey.browser, journey.server.url, { width: 1440, height: 900 });
    founder = await founderContext.newPage();
    expert = await expertContext.newPage();
  });
  afterAll(async () => {
    await founderContext?.close();
    await expertContext?.close();
  });

  it('the program team invites the expert, who makes an account', async () => {
    await signInAsDemoManager(expert, await demoManagerKey(journey.server));
    await expert.goto('/studio/experts/invite');
    await expert.getByLabel("Expert's e-mail").fill(EXPERT);
    await expert.getByRole('button', { name: 'Send invitation' }).click();
    await expert.getByText(`Invitation sent to ${EXPERT}.`).waitFor();
    await signOutThroughMenu(expert);
    await signUpInvitedExpert(expert, journey.server, EXPERT);
    await signOutThroughMenu(expert);
  });

  it('the founder asks the expert a question and requests a meeting', async () => {
    founderEmail = await newFounderOnOverview(founder, journey.server, 'meetings-founder');
    const card = founder.getByRole('region', { name: /Your expert/ });
    await card.getByText(EXPERT_NAME).first().waitFor();

    await card.getByRole('button', { name: 'Ask a question' }).click();
    const ask = founder.getByRole('dialog', { name: /^Ask .* a question$/ });
    await ask.getByLabel(/^Subject/).fill(SUBJECT);
    await ask
      .getByLabel(/^Your question/)
      .fill('We have done eight customer interviews. How do we know when we have heard enough?');
    await ask.getByRole('button', { name: 'Send question' }).click();
    await founder.getByText('Your question was sent.').waitFor();
    await ask.waitFor({ state: 'hidden' });

    await card.getByRole('button', { name: 'Book a meeting' }).click();
    const book = founder.getByRole('dialog', { name: /^Book a meeting with/ });
    const slots = book.getByRole('radiogroup', { name: /Free times on/ });
    // The dialog opens on the first day with free times (past the expert's notice, inside her window).
    const first = slots.getByRole('radio').first();
    await first.waitFor();
    bookedDate = ((await first.getAttribute('value')) ?? '').slice(0, 10);
    expect(bookedDate, 'a day with free times').toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await first.click();
    await book.getByRole('button', { name: /^Book \d+ min$/ }).click();
    await founder.getByText('Your meeting request was sent.').waitFor();
    await book.getByRole('button', { name: 'Done' }).click();

    // The request's invite: the meeting's UID, the first version of it.
    requested = await inviteIn(journey.server, founderEmail, /^Meeting requested:/);
    expect(requested).toMatchObject({ method: 'REQUEST', sequence: 0 });
    expect(requested.uid).not.toBe('');
    expect(await inviteIn(journey.server, EXPERT, /^New meeting request from Grace Hopper/)).toEqual(
      requested,
    );
  });

  it('the expert signs in, answers the question and proposes another time', async () => {
    // Signing in leads an expert who never onboarded as a founder straight into the portal.
    await signInThroughScreens(expert, EXPERT, PASSWORD);
    await expert.waitForURL('**/expert/questions');
    await expert.getByRole('link', { name: new RegExp(SUBJECT.replace('?', '\\?')) }).click();
    await expert.getByRole('heading', { name: SUBJECT }).waitFor();
    await expert.getByLabel('Your answer (Markdown)').fill(ANSWER);
    await expert.getByRole('button', { name: 'Send answer' }).click();
    await expert.getByText('Stop when the last').waitFor();

    await expert.goto('/expert/meetings');
    const meeting = expert.getByRole('listitem', { name: /with Grace Hopper$/ });
    await meeting.getByText('Pending', { exact: true }).waitFor();
    await meeting.getByRole('button', { name: 'Propose another time' }).click();
    const dialog = expert.getByRole('dialog', { name: 'Propose another time' });
    // Another day than the founder asked for, from the expert's own free times.
    let proposedDate = '';
    for (let offset = 1; offset < 21 && !proposedDate; offset++) {
      const date = addDays(bookedDate, offset);
      await dialog.getByLabel('Date').fill(date);
      await freeTimes(expert).or(noFreeTime(expert)).first().waitFor();
      if (await freeTimes(expert).isVisible()) proposedDate = date;
    }
    expect(proposedDate, 'a free day after the requested one').not.toBe('');
    const time = freeTimes(expert).getByRole('button').first();
    proposedStart = new Date((await time.getAttribute('value')) ?? '').toISOString();
    await time.click();
    expect(await time.getAttribute('aria-pressed')).toBe('true');
    await dialog
      .getByLabel('Message to the founder (optional)')
      .fill('That day is full; does this time suit you?');
    await expectAccessible(expert, 'propose another time');
    await dialog.getByRole('button', { name: 'Send proposal' }).click();
    await dialog.waitFor({ state: 'detached' });
    await meeting.getByText('Proposed', { exact: true }).waitFor();
    await meeting.getByText('Waiting for the founder to accept the new time.').waitFor();

    // Both get the moved invite: same UID, the next SEQUENCE, the new start.
    for (const [to, subject] of [
      [founderEmail, /^New time proposed: .* with Maya Okafor$/],
      [EXPERT, /^New time proposed: .* with Grace Hopper$/],
    ] as const) {
      expect(await inviteIn(journey.server, to, subject), to).toEqual({
        method: 'REQUEST',
        uid: requested.uid,
        sequence: 1,
        start: proposedStart,
      });
    }
    expect(proposedStart).not.toBe(requested.start);
  });

  it("the expert's meetings screen is accessible on a desktop and on a phone", async () => {
    const meeting = expert.getByRole('listitem', { name: /with Grace Hopper$/ });
    await expectAccessible(expert, 'expert meetings at 1440 px');
    await expert.setViewportSize({ width: 375, height: 800 });
    await meeting.getByText('Proposed', { exact: true }).waitFor();
    await expectAccessible(expert, 'expert meetings at 375 px');
    expect(await expert.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it('the founder sees the answer and the proposal in the notification centre and accepts', async () => {
    await followNotification(founder, new RegExp(`${EXPERT_NAME} answered your question`));
    await founder.waitForURL('**/my-questions/**');
    await founder.getByRole('heading', { name: SUBJECT }).waitFor();
    // The answer's Markdown is rendered, not shown as asterisks.
    await founder.getByText('three', { exact: true }).waitFor();
    expect(await founder.getByText('**three**').count()).toBe(0);

    await followNotification(founder, new RegExp(`${EXPERT_NAME} proposed another time`));
    await founder.waitForURL('**/overview?meeting=*');
    const requests = founder.getByRole('dialog', { name: 'My requests' });
    const row = requests.getByRole('listitem', { name: /with Maya Okafor/ });
    await row.getByText('New time proposed').waitFor();
    await row.getByText('Maya wrote: That day is full; does this time suit you?').waitFor();
    await row.getByRole('button', { name: 'Accept new time' }).click();
    await row.getByText('Accepted', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: 'Accept new time' }).count()).toBe(0);
  });

  it('both get the updated invite in the outbox', async () => {
    for (const [to, subject] of [
      [founderEmail, /^Accepted: .* with Maya Okafor$/],
      [EXPERT, /^Accepted: .* with Grace Hopper$/],
    ] as const) {
      expect(await inviteIn(journey.server, to, subject), to).toEqual({
        method: 'REQUEST',
        uid: requested.uid,
        sequence: 2,
        start: proposedStart,
      });
    }
    // The expert sees it accepted, at the proposed time.
    await expert.setViewportSize({ width: 1440, height: 900 });
    await expert.getByRole('tab', { name: 'Accepted' }).click();
    await expert
      .getByRole('listitem', { name: /with Grace Hopper$/ })
      .getByText('Accepted', { exact: true })
      .waitFor();
  });
});
