import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  PASSWORD,
  choose,
  newFounderOnOverview,
  skipTheTour,
  uniqueEmail,
  verifyThroughScreens,
} from './support/auth-flows.js';
import { expectAccessible, newContext } from './support/browser.js';
import { useServerAndBrowser } from './support/journey.js';

/** Opens the startup page the way a founder finds it: from the account menu. */
async function openStartupFromMenu(page: Page) {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'My startup' }).click();
  await page.waitForURL('**/startup');
}

async function memberNames(page: Page) {
  const members = page.getByRole('list', { name: 'Members' });
  await members.waitFor();
  return members.getByRole('listitem').allInnerTexts();
}

describe.each([
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
])('journey: co-founders join one startup at $width px', (viewport) => {
  const journey = useServerAndBrowser();

  it('an owner invites a co-founder by e-mail, who signs up with it; both see the two members', async () => {
    const ownerContext = await newContext(journey.browser, journey.server.url, viewport);
    const cofounderContext = await newContext(journey.browser, journey.server.url, viewport);
    const owner = await ownerContext.newPage();
    const cofounder = await cofounderContext.newPage();
    try {
      // The owner: onboarding made them the owner of a one-person startup from their company answers.
      await newFounderOnOverview(owner, journey.server, `owner-${viewport.width}`);
      await openStartupFromMenu(owner);
      await owner.getByRole('heading', { level: 1, name: 'Compiler Labs' }).waitFor();
      expect(await memberNames(owner)).toHaveLength(1);
      await expectAccessible(owner, `the startup page of a lone owner at ${viewport.width} px`);

      // A refused website is named on its field, and nothing is lost.
      await owner.getByLabel('Website').fill('compiler.example');
      await owner.getByRole('button', { name: 'Save the company' }).click();
      await owner.getByText('Use a full address starting with https://').waitFor();
      await owner.getByLabel('Website').fill('https://compiler.example');
      await owner.getByLabel('One-liner').fill('A compiler for <script>alert(1)</script> people.');
      await owner.getByRole('button', { name: 'Save the company' }).click();
      await owner.getByRole('button', { name: 'Save the company' }).and(owner.locator(':disabled')).waitFor();

      const email = uniqueEmail(`cofounder-${viewport.width}`);
      const invite = owner.getByRole('form', { name: 'Invite a co-founder' });
      await invite.getByLabel("Co-founder's e-mail").fill(email);
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await owner.getByText(`An invitation is on its way to ${email}.`, { exact: false }).waitFor();
      await owner.getByRole('list', { name: 'Open invitations' }).getByText(email).waitFor();
      await expectAccessible(owner, `the startup page with an open invitation at ${viewport.width} px`);

      // The co-founder: the mail opens sign-up with the invited address, and signing up joins the startup.
      const mail = await journey.server.waitForMail(email, /invites you to Compiler Labs/);
      const signUpUrl = /(https?:\/\/\S+\/sign-up\?email=\S+)/.exec(mail.text)?.[1];
      expect(signUpUrl).toBeTruthy();
      await cofounder.goto(new URL(signUpUrl!).pathname + new URL(signUpUrl!).search);
      expect(await cofounder.getByLabel('E-mail').inputValue()).toBe(email);
      await cofounder.getByLabel('First name').fill('Ben');
      await cofounder.getByLabel('Last name').fill('Lovelace');
      await cofounder.getByLabel(/^Password/).fill(PASSWORD);
      await cofounder.getByRole('button', { name: /create|sign up/i }).click();
      await cofounder.waitForURL('**/verify-email');
      await verifyThroughScreens(cofounder, journey.server, email);
      // Onboarding still asks the company's answers; they are the startup's, which the co-founder now shares.
      await cofounder.getByLabel('Startup name').fill('Compiler Labs');
      await choose(cofounder, 'Stage', 'Pre-seed');
      await choose(cofounder, 'Industry', 'Deep tech');
      await cofounder.getByLabel('What do you want from the program?').fill('Ship the first release.');
      await cofounder.getByRole('button', { name: 'Finish setting up' }).click();
      await cofounder.waitForURL('**/tutorial');
      await skipTheTour(cofounder);

      await openStartupFromMenu(cofounder);
      await cofounder.getByRole('heading', { level: 1, name: 'Compiler Labs' }).waitFor();
      const seenByCofounder = await memberNames(cofounder);
      expect(seenByCofounder).toHaveLength(2);
      expect(seenByCofounder.join('\n')).toMatch(/Grace Hopper[\s\S]*Owner/);
      expect(seenByCofounder.join('\n')).toMatch(/Ben Lovelace \(you\)[\s\S]*Co-founder/);
      // The owner's website and one-liner, hostile text shown as text.
      expect(await cofounder.getByLabel('Website').inputValue()).toBe('https://compiler.example');
      expect(await cofounder.getByLabel('One-liner').inputValue()).toContain('<script>alert(1)</script>');
      // A co-founder edits the company but is offered none of the owner's actions.
      expect(await cofounder.getByRole('form', { name: 'Invite a co-founder' }).count()).toBe(0);
      expect(await cofounder.getByRole('button', { name: /^Remove / }).count()).toBe(0);
      await expectAccessible(cofounder, `the startup page of a co-founder at ${viewport.width} px`);

      // The owner sees the two members, and the invitation is no longer open.
      await owner.reload();
      const seenByOwner = await memberNames(owner);
      expect(seenByOwner).toHaveLength(2);
      expect(seenByOwner.join('\n')).toContain('Ben Lovelace');
      await owner.getByText('No invitation is open.').waitFor();
      await owner.getByRole('button', { name: 'Make owner: Ben Lovelace' }).waitFor();

      // Leaving asks first and says who would own the startup; nothing happens on Cancel.
      await owner.getByRole('button', { name: 'Leave the startup' }).click();
      const leave = owner.getByRole('dialog', { name: 'Leave Compiler Labs?' });
      await leave.getByText(/Ben Lovelace becomes the owner, as the longest-standing member/).waitFor();
      await expectAccessible(owner, `the leave dialog at ${viewport.width} px`);
      await leave.getByRole('button', { name: 'Cancel' }).click();
      await leave.waitFor({ state: 'detached' });

      // Nothing on the page scrolls sideways, at 375 px too.
      const overflow = await owner.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      await ownerContext.close();
      await cofounderContext.close();
    }
  });

  it('a founder already in a startup accepts an invitation from their profile, knowing theirs goes', async () => {
    const ownerContext = await newContext(journey.browser, journey.server.url, viewport);
    const otherContext = await newContext(journey.browser, journey.server.url, viewport);
    const owner = await ownerContext.newPage();
    const other = await otherContext.newPage();
    try {
      const otherEmail = await newFounderOnOverview(other, journey.server, `member-${viewport.width}`);
      await newFounderOnOverview(owner, journey.server, `inviter-${viewport.width}`);
      await owner.goto('/startup');
      await owner.getByLabel('Name').fill('Rocket Works');
      await owner.getByRole('button', { name: 'Save the company' }).click();
      await owner.getByRole('heading', { level: 1, name: 'Rocket Works' }).waitFor();
      const invite = owner.getByRole('form', { name: 'Invite a co-founder' });
      await invite.getByLabel("Co-founder's e-mail").fill(otherEmail);
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await owner.getByRole('list', { name: 'Open invitations' }).getByText(otherEmail).waitFor();

      // The mail sends them to their profile, where the invitation waits with what accepting means.
      await journey.server.waitForMail(otherEmail, /invites you to Rocket Works/);
      await other.goto('/profile');
      const invited = other.getByRole('region', { name: 'You are invited to a startup' });
      await invited.getByText('Rocket Works').waitFor();
      await expectAccessible(other, `the profile with an invitation at ${viewport.width} px`);
      await invited.getByRole('button', { name: 'Accept the invitation to Rocket Works' }).click();
      const dialog = other.getByRole('dialog', { name: 'Join Rocket Works?' });
      await dialog
        .getByText(/You leave Compiler Labs\. You are its only member: Compiler Labs is deleted/)
        .waitFor();
      await expectAccessible(other, `the accept dialog at ${viewport.width} px`);
      await dialog.getByRole('button', { name: 'Accept and join' }).click();
      await dialog.waitFor({ state: 'detached' });
      await invited.waitFor({ state: 'detached' });
      await other
        .getByRole('region', { name: 'Your startup' })
        .getByText('Rocket Works · 2 members')
        .waitFor();

      await other.goto('/startup');
      await other.getByRole('heading', { level: 1, name: 'Rocket Works' }).waitFor();
      expect(await memberNames(other)).toHaveLength(2);
      await owner.reload();
      expect(await memberNames(owner)).toHaveLength(2);

      // Long and hostile names: 200 characters are refused on the field; 120 (the most) without a break wrap in place.
      await owner.getByLabel('Name').fill('W'.repeat(200));
      await owner.getByRole('button', { name: 'Save the company' }).click();
      await owner.getByText('At most 120 characters').waitFor();
      await owner.getByLabel('Name').fill(`<script>${'W'.repeat(103)}</script>`);
      await owner.getByRole('button', { name: 'Save the company' }).click();
      await owner.getByRole('heading', { level: 1, name: `<script>${'W'.repeat(103)}</script>` }).waitFor();
      const overflow = await owner.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await expectAccessible(owner, `a long name at ${viewport.width} px`);
    } finally {
      await ownerContext.close();
      await otherContext.close();
    }
  });
});
