import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { useSelector } from 'react-redux';
import { useFeatureFlagsQuery, isWorkspaceAiEnabled } from '../features/flags/api';
import { selectAuth } from '../features/auth/slice';
import type { AuthState } from '../features/auth/slice';
import { decodeToken, isTokenExpired } from '../lib/jwt';
import { hasCompletedTutorial } from '../lib/markers';
import { useSessionActions } from '../lib/session-actions';
import { decideRoute, workplaceOf } from './guard';
import type { GuardInput, RouteKind } from './guard';

function ResetAndRedirect({ to }: { to: string }) {
  const { resetAuth } = useSessionActions();
  useEffect(() => {
    resetAuth();
  }, [resetAuth]);
  return <Navigate to={to} replace />;
}

/** What the guard knows of `auth` for a `route` of kind `kind`, at `now`. */
export function guardInputOf(
  auth: AuthState,
  kind: RouteKind,
  { workspaceAiEnabled = false, hasResetToken = false, now = Date.now() } = {},
): GuardInput {
  const claims = decodeToken(auth.token);
  return {
    route: kind,
    hasToken: Boolean(auth.token),
    accessExpired: isTokenExpired(auth.token, now),
    // Refresh tokens are opaque and their expiry is not sent; a present one counts as live until the server says no.
    refreshExpired: !auth.refreshToken,
    verified: Boolean(auth.user?.verified),
    twoFactorEnabled: Boolean(auth.user?.twoFactorEnabled),
    twoFactorAuthenticated: claims?.twoFactorAuthenticated === true,
    profileCompleted: Boolean(auth.user?.profileCompleted),
    workplace: workplaceOf(auth.user?.roles),
    // The account's marker follows the founder to a new device; this device's own marker still counts.
    tutorialCompleted: Boolean(auth.user?.tutorialCompleted) || hasCompletedTutorial(),
    workspaceAiEnabled,
    hasResetToken,
  };
}

/** Applies the pure guard decision (./guard.ts) to the current store state and route. */
export function RouteGuard({ kind }: { kind: RouteKind }) {
  const auth = useSelector(selectAuth);
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const { data: flags } = useFeatureFlagsQuery(undefined, { skip: !auth.token });
  const input = guardInputOf(auth, kind, {
    workspaceAiEnabled: isWorkspaceAiEnabled(flags),
    hasResetToken: Boolean(searchParams.get('token')),
  });
  const decision = decideRoute(input);

  if (decision.type === 'reset') return <ResetAndRedirect to={decision.to} />;
  if (decision.type === 'redirect') {
    const from = decision.to.endsWith('/sign-in') ? { from: location.pathname + location.search } : undefined;
    return <Navigate to={decision.to} replace state={from} />;
  }
  return <Outlet />;
}
