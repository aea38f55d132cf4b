import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { signInThroughScreens } from './auth-flows.js';
import type { RunningServer } from './server.js';

/** A TOTP code from Debian's oathtool, from the key the server printed on start. */
const totp = (secret: string) =>
  execFileSync('oathtool', ['--totp', '-b', secret], { encoding: 'utf8' }).trim();

export const DEMO_MANAGER = 'manager@liftoff.local';
const DEMO_PASSWORD = 'liftoff-demo-2026';

/** The demo manager's authenticator key, printed on start beside the demo accounts (SEED_DEMO=true). */
export async function demoManagerKey(server: RunningServer): Promise<string> {
  let secret = '';
  for (let i = 0; i < 50 && !secret; i += 1) {
    secret = /authenticator key ([A-Z2-7]{32})/.exec(server.output())?.[1] ?? '';
    if (!secret) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return secret;
}

/** Signs the demo manager in through the screens, second factor included. */
export async function signInAsDemoManager(page: Page, secret: string) {
  await signInThroughScreens(page, DEMO_MANAGER, DEMO_PASSWORD);
  await page.waitForURL('**/two-factor');
  await page.getByLabel('Code from your app').fill(totp(secret));
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/two-factor'));
}
