import { describe, expect, it } from 'vitest';
import { expectAccessible, newContext } from './support/browser.js';
import { demoManagerKey, signInAsDemoManager } from './support/demo-manager.js';
import { useServerAndBrowser } from './support/journey.js';

describe('journey: the program team in the studio', () => {
  const journey = useServerAndBrowser({ SEED_DEMO: 'true' });

  it('the demo manager signs in with its code, opens the studio, grants a role and finds it in the audit log', async () => {
    const { server, browser } = journey;
    const secret = await demoManagerKey(server);
    expect(server.output()).toContain('Demo manager: manager@liftoff.local');
    expect(secret).not.toBe('');

    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await signInAsDemoManager(page, secret);

    // The founder app's menu leads to the studio.
    await page.goto('/overview');
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Studio' }).click();
    await page.waitForURL('**/studio/people');
    await page.getByRole('heading', { name: 'People and roles' }).waitFor();
    await page.getByText('demo@liftoff.local').waitFor();
    await expectAccessible(page, 'studio people');

    // Grant the demo founder the expert role.
    await page.getByLabel('Search by name or e-mail').fill('demo@liftoff.local');
    const expert = page.getByRole('button', { name: /^Expert role for Dana Demo: not held/ });
    await expert.click();
    await page.getByText('Role granted.').first().waitFor();
    await page.getByRole('button', { name: /^Expert role for Dana Demo: held/ }).waitFor();

    // The audit log says who did it, to whom, before and after.
    await page
      .getByRole('navigation', { name: 'Main' })
      .first()
      .getByRole('link', { name: 'Audit log' })
      .click();
    await page.waitForURL('**/studio/audit');
    const row = page.getByRole('row', { name: /role\.granted/ });
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain('manager@liftoff.local');
    expect(text).toContain('roles: founder');
    expect(text).toContain('roles: founder, expert');
    await expectAccessible(page, 'studio audit log');

    // The bell's "See all" stays in the studio, with its own full list of notifications.
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('link', { name: 'See all notifications' }).click();
    await page.waitForURL('**/studio/notifications');
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await page
      .getByText('No notifications yet')
      .or(page.getByRole('list', { name: 'Notifications' }))
      .first()
      .waitFor();
    await expectAccessible(page, 'studio notifications');
    await page.goBack();
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();

    // On a phone the studio stays usable: the navigation moves to the bottom.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await expectAccessible(page, 'studio audit log on a phone');
    await context.close();
  });
});
