import { describe, expect, it } from 'vitest';
import {
  newFounderOnOverview,
  onboardThroughScreens,
  PASSWORD,
  signInThroughScreens,
  signOutThroughMenu,
  signUpThroughScreens,
  uniqueEmail,
  verifyThroughScreens,
} from './support/auth-flows.js';
import { expectAccessible, newContext } from './support/browser.js';
import { useServerAndBrowser } from './support/journey.js';

// Access tokens live 10 s here, so the journey sees one expire and be refreshed silently.
const ACCESS_TOKEN_TTL_SECONDS = 10;

describe('journey: sign up to overview', () => {
  const journey = useServerAndBrowser({ ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS) });

  it('signs up, verifies, onboards, takes the tour, keeps the session and signs out', async () => {
    const { server, browser } = journey;
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    const email = uniqueEmail();

    await signUpThroughScreens(page, email);
    await expectAccessible(page, 'verify e-mail');
    await verifyThroughScreens(page, server, email);
    await expectAccessible(page, 'onboarding');
    await onboardThroughScreens(page);

    await page.waitForURL('**/tutorial');
    await expect(
      page.getByRole('region', { name: 'Product tour' }).or(page.getByLabel('Product tour')),
    ).toBeTruthy();
    await expectAccessible(page, 'tutorial');
    // Walk the whole tour to its last step (its steps come from the API).
    await page.getByRole('button', { name: 'Next' }).waitFor();
    while (await page.getByRole('button', { name: 'Next' }).isVisible()) {
      await page.getByRole('button', { name: 'Next' }).click();
    }
    await page.getByRole('button', { name: 'Go to my overview' }).click();
    await page.waitForURL('**/overview');
    await page.getByRole('heading', { name: 'Welcome, Grace' }).waitFor();
    expect(await page.getByText('Compiler Labs').first().isVisible()).toBe(true);
    await expectAccessible(page, 'overview');

    // A reload keeps the session.
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome, Grace' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/overview');

    // Once the access token has expired, the next load refreshes it silently.
    await page.waitForTimeout((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
    const refreshed = page.waitForResponse(
      (r) => r.url().endsWith('/api/auth/refresh') && r.status() === 200,
    );
    await page.reload();
    await refreshed;
    await page.getByRole('heading', { name: 'Welcome, Grace' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/overview');

    // An address the app does not know lands on the overview with a note saying so.
    await page.goto('/no-such-page');
    await page.waitForURL('**/overview');
    await page.getByText('That page does not exist, so here is your overview.').waitFor();

    // Sign out from the profile menu: the sign-in screen says why; a protected URL then sends to sign-in.
    await signOutThroughMenu(page);
    await page.getByText('Your session has ended.').waitFor();
    await page.goto('/overview');
    await page.waitForURL('**/sign-in');
    await expectAccessible(page, 'sign in');
    await context.close();
  });

  it('keeps two open tabs signed in across an access-token expiry', async () => {
    const { server, browser } = journey;
    const context = await newContext(browser, server.url);
    const first = await context.newPage();
    await newFounderOnOverview(first, server, 'tabs');
    const second = await context.newPage();
    await second.goto('/overview');
    await second.getByRole('heading', { name: 'Welcome, Grace' }).waitFor();

    // Both tabs wake up after the access token expired and ask for data at the same moment.
    await first.waitForTimeout((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
    await Promise.all([first.reload(), second.reload()]);
    for (const page of [first, second]) {
      await page.getByRole('heading', { name: 'Welcome, Grace' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/overview');
    }
    // And they keep working afterwards: neither holds a revoked refresh token.
    await first.waitForTimeout((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
    await second.reload();
    await first.reload();
    for (const page of [first, second]) {
      await page.getByRole('heading', { name: 'Welcome, Grace' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/overview');
    }
    await context.close();
  });

  it('shows the server message for a wrong password', async () => {
    const { server, browser } = journey;
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    const email = uniqueEmail('wrong');
    await signUpThroughScreens(page, email);
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());

    await signInThroughScreens(page, email, `${PASSWORD}-not`);
    // The server's message, in the error toast.
    await page.getByRole('alert').getByText('Incorrect e-mail or password.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await context.close();
  });

  it('signs in with the keyboard alone on the first-visit sign-in screen, which passes axe at 375 and 1440 px', async () => {
    const { server, browser } = journey;
    const context = await newContext(browser, server.url, { width: 375, height: 740 });
    const page = await context.newPage();
    const email = await newFounderOnOverview(page, server, 'keys');
    await signOutThroughMenu(page);

    // A fresh load with no saved session gets the light screen, not the app's own.
    await page.goto('/sign-in');
    await page.locator('.light-auth').getByRole('heading', { name: 'Welcome back' }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'sign in at 375 px');
    await page.setViewportSize({ width: 1440, height: 900 });
    await expectAccessible(page, 'sign in at 1440 px');

    // The form is sent empty: both fields say what is wrong, and the e-mail field has the focus.
    const focused = () =>
      page.evaluate(
        () => document.activeElement?.getAttribute('name') ?? document.activeElement?.textContent,
      );
    expect(await focused()).toBe('email');
    await page.keyboard.press('Enter');
    await page.getByText('Enter your password').waitFor();
    expect(await focused()).toBe('email');
    await expectAccessible(page, 'sign in with messages');

    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('password');
    await page.keyboard.type(PASSWORD);
    // Past the show-password button and the forgotten-password link to the button.
    for (const stop of ['Show password', 'Forgot your password?', 'Sign in']) {
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(
          () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent,
        ),
      ).toBe(stop);
    }
    // Every frame from here on is watched: the light screen hands the page to the app without a blank one.
    await page.evaluate(() => {
      const watch = window as unknown as { blankFrames: number };
      watch.blankFrames = 0;
      const look = () => {
        if (!document.getElementById('root')?.childElementCount) watch.blankFrames += 1;
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/overview');
    await page.getByRole('heading', { name: 'Welcome, Grace' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { blankFrames: number }).blankFrames)).toBe(0);
    // Signed in the way the app signs in: a reload keeps the session.
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome, Grace' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/overview');
    await context.close();
  });

  it('opens a link to a mission signed out on the first-visit sign-in screen, and lands on the mission', async () => {
    const { server, browser } = journey;
    const context = await newContext(browser, server.url, { width: 375, height: 740 });
    const page = await context.newPage();
    const email = await newFounderOnOverview(page, server, 'link');
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL('**/mission-details/**');
    await page.getByRole('navigation', { name: 'Steps of this mission' }).waitFor();
    const mission = new URL(page.url());
    const title = await page.getByRole('heading', { level: 1 }).innerText();
    await signOutThroughMenu(page);

    // The link, as from a mail: the sign-in screen comes without the app's libraries.
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${mission.pathname}?from=mail`);
    await page.locator('.light-auth').getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    expect(scripts.filter((script) => /\/(frame|start-app)-/.test(script))).toEqual([]);
    await expectAccessible(page, 'sign in from a link');

    await page.getByLabel(/e-mail/i).fill(email);
    await page.getByLabel(/^password/i).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === mission.pathname && url.search === '?from=mail');
    await page.getByRole('navigation', { name: 'Steps of this mission' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(title);
    // The app's libraries came once they were needed (so the check above watched for the right file).
    expect(scripts.some((script) => /\/frame-/.test(script))).toBe(true);
    await context.close();
  });

  it('works on a phone-sized screen', async () => {
    const { server, browser } = journey;
    const context = await newContext(browser, server.url, { width: 375, height: 740 });
    const page = await context.newPage();
    await page.goto('/sign-up');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'sign up at 375 px');
    await context.close();
  });
});
