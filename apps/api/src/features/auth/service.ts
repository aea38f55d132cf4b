import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { AccessTokens } from '../../lib/tokens.js';
import type { Mailer } from '../../plugins/mail.js';
import type { Limiter } from '../../plugins/rate-limit.js';
import { createAccountChecks } from './account-checks.js';
import { ensureDemoAccount } from './demo-account.js';
import { ensureDemoManager } from './demo-manager.js';
import { createOwnAccount, type ProfileHooks } from './own-account.js';
import { createPasswordChanges } from './password-changes.js';
import { principalReader, standingReader } from './repository.js';
import { createSessionTokens } from './session-tokens.js';
import { createSignIn } from './sign-in.js';
import { createSignUp, type SignUpHooks } from './sign-up.js';
import { createTwoFactorService } from './two-factor.js';
import { createOidcSignIn } from './oidc/service.js';

export type { Client } from './session-tokens.js';
export { MAX_CODE_ATTEMPTS } from './sign-up.js';

export interface AuthServiceDeps extends SignUpHooks, ProfileHooks {
  db: Db;
  config: Config;
  tokens: AccessTokens;
  mailer: Mailer;
  limiter: Limiter;
}

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * The accounts service: one object for the routes, composed of its sub-capabilities, each in its own module
 * (sign-up and e-mail verification, sign-in, session tokens, password changes, two-factor, the own account).
 */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, config, mailer, limiter } = deps;
  const checks = createAccountChecks(deps);
  const sessions = createSessionTokens(deps);
  const passwords = createPasswordChanges(deps, checks);
  const twoFactor = createTwoFactorService({
    db,
    config,
    mailer,
    limiter,
    issueSession: sessions.issueSession,
  });

  const oidc = createOidcSignIn({ ...deps, checks, issueSession: sessions.issueSession, twoFactor });

  return {
    twoFactor,
    oidc,

    loadPrincipal: principalReader(db),
    /** The standing of a user by id alone, for callers with a personal API token. */
    loadStanding: standingReader(db),

    ...createSignUp(deps, checks, sessions.issueSession),
    ...createSignIn({ db, checks, issueSession: sessions.issueSession, twoFactor }),
    ...passwords,
    refresh: sessions.refresh,
    logout: sessions.logout,
    ...createOwnAccount(deps),

    /** The studio's demo manager (two-factor on); answers its authenticator key for start-up to print. */
    ensureDemoManager: (email: string, password: string) => ensureDemoManager(db, config, email, password),

    ensureDemoAccount: (email: string, password: string) => ensureDemoAccount(db, deps, email, password),
  };
}
