import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newFounderOnOverview } from './support/auth-flows.js';
import { expectAccessible, newContext } from './support/browser.js';
import { useServerAndBrowser } from './support/journey.js';

const QUESTION = 'How do I run customer interviews?';
const THANKS = 'Thank you for your feedback! We appreciate it.';

const answers = (page: Page) => page.getByRole('article', { name: 'The coach answered' });
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Conversations and search' });
/** How far the page scrolls sideways; when it does, the elements sticking out are named in the failure. */
async function horizontalOverflow(page: Page): Promise<number | string> {
  return page.evaluate(() => {
    const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    if (overflow <= 0) return 0;
    const width = document.documentElement.clientWidth;
    const wide = Array.from(document.querySelectorAll('body *'))
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((element) => {
        const rect = element.getBoundingClientRect();
        const label = element.getAttribute('aria-label') ?? element.textContent?.slice(0, 40) ?? '';
        return `${element.tagName.toLowerCase()} [${Math.round(rect.left)}–${Math.round(rect.right)}] “${label}”`;
      });
    return `${overflow}px: ${wide.join(' | ')}`;
  });
}

/**
 * How much of the conversation is on screen: its region's height, less what the app bar above or the bottom
 * navigation below covers, and the page must not scroll for it.
 */
async function seenHeight(page: Page): Promise<number> {
  return page.evaluate(() => {
    const region = document
      .querySelector('[role="region"][aria-label="Conversation"]')!
      .getBoundingClientRect();
    const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    const nav = Array.from(document.querySelectorAll('nav'))
      .map((element) => element.getBoundingClientRect())
      .filter((rect) => rect.height > 0 && rect.top > window.innerHeight / 2)
      .reduce((top, rect) => Math.min(top, rect.top), window.innerHeight);
    if (document.documentElement.scrollHeight > window.innerHeight + 1)
      return -document.documentElement.scrollHeight;
    return Math.round(Math.min(region.bottom, nav) - Math.max(region.top, header));
  });
}

