import { paths } from '../config/paths';

/** What the guard needs to know about the route being opened. */
export type RouteKind =
  | 'signIn'
  | 'signUp'
  | 'forgotPassword'
  | 'resetPassword'
  | 'preview'
  | 'verifyEmail'
  | 'twoFactor'
  | 'onboarding'
  | 'protected'
  | 'aiWorkspace';

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
  tutorialCompleted: boolean;
  workspaceAiEnabled: boolean;
  /** resetPassword only: the URL carries ?token=. */
  hasResetToken: boolean;
};

export type GuardDecision =
  { type: 'allow' } | { type: 'redirect'; to: string } | { type: 'reset'; to: string };

const allow: GuardDecision = { type: 'allow' };
const redirect = (to: string): GuardDecision => ({ type: 'redirect', to });

/** Spec section 4: token and user, verified, two-factor off or passed, profile complete. */
export function isAuthenticated(input: GuardInput): boolean {
  return (
    input.hasToken &&
    !(input.accessExpired && input.refreshExpired) &&
    input.verified &&
    (!input.twoFactorEnabled || input.twoFactorAuthenticated) &&
    input.profileCompleted
  );
}

const landing = (input: GuardInput) => (input.tutorialCompleted ? paths.overview : paths.tutorial);

/** The route guard as a pure decision (spec sections 2 and 4, in the specification's order). */
export function decideRoute(input: GuardInput): GuardDecision {
  switch (input.route) {
    case 'preview':
      return allow;
    case 'signIn':
    case 'signUp':
    case 'forgotPassword':
      return isAuthenticated(input) ? redirect(paths.overview) : allow;
    case 'resetPassword':
      if (isAuthenticated(input)) return redirect(paths.overview);
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
  if (!input.profileCompleted) return input.route === 'onboarding' ? allow : redirect(paths.onboarding);
  if (input.route === 'verifyEmail' || input.route === 'twoFactor' || input.route === 'onboarding') {
    return redirect(landing(input));
  }
  if (input.route === 'aiWorkspace' && !input.workspaceAiEnabled) return redirect(paths.overview);
  return allow;
}
