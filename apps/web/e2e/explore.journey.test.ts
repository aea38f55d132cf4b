import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { choose, newFounderOnOverview } from './support/auth-flows.js';
import { expectAccessible, newContext } from './support/browser.js';
import { useServerAndBrowser } from './support/journey.js';

/** A full page load on a busy machine: the app, the session and the list. */
const LOAD = 15_000;
const SAFES_TITLE = 'SAFEs Explained: Caps, Discounts and Dilution';

const pathAndQuery = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${decodeURIComponent(url.search)}`;
};
const cards = (page: Page) => page.locator('main article');
const categoryChip = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Category' }).getByRole('button', { name, exact: true });
const results = (page: Page) => page.locator('#explore-results-heading + [role="status"]');
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('journey: explore the blog', () => {
  const journey = useServerAndBrowser();

  it('filters by category and tag, pages forward, searches, opens a post and follows a tag', async () => {
    const { server, browser } = journey;
    const context = await newContext(browser, server.url);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await context.newPage();
    await newFounderOnOverview(page, server, 'explore');

    // Explore from the navigation: every post, newest first, twelve to a page.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }).click();
    await page.waitForURL('**/explore');
    await page.getByRole('heading', { name: 'All Posts' }).waitFor();
    await expect.poll(() => cards(page).count()).toBe(12);
    expect(await categoryChip(page, 'All').getAttribute('aria-pressed')).toBe('true');
    const total = Number(/of (\d+) articles/.exec((await results(page).textContent()) ?? '')?.[1]);
    expect(total).toBeGreaterThan(12);
    await expectAccessible(page, 'explore list');

    // Page forward: the rest of the posts, and the page is in the address.
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await pages.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL('**/explore/2');
    await expect
      .poll(() => results(page).textContent())
      .toBe(`Showing 13–${Math.min(24, total)} of ${total} articles`);
    expect(await cards(page).count()).toBe(Math.min(12, total - 12));
    expect(await pages.getByRole('link', { name: 'Page 2, current page' }).getAttribute('aria-current')).toBe(
      'page',
    );

    // A category starts again at page 1; the tag narrows it further; both stay in the URL.
    await categoryChip(page, 'Fundraising').click();
    await page.waitForURL((url) => url.pathname === '/explore' && url.search === '?category=fundraising');
    await page.getByRole('heading', { name: 'Fundraising Posts' }).waitFor();
    expect(await categoryChip(page, 'Fundraising').getAttribute('aria-pressed')).toBe('true');
    expect(await categoryChip(page, 'All').getAttribute('aria-pressed')).toBe('false');
    // A post filed under Legal & Finance first names the category filtered on.
    const board = cards(page).filter({ hasText: 'Your First Board of Directors' });
    expect(await board.locator('p').first().textContent()).toBe('Fundraising');
    await choose(page, 'Tag', 'SAFE');
    await page.waitForURL((url) => url.search === '?category=fundraising&tag=safe');
    await expect.poll(() => results(page).textContent()).toBe('2 articles tagged SAFE');
    const titles = await cards(page).getByRole('heading').allTextContents();
    expect(titles).toEqual(['How to Run a Seed Round in Eight Weeks', SAFES_TITLE]);
    await expectAccessible(page, 'explore list filtered');

    // Open a post.
    await page.getByRole('link', { name: SAFES_TITLE }).click();
    await page.waitForURL('**/explore/post/safes-explained');
    await page.getByRole('heading', { level: 1, name: SAFES_TITLE }).waitFor();
    expect(await page.locator('.article-body h2').count()).toBeGreaterThan(1);
    expect(await page.locator('.article-body table').count()).toBeGreaterThan(0);
    expect(await page.locator('.article-body script').count()).toBe(0);
    // The built-in store counts views only: no made-up likes or ratings.
    await page.getByText('Views', { exact: true }).waitFor();
    expect(await page.getByText('Likes', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('img', { name: /out of 5/ }).count()).toBe(0);
    expect(await page.getByRole('img', { name: /./ }).first().getAttribute('src')).toContain(
      '/api/content/blog/images/safes-explained.svg',
    );
    const hero = await page.evaluate(() => {
      const img = document.querySelector<HTMLImageElement>('main article img');
      return img ? { loaded: img.complete && img.naturalWidth > 0 } : null;
    });
    expect(hero?.loaded).toBe(true);
    await expectAccessible(page, 'article');

    // Share: the copy-link input and its button.
    const link = page.getByRole('textbox', { name: 'Link to this article' });
    expect(await link.inputValue()).toBe(`${server.url}/explore/post/safes-explained`);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('status').filter({ hasText: 'Link copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${server.url}/explore/post/safes-explained`,
    );

    // Back to Explore returns to the filtered list the reader came from.
    await page.getByRole('link', { name: 'Back to Explore' }).click();
    await page.waitForURL((url) => url.search === '?category=fundraising&tag=safe');
    await page.getByRole('link', { name: SAFES_TITLE }).click();
    await page.getByRole('heading', { level: 1, name: SAFES_TITLE }).waitFor();

    // Follow a tag: the list filtered by that tag alone.
    await page.getByRole('link', { name: 'Equity', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/explore' && url.search === '?tag=equity');
    expect(pathAndQuery(page)).toBe('/explore?tag=equity');
    expect(await page.getByRole('combobox', { name: 'Tag' }).textContent()).toContain('Equity');
    expect(await categoryChip(page, 'All').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => cards(page).getByRole('heading').allTextContents()).toContain(SAFES_TITLE);

    // Previous/next walk the newest-first order.
    await page.getByRole('link', { name: SAFES_TITLE }).click();
    const more = page.getByRole('navigation', { name: 'More articles' });
    await more.getByRole('link', { name: /Next article/ }).click();
    await page.waitForURL('**/explore/post/pitch-deck-that-gets-meetings');
    await more.getByRole('link', { name: /Previous article/ }).click();
    await page.waitForURL('**/explore/post/safes-explained');

    // An unknown slug: a friendly way back.
    await page.goto('/explore/post/no-such-article');
    await page.getByRole('heading', { name: 'We could not find that article.' }).waitFor();
    await page.getByRole('link', { name: 'Browse all articles' }).click();
    await page.waitForURL('**/explore');
    await page.getByRole('heading', { name: 'All Posts' }).waitFor();

    // No matches: say so and offer to clear.
    await page.goto('/explore?search=zzzzq%20xxyyq');
    await page.getByRole('heading', { name: 'No articles match these filters' }).waitFor();
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expect.poll(() => cards(page).count()).toBe(12);

    // Search: the post about pricing first, only posts that say "pricing", the word marked.
    await page.getByRole('searchbox', { name: 'Search articles' }).fill('pricing');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.search === '?search=pricing');
    await expect
      .poll(() => results(page).textContent())
      .toBe('5 articles matching “pricing”, best matches first');
    const found = await cards(page).getByRole('heading').allTextContents();
    expect(found[0]).toBe('Pricing Your First Product Without Guessing');
    expect(found).not.toContain('Your First Board of Directors: What Founders Should Know');
    expect(await cards(page).first().locator('h3 mark').allTextContents()).toEqual(['Pricing']);
    await expectAccessible(page, 'explore search');

    // A page past the last one says so and links to the last page.
    await page.goto('/explore/9');
    await page.getByRole('heading', { name: 'Page 9 is past the last page' }).waitFor();
    await page.getByRole('link', { name: 'Go to the last page (2)' }).click();
    await page.waitForURL('**/explore/2');
    await expect.poll(() => cards(page).count(), { timeout: LOAD }).toBeGreaterThan(0);

    // Phone and wide screens: nothing wider than the viewport, still accessible.
    for (const viewport of [
      { width: 375, height: 740 },
      { width: 1920, height: 1080 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/explore/2');
      await expect.poll(() => cards(page).count(), { timeout: LOAD }).toBeGreaterThan(0);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await expectAccessible(page, `explore list at ${viewport.width} px`);
      await page.goto('/explore?search=pricing%20customers');
      await expect.poll(() => cards(page).locator('mark').count(), { timeout: LOAD }).toBeGreaterThan(0);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await expectAccessible(page, `explore search at ${viewport.width} px`);
      await page.goto('/explore/9');
      await page.getByRole('heading', { name: 'Page 9 is past the last page' }).waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await expectAccessible(page, `past the last page at ${viewport.width} px`);
      await page.goto('/explore/post/safes-explained');
      await page.getByRole('heading', { level: 1, name: SAFES_TITLE }).waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await expectAccessible(page, `article at ${viewport.width} px`);
    }
    await context.close();
  });
});
