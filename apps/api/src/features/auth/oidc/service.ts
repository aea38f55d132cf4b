import { createHash, randomBytes } from 'node:crypto';
import type { Session } from '@liftoff/contracts/auth';
import type { OidcCompletion, OidcErrorReason, OidcProviderId } from '@liftoff/contracts/auth-oidc';
import * as client from 'openid-client';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/errors.js';
import type { AccountChecks } from '../account-checks.js';
import { hashPassword, timingDummyHash, verifyPassword } from '../passwords.js';
import { toUser, usersRepository } from '../repository.js';
import type { Client, SessionTokens } from '../session-tokens.js';
import type { SignUpHooks } from '../sign-up.js';
import type { createTwoFactorService } from '../two-factor.js';
import { oidcClients } from './providers.js';
import { oidcRepository } from './repository.js';

/** A sign-in has this long at the provider before its callback is refused. */
const ATTEMPT_TTL_MS = 10 * 60_000;
/** The web app exchanges the callback's hand-off at once; a link confirmation may take a moment longer. */
const HANDOFF_TTL_MS = 10 * 60_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const randomCode = () => randomBytes(32).toString('base64url');

/** A sign-in that could not go through: the callback sends the browser back to the sign-in page with it. */
export class OidcRefusal extends Error {
  constructor(
    readonly reason: OidcErrorReason,
    detail: string,
  ) {
    super(detail);
  }
}

export type OidcSignIn = ReturnType<typeof createOidcSignIn>;

/**
 * Signing in with an OpenID provider: the authorization code flow with PKCE, state and nonce (openid-client
 * checks the provider's answer, the ID token's issuer, audience, signature and nonce). The provider is the first
 * factor only: a two-factor account's session still waits for its second factor. A provider account signs in
 * to the Liftoff account it is linked to; an account with the same verified address is linked only after the
 * person confirms with that account's password; otherwise a new account is made, if sign-up allows it.
 */
