import type { Session } from '@liftoff/contracts/auth';
import type { OutboxMail } from '@liftoff/contracts/dev';
import type { App } from '../../src/app.js';

let counter = 0;
export const uniqueEmail = (prefix = 'founder') =>
  `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`;
export const PASSWORD = 'orbit-lantern-42-meadow';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Reads the development outbox, newest first, waiting briefly for mails sent in the background. */
export async function mailbox(
  app: App,
  to: string,
  { atLeast = 1, timeoutMs = 3000 } = {},
): Promise<OutboxMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` });
    const mails = res.json().data as OutboxMail[];
    if (mails.length >= atLeast || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export const codeFrom = (mail: OutboxMail) => /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';

/**
 * The newest sign-up code sent to `to`. Waits for a mail that has one: an invited address already holds its
 * invitation, which the outbox may deliver before or after the verification mail.
 */
async function verificationCode(app: App, to: string): Promise<string> {
  const deadline = Date.now() + 3000;
  for (;;) {
    const code = (await mailbox(app, to)).map(codeFrom).find(Boolean);
    if (code || Date.now() > deadline) return code ?? '';
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function signup(
  app: App,
  overrides: Partial<{ email: string; password: string; firstName: string; lastName: string }> = {},
) {
  const body = {
    firstName: 'Ada',
    lastName: 'Founder',
    email: uniqueEmail(),
    password: PASSWORD,
    ...overrides,
  };
  const res = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return { ...(res.json().data as Session), email: body.email, password: body.password };
}

/** A verified user with a completed profile: what most feature tests start from. */
export async function readyUser(app: App) {
  const account = await signup(app);
  const verify = await app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    headers: bearer(account.token),
    payload: { code: await verificationCode(app, account.email) },
  });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  const id = account.user.id;
  await app.inject({
    method: 'PUT',
    url: `/api/user/${id}/meta`,
    headers: bearer(account.token),
    payload: { meta: { startupName: 'Acme', stage: 'Idea', industry: 'Fintech' } },
  });
  const done = await app.inject({
    method: 'PATCH',
    url: `/api/user/update-user/${id}`,
    headers: bearer(account.token),
    payload: { profileCompleted: true },
  });
  if (done.statusCode !== 200) throw new Error(`profile failed: ${done.body}`);
  return { ...account, user: done.json().data };
}

/** Signs up and verifies the e-mail, leaving onboarding undone. */
export async function verifiedUser(app: App, overrides: Parameters<typeof signup>[1] = {}) {
  const account = await signup(app, overrides);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    headers: bearer(account.token),
    payload: { code: await verificationCode(app, account.email) },
  });
  if (res.statusCode !== 200) throw new Error(`verify failed: ${res.body}`);
  return { ...account, user: res.json().data.user as Session['user'] };
}

/** A second session of the same account (its own refresh-token family). */
export async function login(app: App, email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().data as Session;
}

export const refresh = (app: App, refreshToken: string, headerToken: string | null = refreshToken) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: headerToken ? bearer(headerToken) : {},
    payload: { refreshToken },
  });

/** The reset link of a mail, and the token its query carries. */
export function resetLinkFrom(mail: OutboxMail): { url: string; token: string } {
  const url = /(https?:\/\/\S+\/reset-password\?token=\S+)/.exec(mail.text)?.[1] ?? '';
  return { url, token: url ? (new URL(url).searchParams.get('token') ?? '') : '' };
}

/** Detail paths of an error answer, sorted, for "which fields were named" assertions. */
export const detailPaths = (body: { details?: { path: string }[] }) =>
  (body.details ?? []).map((d) => d.path).sort();
