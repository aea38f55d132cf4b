import type { Session } from '@liftoff/contracts/auth';
import type { OidcCompletion } from '@liftoff/contracts/auth-oidc';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcAttempts, oidcIdentities, users } from '../../src/features/auth/tables.js';
import { bearer, PASSWORD, readyUser } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { CLIENT_ID, CLIENT_SECRET, signInAtProvider, startOpenIdProvider } from './oidc-provider-support.js';
import { createCohort, invite } from '../cohorts/helpers.js';
import { personWith } from '../helpers/team.js';
import { totpUser } from './two-factor-support.js';

const APP_URL = 'http://liftoff.test';
let t: TestApp;
let idp: Awaited<ReturnType<typeof startOpenIdProvider>>;
beforeAll(async () => {
  idp = await startOpenIdProvider(APP_URL);
  t = await createTestApp({
    APP_URL,
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_CLIENT_SECRET: CLIENT_SECRET,
    OIDC_NAME: 'University login',
    // Microsoft is configured but switched off; Google is not configured at all.
    OIDC_MICROSOFT_CLIENT_ID: 'ms-client',
    OIDC_MICROSOFT_CLIENT_SECRET: 'ms-secret',
    OIDC_MICROSOFT_TENANT: 'contoso.onmicrosoft.com',
    OIDC_DISABLED: 'microsoft',
  });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

let counter = 0;
const account = (email: string, verified = true) => {
  const id = `sub-${++counter}-${Date.now().toString(36)}`;
  idp.accounts.set(id, { email, email_verified: verified, given_name: 'Grace', family_name: 'Hopper' });
  return id;
};

/** Starts a sign-in at Liftoff, as a browser would: the provider's address and the browser's binding cookie. */
async function start(provider = 'sso') {
  const res = await t.app.inject({ method: 'GET', url: `/api/auth/oidc/${provider}/start` });
  expect(res.statusCode, res.body).toBe(302);
  const cookie = String(res.headers['set-cookie']).split(';')[0]!;
  return { authorizationUrl: String(res.headers.location), cookie };
}

/** Liftoff's callback as the browser reaches it; answers where it sends the browser next. */
async function callback(callbackUrl: string, cookie: string) {
  const url = new URL(callbackUrl);
  const res = await t.app.inject({ method: 'GET', url: url.pathname + url.search, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(302);
  return String(res.headers.location);
}

/** The whole round trip, with a hook to tamper with what Liftoff receives. */
async function signInWith(
  accountId: string,
  tamper: { callbackUrl?: (url: URL) => void; beforeCallback?: () => Promise<void>; cookie?: string } = {},
) {
  const started = await start();
  const back = new URL(await signInAtProvider(started.authorizationUrl, accountId, APP_URL));
  tamper.callbackUrl?.(back);
  await tamper.beforeCallback?.();
  return callback(back.href, tamper.cookie ?? started.cookie);
}

const handoffOf = (location: string) => {
  expect(location).toMatch(new RegExp(`^${APP_URL}/sign-in/provider#handoff=`));
  return location.split('#handoff=')[1]!;
};
async function complete(handoff: string): Promise<{ status: number; data: OidcCompletion }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/oidc/complete', payload: { handoff } });
  return { status: res.statusCode, data: res.json().data };
}
const refusedWith = (location: string) => new URL(location).searchParams.get('provider_error');

describe('signing in with an OpenID provider', () => {
  it('offers the enabled providers only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/providers' });
    expect(res.json().data).toEqual([
      { id: 'sso', name: 'University login', startPath: '/api/auth/oidc/sso/start' },
    ]);
  });

  // First of the calls that reach the provider: its discovery document is read on first use and then kept.
  it('refuses a provider whose discovery document names another issuer', async () => {
    idp.state.lieAboutIssuer = true;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/sso/start' });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('UPSTREAM_FAILED');
    } finally {
      idp.state.lieAboutIssuer = false;
    }
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce', async () => {
    const { authorizationUrl, cookie } = await start();
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    for (const name of ['code_challenge', 'state', 'nonce']) expect(url.searchParams.get(name)).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(`${APP_URL}/api/auth/oidc/sso/callback`);
    expect(cookie).toMatch(/^liftoff_oidc=.{20,}/);
  });

  it('makes a new, verified account on a first sign-in, and signs the same person in to it next time', async () => {
    const email = `grace-${Date.now()}@uni.example`;
    const id = account(email);
    const first = await complete(handoffOf(await signInWith(id)));
    expect(first.status).toBe(200);
    expect(first.data.kind).toBe('session');
    const session = (first.data as { session: Session }).session;
    expect(session.user).toMatchObject({ email, verified: true, firstName: 'Grace', lastName: 'Hopper' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(session.token) });
    expect(me.json().data.email).toBe(email);

    const again = await complete(handoffOf(await signInWith(id)));
    expect((again.data as { session: Session }).session.user.id).toBe(session.user.id);
  });

  it('uses a hand-off once', async () => {
    const handoff = handoffOf(await signInWith(account(`once-${Date.now()}@uni.example`)));
    expect((await complete(handoff)).status).toBe(200);
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/complete',
      payload: { handoff },
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('CODE_EXPIRED');
  });

  it('links an existing account with the same address only after its password confirms it', async () => {
    const existing = await readyUser(t.app);
    const id = account(existing.email);
    const handoff = handoffOf(await signInWith(id));
    const asked = await complete(handoff);
    expect(asked.data).toEqual({
      kind: 'confirm-link',
      email: existing.email,
      provider: { id: 'sso', name: 'University login' },
    });
    const linkedRows = () => t.app.db.select().from(oidcIdentities).where(eq(oidcIdentities.subject, id));
    expect(await linkedRows()).toHaveLength(0);

    const link = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/oidc/link', payload: { handoff, password } });
    const wrong = await link('not-the-password-at-all');
    expect(wrong.statusCode).toBe(401);
    expect(await linkedRows()).toHaveLength(0);

    const right = await link(PASSWORD);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().data.user.id).toBe(existing.user.id);
    expect(await linkedRows()).toHaveLength(1);
    // Used: the same hand-off cannot link or sign in again.
    expect((await link(PASSWORD)).statusCode).toBe(400);

    // From now on the provider signs this person straight in.
    const next = await complete(handoffOf(await signInWith(id)));
    expect(next.data.kind).toBe('session');
    expect((next.data as { session: Session }).session.user.id).toBe(existing.user.id);
  });

  it('is the first factor only: a two-factor account still needs its second factor', async () => {
    const person = await totpUser(t.app);
    const id = account(person.email);
    const handoff = handoffOf(await signInWith(id));
    expect((await complete(handoff)).data.kind).toBe('confirm-link');
    const linked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/link',
      payload: { handoff, password: PASSWORD },
    });
    const session = linked.json().data as Session;
    expect(session.user.twoFactorEnabled).toBe(true);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/feedback/mine',
      headers: bearer(session.token),
    });
    expect(me.statusCode).toBe(403);
    expect(me.json().code).toBe('TWO_FACTOR_REQUIRED');
  });

  it('makes accounts by invitation only when sign-up is invite-only, as the form does', async () => {
    const lead = await personWith(t.app, ['founder', 'manager']);
    const cohort = await createCohort(t.app, lead.token);
    t.app.config.SIGNUP_MODE = 'invite';
    try {
      const stranger = `stranger-${Date.now()}@uni.example`;
      expect(refusedWith(await signInWith(account(stranger)))).toBe('invitation_required');
      expect(await t.app.db.select().from(users).where(eq(users.email, stranger))).toHaveLength(0);

      const invited = `invited-${Date.now()}@uni.example`;
      await invite(t.app, lead.token, cohort.id, { email: invited });
      const done = await complete(handoffOf(await signInWith(account(invited))));
      expect(done.data.kind).toBe('session');
      const founders = await t.app.inject({
        method: 'GET',
        url: `/api/studio/cohorts/${cohort.id}/dashboard`,
        headers: bearer(lead.token),
      });
      expect(founders.json().data.founders.map((f: { email: string }) => f.email)).toEqual([invited]);
    } finally {
      t.app.config.SIGNUP_MODE = 'open';
    }
  });

  it('refuses an address the provider does not vouch for', async () => {
    const location = await signInWith(account(`unverified-${Date.now()}@uni.example`, false));
    expect(refusedWith(location)).toBe('email_unverified');
  });

  it('refuses a tampered state, and an attempt finished in another browser', async () => {
    const id = account(`state-${Date.now()}@uni.example`);
    const tampered = await signInWith(id, {
      callbackUrl: (url) => url.searchParams.set('state', url.searchParams.get('state')!.slice(0, -2) + 'xx'),
    });
    expect(refusedWith(tampered)).toBe('attempt_invalid');
    const otherBrowser = await signInWith(id, { cookie: 'liftoff_oidc=someone-elses-browser-binding' });
    expect(refusedWith(otherBrowser)).toBe('attempt_invalid');
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    const email = `nonce-${Date.now()}@uni.example`;
    const location = await signInWith(account(email), {
      beforeCallback: async () =>
        void (await t.app.db
          .update(oidcAttempts)
          .set({ nonce: 'another-nonce-entirely' })
          .where(isNull(oidcAttempts.usedAt))),
    });
    expect(refusedWith(location)).toBe('verification_failed');
    expect(await t.app.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('refuses when the code verifier is not the one whose challenge was sent', async () => {
    const location = await signInWith(account(`pkce-${Date.now()}@uni.example`), {
      beforeCallback: async () =>
        void (await t.app.db
          .update(oidcAttempts)
          .set({ codeVerifier: 'a'.repeat(43) })
          .where(isNull(oidcAttempts.usedAt))),
    });
    expect(refusedWith(location)).toBe('verification_failed');
  });

  it('refuses an answer that names another issuer', async () => {
    const location = await signInWith(account(`iss-${Date.now()}@uni.example`), {
      callbackUrl: (url) => url.searchParams.set('iss', 'https://impostor.example'),
    });
    expect(refusedWith(location)).toBe('verification_failed');
  });

  it('refuses a disabled provider and one that is not configured', async () => {
    for (const provider of ['microsoft', 'google']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/auth/oidc/${provider}/start` });
      expect(res.statusCode).toBe(404);
      const back = await t.app.inject({
        method: 'GET',
        url: `/api/auth/oidc/${provider}/callback?code=x&state=y`,
      });
      expect(refusedWith(String(back.headers.location))).toBe('provider_unavailable');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/oidc/github/start' })).statusCode).toBe(400);
  });
});