export function createOidcSignIn(
  deps: SignUpHooks & {
    db: Db;
    config: Config;
    checks: AccountChecks;
    issueSession: SessionTokens['issueSession'];
    twoFactor: Pick<ReturnType<typeof createTwoFactorService>, 'onLogin'>;
  },
) {
  const { db, config, checks, issueSession } = deps;
  const clients = oidcClients(config.oidcProviders, !config.isProduction);
  const repo = oidcRepository(db);
  const redirectUri = (id: string) => `${config.APP_URL}/api/auth/oidc/${id}/callback`;

  function enabledProvider(id: OidcProviderId) {
    const provider = clients.settings(id);
    if (!provider) throw new AppError(404, 'NOT_FOUND', 'This sign-in provider is not available.');
    return provider;
  }

  /** A session as password sign-in gives it: waiting for the second factor when the account has one. */
  async function signIn(userId: string, clientInfo: Client): Promise<Session> {
    const row = await usersRepository(db).findById(userId);
    if (!row) throw new AppError(401, 'TOKEN_INVALID', 'This sign-in has ended. Please sign in again.');
    const session = { ...(await issueSession(db, row.id, false, undefined, clientInfo)), user: toUser(row) };
    await deps.twoFactor.onLogin(row);
    return session;
  }

  async function handoff(values: {
    kind: 'session' | 'link';
    userId: string;
    provider: string;
    subject: string;
    email: string;
  }) {
    const code = randomCode();
    await repo.addHandoff({
      ...values,
      codeHash: sha256(code),
      expiresAt: new Date(Date.now() + HANDOFF_TTL_MS),
    });
    return code;
  }

  async function openHandoff(code: string) {
    const row = await repo.openHandoff(sha256(code), new Date());
    if (!row)
      throw new AppError(400, 'CODE_EXPIRED', 'This sign-in has expired. Please sign in again.', [
        { path: 'handoff', message: 'Expired or already used' },
      ]);
    return row;
  }

  return {
    providers: () =>
      clients.enabled().map(({ id, name }) => ({ id, name, startPath: `/api/auth/oidc/${id}/start` })),

    /** The provider's authorization address for a new attempt, and the browser binding to set as a cookie. */
    async start(id: OidcProviderId): Promise<{ url: string; browser: string }> {
      const provider = enabledProvider(id);
      const configuration = await clients.configuration(provider).catch((error: unknown) => {
        throw new AppError(503, 'UPSTREAM_FAILED', `${provider.name} cannot be reached. Try again shortly.`, [
          { path: 'provider', message: error instanceof Error ? error.message : 'discovery failed' },
        ]);
      });
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      const browser = randomCode();
      await repo.addAttempt({
        stateHash: sha256(state),
        browserHash: sha256(browser),
        provider: provider.id,
        nonce,
        codeVerifier,
        expiresAt: new Date(Date.now() + ATTEMPT_TTL_MS),
      });
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri(provider.id),
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, browser };
    },

    /**
     * The provider's answer at the callback address: checked, then turned into a hand-off code for the web app.
     * Refuses (OidcRefusal) an unknown, replayed or expired state, another browser's attempt, a provider error,
     * and any answer openid-client does not accept (issuer, code verifier, nonce, signature).
     */
    async callback(id: OidcProviderId, callbackUrl: URL, browser: string | undefined): Promise<string> {
      const provider = clients.settings(id);
      if (!provider) throw new OidcRefusal('provider_unavailable', `provider ${id} is not enabled`);
      const state = callbackUrl.searchParams.get('state');
      const attempt = state ? await repo.takeAttempt(sha256(state), new Date()) : null;
      if (!attempt || attempt.provider !== provider.id)
        throw new OidcRefusal('attempt_invalid', 'unknown, used or expired state');
      if (!browser || sha256(browser) !== attempt.browserHash)
        throw new OidcRefusal('attempt_invalid', 'the attempt was started in another browser');
      if (callbackUrl.searchParams.get('error'))
        throw new OidcRefusal(
          'provider_refused',
          `provider answered ${callbackUrl.searchParams.get('error')}`,
        );
      const configuration = await clients.configuration(provider).catch(() => {
        throw new OidcRefusal('provider_unavailable', 'discovery failed');
      });
      let claims: client.IDToken | undefined;
      try {
        const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
          pkceCodeVerifier: attempt.codeVerifier,
          expectedState: state!,
          expectedNonce: attempt.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (error) {
        throw new OidcRefusal(
          'verification_failed',
          error instanceof Error ? `${error.name}: ${error.message}` : 'the provider answer was refused',
        );
      }
      if (!claims) throw new OidcRefusal('verification_failed', 'no ID token');
      const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
      if (!email || claims.email_verified !== true)
        throw new OidcRefusal('email_unverified', 'the provider did not vouch for an e-mail address');
      const subject = claims.sub;

      const linked = await repo.identity(provider.id, subject);
      if (linked)
        return handoff({ kind: 'session', userId: linked.userId, provider: provider.id, subject, email });

      const existing = await usersRepository(db).findByEmail(email);
      if (existing)
        return handoff({ kind: 'link', userId: existing.id, provider: provider.id, subject, email });

      // A new account: invite-only sign-up applies as it does to the form.
      try {
        await deps.signUpGate?.(email);
      } catch {
        throw new OidcRefusal('invitation_required', 'sign-up is by invitation and this address has none');
      }
      const given = typeof claims.given_name === 'string' ? claims.given_name : null;
      const family = typeof claims.family_name === 'string' ? claims.family_name : null;
      const fullName = typeof claims.name === 'string' ? claims.name.trim() : '';
      const firstName =
        (given ?? fullName.split(/\s+/)[0] ?? '').slice(0, 50) || email.split('@')[0]!.slice(0, 50);
      const lastName = (family ?? fullName.split(/\s+/).slice(1).join(' ')).slice(0, 50);
      // No password anyone knows: the person signs in with the provider, or sets one through a reset link.
      const passwordHash = await hashPassword(randomCode());
      const created = await db.transaction(async (tx) => {
        const row = await usersRepository(tx).insert({
          email,
          passwordHash,
          firstName,
          lastName,
          verified: true,
        });
        if (row) await oidcRepository(tx).link({ userId: row.id, provider: provider.id, subject, email });
        return row;
      });
      // Made by a concurrent sign-up in between: that account must be confirmed like any other.
      if (!created) {
        const raced = await usersRepository(db).findByEmail(email);
        if (!raced) throw new OidcRefusal('attempt_invalid', 'the account could not be made');
        return handoff({ kind: 'link', userId: raced.id, provider: provider.id, subject, email });
      }
      await deps.onSignedUp?.(created.id, created.email);
      return handoff({ kind: 'session', userId: created.id, provider: provider.id, subject, email });
    },

    /** The web app's exchange of the callback's hand-off: a session, or the question to confirm a link. */
    async complete(code: string, clientInfo: Client): Promise<OidcCompletion> {
      const row = await openHandoff(code);
      if (row.kind === 'link') {
        const name = clients.settings(row.provider)?.name ?? row.provider;
        return {
          kind: 'confirm-link',
          email: row.email,
          provider: { id: row.provider as OidcProviderId, name },
        };
      }
      if (!(await repo.useHandoff(row.id, new Date())))
        throw new AppError(400, 'CODE_EXPIRED', 'This sign-in was already used. Please sign in again.', [
          { path: 'handoff', message: 'Already used' },
        ]);
      return { kind: 'session', session: await signIn(row.userId, clientInfo) };
    },

    /** Links the provider to the existing account once its password is confirmed, and signs in. */
    async confirmLink(code: string, password: string, clientInfo: Client): Promise<Session> {
      const row = await openHandoff(code);
      if (row.kind !== 'link')
        throw new AppError(400, 'VALIDATION_FAILED', 'This sign-in needs no confirmation.', [
          { path: 'handoff', message: 'Nothing to confirm' },
        ]);
      const user = await usersRepository(db).findById(row.userId);
      await checks.guardAccount(row.email);
      const valid = await verifyPassword(user?.passwordHash ?? (await timingDummyHash()), password);
      if (!user || !valid) {
        await checks.countFailure(row.email);
        throw new AppError(401, 'INVALID_CREDENTIALS', 'That password is not right.', [
          { path: 'password', message: 'Wrong password' },
        ]);
      }
      if (!(await repo.useHandoff(row.id, new Date())))
        throw new AppError(400, 'CODE_EXPIRED', 'This sign-in was already used. Please sign in again.', [
          { path: 'handoff', message: 'Already used' },
        ]);
      await repo.link({ userId: user.id, provider: row.provider, subject: row.subject, email: row.email });
      return signIn(user.id, clientInfo);
    },
  };
}
