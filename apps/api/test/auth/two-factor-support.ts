import { execFileSync } from 'node:child_process';
import type { Session } from '@liftoff/contracts/auth';
import type { App } from '../../src/app.js';
import { bearer, codeFrom, login, mailbox, readyUser } from '../helpers/accounts.js';

/**
 * TOTP codes from an independent implementation (Debian's oathtool), never from the library under test.
 * `offsetSteps` shifts the time by 30-second steps (−3: a code from 90 seconds ago).
 */
export function totp(secret: string, offsetSteps = 0): string {
  const at = Math.floor(Date.now() / 1000) + offsetSteps * 30;
  return execFileSync('oathtool', ['--totp', '-b', '-N', `@${at}`, secret], { encoding: 'utf8' }).trim();
}

/** Waits until at least `seconds` remain in the current 30-second step, so a test never straddles two. */
export async function awayFromStepEdge(seconds = 6) {
  const left = 30 - ((Date.now() / 1000) % 30);
  if (left < seconds) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 200));
}

export const post = (app: App, url: string, token: string, payload?: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload }),
  }) as Promise<Awaited<ReturnType<App['inject']>> & { statusCode: number }>;

export const me = (app: App, token: string) =>
  app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

/** The claims of an access token (not verified: the tests read what the client would read). */
export const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as {
    sub: string;
    sid: string;
    twoFactorAuthenticated: boolean;
  };

/** A ready user who turned on TOTP: the secret, the ten backup codes and the session that confirmed it. */
export async function totpUser(app: App) {
  const account = await readyUser(app);
  await awayFromStepEdge();
  const setup = await post(app, '/api/auth/setup-two-factor', account.token, { method: 'TOTP' });
  if (setup.statusCode !== 200) throw new Error(`setup failed: ${setup.body}`);
  const { secret } = setup.json().data as { secret: string };
  const setupCode = totp(secret);
  const verify = await post(app, '/api/auth/verify-two-factor', account.token, { code: setupCode });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  const data = verify.json().data as Session & { backupCodes: string[] };
  await mailbox(app, account.email, { atLeast: 2 }); // "two-step verification is on", sent by the outbox
  return { ...account, secret, setupCode, backupCodes: data.backupCodes, session: data as Session };
}

/** A ready user who turned on e-mailed codes. */
export async function emailUser(app: App) {
  const account = await readyUser(app);
  const setup = await post(app, '/api/auth/setup-two-factor', account.token, { method: 'EMAIL' });
  if (setup.statusCode !== 200) throw new Error(`setup failed: ${setup.body}`);
  const [mail] = await mailbox(app, account.email, { atLeast: 2 });
  const verify = await post(app, '/api/auth/verify-two-factor', account.token, { code: codeFrom(mail!) });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  const data = verify.json().data as Session & { backupCodes: string[] };
  // The outbox sends "two-step verification is on" a moment later; callers count mails from here on.
  await mailbox(app, account.email, { atLeast: 3 });
  return { ...account, backupCodes: data.backupCodes, session: data as Session };
}

/** Signs in with the password only: a session still waiting for its second factor. */
export const pendingSession = (app: App, email: string, password: string) => login(app, email, password);
