import type { Role } from '@liftoff/contracts/auth';
import { paths } from '../config/paths';
import { isProgramTeam } from './studio/access';

/** What the guard needs to know about the route being opened. */
export type RouteKind =
  | 'signIn'
  | 'signUp'
  | 'forgotPassword'
  | 'resetPassword'
  | 'preview'
  | 'confirmEmail'
  | 'verifyEmail'
  | 'twoFactor'
  | 'onboarding'
  | 'protected'
  | 'aiWorkspace'
  /** The expert portal and the studio: the surfaces of people who are not (only) founders. */
  | 'workplace'
  /** The account's own pages (password, two-factor, sessions; notifications), whoever holds it. */
  | 'account';

export type GuardInput = {
  route: RouteKind;
  hasToken: boolean;
  /** The access token's exp has passed (or it cannot be decoded). */
  accessExpired: boolean;
  /** The refresh token is missing or known to be expired. */
  refreshExpired: boolean;
  verified: boolean;
  twoFactorEnabled: boolean;
  /** `twoFactorAuthenticated` from the access token payload. */
  twoFactorAuthenticated: boolean;
  profileCompleted: boolean;
  /**
   * The surface of the person's other role (the studio for the program team, else the expert portal), or
   * null for a founder only. Until such a person takes up founder use (onboarding), it is their home.
   */
  workplace: string | null;
  tutorialCompleted: boolean;
  workspaceAiEnabled: boolean;
  /** resetPassword only: the URL carries ?token=. */
  hasResetToken: boolean;
};

/** The surface a person's roles give them besides the founder app: the studio first, then the portal. */
export function workplaceOf(roles: readonly Role[] | undefined): string | null {
  if (isProgramTeam(roles)) return paths.studio;
  return roles?.includes('expert') ? paths.expert : null;
}

export type GuardDecision =
  { type: 'allow' } | { type: 'redirect'; to: string } | { type: 'reset'; to: string };

const allow: GuardDecision = { type: 'allow' };
const redirect = (to: string): GuardDecision => ({ type: 'redirect', to });

/**
 * Spec section 4: token and user, verified, two-factor off or passed, profile complete. An expert or a
 * member of the program team is not asked the founders' onboarding questions (docs/decisions/040).
 */
export function isAuthenticated(input: GuardInput): boolean {
  return (
    input.hasToken &&
    !(input.accessExpired && input.refreshExpired) &&
    input.verified &&
    (!input.twoFactorEnabled || input.twoFactorAuthenticated) &&
    (input.profileCompleted || input.workplace !== null)
  );
}

/** A person with a workplace who never onboarded as a founder works there; everyone else is a founder. */
const workplaceHome = (input: GuardInput) => (input.profileCompleted ? null : input.workplace);
const home = (input: GuardInput) => workplaceHome(input) ?? paths.overview;
const landing = (input: GuardInput) => (input.tutorialCompleted ? paths.overview : paths.tutorial);

/** The route guard as a pure decision (spec sections 2 and 4, in the specification's order). */
export function decideRoute(input: GuardInput): GuardDecision {
  switch (input.route) {
    case 'preview':
    case 'confirmEmail':
      return allow;
    case 'signIn':
    case 'signUp':
    case 'forgotPassword':
      return isAuthenticated(input) ? redirect(home(input)) : allow;
    case 'resetPassword':
      if (isAuthenticated(input)) return redirect(home(input));
      return input.hasResetToken ? allow : redirect(paths.signIn);
    default:
      break;
  }

  if (!input.hasToken) return redirect(paths.signIn);
  if (input.accessExpired && input.refreshExpired) return { type: 'reset', to: paths.signIn };
  if (!input.verified) return input.route === 'verifyEmail' ? allow : redirect(paths.verifyEmail);
  if (input.twoFactorEnabled && !input.twoFactorAuthenticated) {
    return input.route === 'twoFactor' ? allow : redirect(paths.twoFactor);
  }
  if (!input.profileCompleted) {
    // Onboarding stays open to a person with a workplace: it is how they take up founder use.
    if (input.route === 'onboarding') return allow;
    if (input.workplace === null) return redirect(paths.onboarding);
    if (input.route === 'workplace' || input.route === 'account') return allow;
    // The founders' screens (and the steps already passed) lead to the workplace.
    return redirect(input.workplace);
  }
  if (input.route === 'verifyEmail' || input.route === 'twoFactor' || input.route === 'onboarding') {
    return redirect(landing(input));
  }
  if (input.route === 'aiWorkspace' && !input.workspaceAiEnabled) return redirect(paths.overview);
  return allow;
}