describe('journey: the AI coach', () => {
  // The default offline coach answers: no model server, no network.
  const journey = useServerAndBrowser();

  it('asks, follows up, rates, archives, restores, finds by search and deletes a conversation', async () => {
    const { server, browser } = journey;
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await newFounderOnOverview(page, server, 'ai');
    // The reply's Markdown renderer and sanitiser are not fetched for a new chat, only once there is a reply.
    const rendererFetched: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/(chat-markdown|marked|purify)[.-]/.test(new URL(request.url()).pathname))
        rendererFetched.push(request.url());
    });

    // The workspace from the navigation: a new chat with suggested questions and the offline note.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'AI coach' }).click();
    await page.waitForURL('**/ai-workspace');
    await page.getByRole('heading', { name: 'Ask your coach anything about your program' }).waitFor();
    // A founder is told what the coach can do now, not how to set up a model (only admins can).
    const note = page.getByRole('note').filter({ hasText: /answers from your program/i });
    await note.waitFor();
    expect(await note.textContent()).not.toContain('AI_PROVIDER');
    await sidebar(page).getByText('No conversations yet').waitFor();
    await expectAccessible(page, 'AI workspace, new chat');
    expect(rendererFetched).toEqual([]);

    // Ask: the answer streams in and is replaced by the final message, which names its sources.
    await sidebar(page).getByRole('button', { name: 'New chat' }).click();
    const box = page.getByRole('textbox', { name: 'Ask the coach' });
    await box.fill(QUESTION);
    await box.press('Enter');
    await page.getByRole('article', { name: 'You asked' }).getByText(QUESTION).waitFor();
    await page.waitForURL(/\/ai-workspace\/[0-9a-f-]{36}$/);
    const conversationUrl = new URL(page.url()).pathname;
    await answers(page).first().waitFor({ timeout: 30_000 });
    const first = answers(page).first();
    // The sources are links: the reply was rendered from its Markdown.
    const sourceLinks = first.locator('a[href^="/mission-details/"], a[href^="/explore/post/"]');
    await expect.poll(() => sourceLinks.count()).toBeGreaterThan(0);
    expect(rendererFetched.length).toBeGreaterThanOrEqual(3);
    expect((await first.textContent())?.length ?? 0).toBeGreaterThan(80);
    // The conversation is in the list, named after the first exchange.
    await expect
      .poll(() => sidebar(page).getByRole('link').filter({ hasText: /\S/ }).count())
      .toBeGreaterThan(0);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'The coach has answered.' }).count())
      .toBe(1);
    // With answers on screen the offline note is folded to one line; what it can do is one click away.
    const more = note.getByRole('button', { name: 'More about the coach' });
    await more.click();
    await note.getByText(/quotes them and links to them/).waitFor();
    expect(await more.count()).toBe(0);
    expect(await note.textContent()).not.toContain('AI_PROVIDER');

    // Tap a follow-up: it is sent as the next question and answered.
    const chips = page.getByRole('list', { name: 'Ask next' }).getByRole('button');
    const followUp = (await chips.first().textContent())?.trim() ?? '';
    expect(followUp.length).toBeGreaterThan(5);
    await chips.first().click();
    await page.getByRole('article', { name: 'You asked' }).getByText(followUp).waitFor();
    await expect.poll(() => answers(page).count(), { timeout: 30_000 }).toBe(2);
    expect(new URL(page.url()).pathname).toBe(conversationUrl);

    // Thumbs down with a reason: the thank-you message.
    await answers(page).last().getByRole('button', { name: 'Not helpful' }).click();
    const dialog = page.getByRole('dialog', { name: 'What was wrong with this answer?' });
    await dialog.getByRole('radio', { name: 'Too vague' }).check();
    await dialog.getByLabel('Tell us more (optional)').fill('I wanted a script for the first call.');
    await dialog.getByRole('button', { name: 'Send feedback' }).click();
    await page.getByText(THANKS).waitFor();
    expect(
      await answers(page).last().getByRole('button', { name: 'Not helpful' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await expectAccessible(page, 'AI workspace, conversation');

    // Retry: a second version of the answer, and the switcher between the two.
    await answers(page).last().getByRole('button', { name: 'Retry: another answer' }).click();
    const versions = answers(page).last().getByRole('group', { name: 'Answer versions' });
    await versions.getByText('2/2').waitFor({ timeout: 30_000 });
    await versions.getByRole('button', { name: 'Previous version' }).click();
    await versions.getByText('1/2').waitFor();
    // The first version keeps its rating.
    expect(
      await answers(page).last().getByRole('button', { name: 'Not helpful' }).getAttribute('aria-pressed'),
    ).toBe('true');
    // Retry with the older version on screen: a third version, shown when done.
    await answers(page).last().getByRole('button', { name: 'Retry: another answer' }).click();
    await versions.getByText('3/3').waitFor({ timeout: 30_000 });

    // Read aloud: the answer is spoken through the API's speech engine, and can be stopped.
    const speech = page.waitForResponse((r) => r.url().endsWith('/api/ai/tts') && r.status() === 200);
    await answers(page).first().getByRole('button', { name: 'Read aloud' }).click();
    expect((await speech).headers()['content-type']).toContain('audio/');
    const stopReading = answers(page).first().getByRole('button', { name: 'Stop reading aloud' });
    await stopReading.waitFor();
    await stopReading.click();
    await answers(page).first().getByRole('button', { name: 'Read aloud' }).waitFor();

    // Archive it: it leaves the active list.
    const title = (await sidebar(page).getByRole('link', { name: /\S/ }).first().textContent())?.trim() ?? '';
    await sidebar(page)
      .getByRole('button', { name: `Actions for ${title}` })
      .click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await page.waitForURL('**/ai-workspace');
    await sidebar(page).getByText('No conversations yet').waitFor();

    // Restore it from the archive page: back at the top of the active list.
    await sidebar(page).getByRole('link', { name: 'Archived conversations' }).click();
    await page.waitForURL('**/ai-workspace/archive');
    await page.getByRole('heading', { name: 'Archived conversations' }).waitFor();
    await page.getByRole('list', { name: 'Archived conversations' }).getByText(title).waitFor();
    await expectAccessible(page, 'archived conversations');
    await page.getByRole('button', { name: `Restore ${title}` }).click();
    await page.getByRole('heading', { name: 'No archived conversations' }).waitFor();
    await page.getByRole('button', { name: 'AI coach' }).click();
    await page.waitForURL('**/ai-workspace');
    await sidebar(page).getByRole('link', { name: title }).waitFor();

    // Find it by searching the history: the match is highlighted, and opens at that message.
    await sidebar(page).getByRole('searchbox', { name: 'Search conversations' }).fill('customer interviews');
    const hit = sidebar(page)
      .getByRole('link', { name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:`) })
      .first();
    await hit.waitFor();
    expect(await hit.locator('mark').count()).toBeGreaterThan(0);
    const target = new URL((await hit.getAttribute('href')) ?? '', server.url).searchParams.get('message');
    expect(target).toBeTruthy();
    await hit.click();
    await page.waitForURL((url) => url.pathname === conversationUrl);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? '')).toMatch(/^message-/);
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-message-id'));
    expect(focused).toBe(target);
    expect(await answers(page).count()).toBe(2);
    // Once there, the address lets go of the match, so a new answer scrolls into view as usual.
    await page.waitForURL((url) => url.pathname === conversationUrl && !url.searchParams.has('message'));

    // Delete it (confirmed): gone from both lists.
    await sidebar(page).getByRole('searchbox', { name: 'Search conversations' }).fill('');
    await sidebar(page)
      .getByRole('button', { name: `Actions for ${title}` })
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this conversation?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL('**/ai-workspace');
    await sidebar(page).getByText('No conversations yet').waitFor();
    await page.getByRole('heading', { name: 'Ask your coach anything about your program' }).waitFor();
    await page.goto('/ai-workspace/archive');
    await page.getByRole('heading', { name: 'No archived conversations' }).waitFor();
    // Its old address says it is gone (no retry, no question box) and offers a new chat.
    await page.goto(conversationUrl);
    await page.getByRole('heading', { name: 'Conversation not found' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Ask the coach' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await expectAccessible(page, 'AI workspace, conversation not found');
    await page.getByRole('link', { name: 'Start a new chat' }).click();
    await page.getByRole('heading', { name: 'Ask your coach anything about your program' }).waitFor();
    await page.getByRole('textbox', { name: 'Ask the coach' }).waitFor();
    await context.close();
  });

  it('renames inline, archives two at once, and finds and deletes one in the archive', async () => {
    const { server, browser } = journey;
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await newFounderOnOverview(page, server, 'ai-manage');
    await page.goto('/ai-workspace');
    const conversations = sidebar(page).getByRole('list', { name: 'Conversations' }).getByRole('link');

    // Two conversations, each from a suggested question.
    for (const [count, question] of [
      [1, 'How do I run customer interviews?'],
      [2, 'How do I find my first ten customers?'],
    ] as const) {
      await sidebar(page).getByRole('button', { name: 'New chat' }).click();
      // Once answered, the web app reads the conversation's saved title.
      const titled = page.waitForResponse(
        (r) =>
          r.request().method() === 'GET' &&
          /\/api\/ai\/chat-sessions\/[0-9a-f-]{36}$/.test(new URL(r.url()).pathname),
        { timeout: 30_000 },
      );
      await page.getByRole('button', { name: question }).click();
      await titled;
      await expect.poll(() => conversations.count()).toBe(count);
    }
    const [latest, earlier] = (await conversations.allTextContents()).map((title) => title.trim());

    // Rename the earlier one inline: Enter saves. The field's code is fetched when the menu opens; offline it
    // cannot come, the row says so, and the field opens by itself once the connection is back.
    await context.setOffline(true);
    await sidebar(page)
      .getByRole('button', { name: `Actions for ${earlier}` })
      .click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const notOpened = sidebar(page).getByRole('alert');
    await notOpened.getByText(/You are offline\. Renaming opens once you are back/).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Try again');
    await expectAccessible(page, 'AI workspace, renaming offline');
    await context.setOffline(false);
    // By keyboard: the field has focus, and back from it focus is on the renamed conversation.
    const focused = () =>
      page.evaluate(
        () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent,
      );
    const name = sidebar(page).getByRole('textbox', { name: 'Conversation name' });
    await expect.poll(() => name.evaluate((field) => field === document.activeElement)).toBe(true);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Interview plan');
    await page.keyboard.press('Enter');
    await sidebar(page).getByRole('link', { name: 'Interview plan' }).waitFor();
    await expect.poll(focused).toBe('Interview plan');
    await expectAccessible(page, 'AI workspace, after renaming');

    // Choose both and archive them at once: the open one gives way to a new chat.
    await sidebar(page).getByRole('button', { name: 'Select' }).click();
    await sidebar(page).getByRole('checkbox', { name: 'Select Interview plan' }).check();
    await sidebar(page)
      .getByRole('checkbox', { name: `Select ${latest}` })
      .check();
    await expectAccessible(page, 'AI workspace, choosing conversations');
    await sidebar(page).getByRole('button', { name: 'Archive (2)' }).click();
    await page.waitForURL('**/ai-workspace');
    await sidebar(page).getByText('No conversations yet').waitFor();

    // In the archive, search finds the renamed one; delete it after confirming.
    await sidebar(page).getByRole('link', { name: 'Archived conversations' }).click();
    const archived = page.getByRole('list', { name: 'Archived conversations' });
    await archived.getByRole('link', { name: 'Interview plan' }).waitFor();
    await archived.getByRole('link', { name: latest }).waitFor();
    await page.getByRole('searchbox', { name: 'Search archived conversations' }).fill('interview');
    await page.getByText('1 archived conversation matching “interview”').waitFor();
    expect(await archived.getByRole('link').allTextContents()).toEqual(['Interview plan']);
    await page.getByRole('button', { name: 'Delete Interview plan' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this conversation?' });
    await expectAccessible(page, 'archived conversations, confirming a delete');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('heading', { name: 'No archived conversations match “interview”' }).waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.getByText('1 archived conversation').waitFor();
    expect(await archived.getByRole('link').allTextContents()).toEqual([latest]);
    await context.close();
  });

  it('works on a phone: the conversation keeps most of the screen, the conversations open in a drawer', async () => {
    const { server, browser } = journey;
    const context = await newContext(browser, server.url, { width: 375, height: 812 });
    const page = await context.newPage();
    await newFounderOnOverview(page, server, 'ai-phone');
    await page.goto('/ai-workspace');
    await page.getByRole('heading', { name: 'Ask your coach anything about your program' }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await expectAccessible(page, 'AI workspace at 375 px');

    const box = page.getByRole('textbox', { name: 'Ask the coach' });
    // The empty box takes one line of the screen, not three (its placeholder is sized to fit), and Send shows
    // as an icon that still says what it does.
    const lineHeight = await box.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect((await box.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
    await page.getByRole('button', { name: 'Send' }).waitFor();
    // It grows with the question, up to five lines on a phone, then scrolls inside itself.
    const linesTall = async () => Math.round((await box.boundingBox())!.height / lineHeight);
    await box.fill('One\nTwo\nThree');
    await expect.poll(linesTall).toBe(3);
    await box.fill(Array.from({ length: 12 }, (_, line) => `Line ${line + 1}`).join('\n'));
    await expect.poll(linesTall).toBe(5);
    expect(await box.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await box.fill('How do I find my first ten customers when I have no network at all?');
    await box.press('Enter');
    await answers(page).first().waitFor({ timeout: 30_000 });
    expect(await horizontalOverflow(page)).toBe(0);

    // The answer has the room: the offline note is one line, the box one line, and the conversation is seen
    // (between the note above and the box below, clear of the app bar and the navigation) over 450 px of 812.
    const note = page.getByRole('note').filter({ hasText: /answers from your program/i });
    const conversationSeen = () => seenHeight(page);
    const seen = await conversationSeen();
    expect((await note.boundingBox())!.height, `conversation seen: ${seen}px`).toBeLessThan(48);
    expect(await note.textContent()).not.toContain('AI_PROVIDER');
    expect(seen, `conversation seen: ${seen}px`).toBeGreaterThanOrEqual(450);
    await expectAccessible(page, 'AI workspace at 375 px, a conversation');
    // Hidden, the note gives its line to the conversation.
    await note.getByRole('button', { name: 'Hide this note' }).click();
    await expect.poll(conversationSeen).toBeGreaterThan(seen);

    await page.getByRole('button', { name: 'Conversations', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Conversations and search' });
    await drawer.getByRole('button', { name: 'New chat' }).waitFor();
    await expect
      .poll(() => drawer.getByRole('navigation', { name: 'Conversations' }).getByRole('link').count())
      .toBe(1);
    await expectAccessible(page, 'AI workspace drawer at 375 px');

    // Searching from the drawer: the conversation's long title is cut short, not pushed past the drawer's edge.
    const search = drawer.getByRole('searchbox', { name: 'Search conversations' });
    await search.fill('customers');
    // A hit is named by its conversation's title and its snippet.
    const hits = drawer.getByRole('link', { name: /^How do I find my first ten customers[^:]*: / });
    await drawer.getByText(/^\d+ match(es)? for “customers”$/).waitFor();
    await hits.first().waitFor();
    const edge = (await drawer.getByRole('button', { name: 'New chat' }).boundingBox())!;
    for (const hit of await hits.all()) {
      const box = (await hit.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(edge.x + edge.width + 1);
    }
    // Escape in the search box clears the search, not the drawer: the conversations are back, the focus stays.
    await search.press('Escape');
    await drawer.getByRole('navigation', { name: 'Conversations' }).waitFor();
    expect(await search.inputValue()).toBe('');
    expect(await search.evaluate((box) => box === document.activeElement)).toBe(true);
    expect(await drawer.getByRole('button', { name: 'New chat' }).isVisible()).toBe(true);

    // Renaming offline in the drawer: the row says why the field cannot open, within the drawer's width, with
    // the focus on Try again. Escape gives up renaming, not the drawer; the focus goes back to the conversation.
    const conversation = drawer.getByRole('navigation', { name: 'Conversations' }).getByRole('link');
    const title = (await conversation.textContent())!.trim();
    await context.setOffline(true);
    await drawer.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await drawer
      .getByRole('alert')
      .getByText(/You are offline\. Renaming opens once you are back/)
      .waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Try again');
    expect(await horizontalOverflow(page)).toBe(0);
    await expectAccessible(page, 'AI workspace drawer at 375 px, renaming offline');
    await page.keyboard.press('Escape');
    await expect.poll(() => conversation.evaluate((link) => link === document.activeElement)).toBe(true);
    expect(await drawer.getByRole('alert').count()).toBe(0);
    await context.setOffline(false);
    // Online, the field opens; its Escape too leaves the drawer open, with the focus on the conversation.
    await drawer.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const name = drawer.getByRole('textbox', { name: 'Conversation name' });
    await expect.poll(() => name.evaluate((field) => field === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => conversation.evaluate((link) => link === document.activeElement)).toBe(true);
    expect(await conversation.textContent()).toContain(title);
    // An Escape nothing inside uses is the drawer's: it closes, and the focus is back on what opened it.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    const opener = page.getByRole('button', { name: 'Conversations', exact: true });
    await expect.poll(() => opener.evaluate((button) => button === document.activeElement)).toBe(true);

    await opener.click();
    await drawer.getByRole('button', { name: 'New chat' }).click();
    await page.waitForURL('**/ai-workspace');
    await page.getByRole('heading', { name: 'Ask your coach anything about your program' }).waitFor();
    await context.close();
  });

  it('grows the question box by measuring it where the browser cannot size one from CSS', async () => {
    const { server, browser } = journey;
    const context = await newContext(browser, server.url, { width: 375, height: 812 });
    // As in a browser without `field-sizing` (Firefox, older Safari): the box measures itself from script.
    await context.addInitScript(() => {
      const supports = CSS.supports.bind(CSS) as (...args: string[]) => boolean;
      // Asked with one condition or with a property and value, everything else answers as before.
      CSS.supports = ((...args: string[]) =>
        args[0] === 'field-sizing' ? false : supports(...args)) as typeof CSS.supports;
    });
    const page = await context.newPage();
    await newFounderOnOverview(page, server, 'ai-measured');
    await page.goto('/ai-workspace');
    const box = page.getByRole('textbox', { name: 'Ask the coach' });
    await box.waitFor();
    expect(await box.evaluate((el) => el.style.getPropertyValue('field-sizing'))).toBe('');

    // The label stands in the empty box; with focus it moves up onto the outline and the placeholder shows.
    const label = page.locator('label', { hasText: 'Ask the coach' });
    const labelTop = async () => (await label.boundingBox())!.y;
    const boxTop = (await box.boundingBox())!.y;
    const placeholderOpacity = () => box.evaluate((el) => getComputedStyle(el, '::placeholder').opacity);
    expect(await labelTop()).toBeGreaterThanOrEqual(boxTop - 1);
    expect(await placeholderOpacity()).toBe('0');
    await box.focus();
    await expect.poll(labelTop).toBeLessThan(boxTop - 10);
    await expect.poll(placeholderOpacity).toBe('0.42');

    const lineHeight = await box.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    const linesTall = async () => Math.round((await box.boundingBox())!.height / lineHeight);
    expect(await linesTall()).toBe(1);
    await page.keyboard.type('One');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('Two');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('Three');
    await expect.poll(linesTall).toBe(3);
    await box.fill(Array.from({ length: 12 }, (_, line) => `Line ${line + 1}`).join('\n'));
    await expect.poll(linesTall).toBe(5);
    expect(await box.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    // Emptied (as after sending), it is one line again, and the label back inside it once it loses focus.
    await box.fill('');
    await expect.poll(linesTall).toBe(1);
    await box.blur();
    await expect.poll(labelTop).toBeGreaterThanOrEqual(boxTop - 1);
    await context.close();
  });
});

describe('journey: an answer still being written', () => {
  // The offline coach writes slowly enough here for the page to be reloaded mid-answer.
  const journey = useServerAndBrowser({ AI_OFFLINE_CHUNK_DELAY_MS: '250' });

  it('after a reload mid-answer shows it still being written, then the finished answer', async () => {
    const { server, browser } = journey;
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await newFounderOnOverview(page, server, 'ai-reload');
    await page.goto('/ai-workspace');
    await page.getByRole('button', { name: QUESTION }).click();
    await page.waitForURL(/\/ai-workspace\/[0-9a-f-]{36}$/);
    const writing = page.getByRole('article', { name: 'The coach is answering' });
    await expect.poll(() => writing.textContent(), { timeout: 30_000 }).toMatch(/\w+ \w+ \w+/);

    // The server keeps writing; the reloaded page shows the answer as unfinished and follows it.
    await page.reload();
    await writing.waitFor();
    expect(await writing.getByRole('button', { name: 'Copy answer' }).count()).toBe(0);
    expect(await writing.getByRole('button', { name: 'Retry: another answer' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Stop' }).waitFor();
    const shown = (await writing.textContent())?.length ?? 0;
    await expect
      .poll(async () => (await writing.textContent())?.length ?? 0, { timeout: 15_000 })
      .toBeGreaterThan(shown);
    await expectAccessible(page, 'AI workspace, an answer still being written');

    await answers(page).first().waitFor({ timeout: 60_000 });
    expect(await writing.count()).toBe(0);
    await answers(page).first().getByRole('button', { name: 'Copy answer' }).waitFor();
    await page.getByRole('list', { name: 'Ask next' }).getByRole('button').first().waitFor();
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await context.close();
  });
});
