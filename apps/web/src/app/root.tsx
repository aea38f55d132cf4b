import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { useSelector } from 'react-redux';
import { useMeQuery } from '../features/auth/api';
import { selectAuth } from '../features/auth/slice';
import { useFeatureFlagsQuery } from '../features/flags/api';
import { OfflineBanner } from '../components/offline-banner';
import { StartupScreen } from './startup-screen';
import { ToastHost } from '../components/toast/toast-host';
import { ToastRegion } from '../components/ui/toast';
import { useFirstArrivalDeferred } from '../lib/first-arrival';
import { registerNavigator } from '../lib/navigation';

/**
 * The root route: registers navigation for non-React code, refetches the profile when a token has no
 * user (spec section 4), and holds the screens back while feature flags load.
 */
export function Root() {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigator((to, options) => void navigate(to, options));
  }, [navigate]);

  const { token, user, loading } = useSelector(selectAuth);
  const needsProfile = Boolean(token) && !user?.id && !loading;
  const me = useMeQuery(undefined, { skip: !needsProfile });
  // The flags' arrival lets the shell and the page render at once, the app's largest render: as a transition
  // it comes in slices while the startup screen stays (lib/first-arrival.ts).
  const flags = useFirstArrivalDeferred(useFeatureFlagsQuery(undefined, { skip: !token }));

  const waitingForProfile =
    Boolean(token) && !user?.id && (me.isLoading || me.isFetching || needsProfile) && !me.isError;
  const waiting = (Boolean(token) && flags.isLoading) || waitingForProfile;

  // The kit's toasts (showToast) are drawn by the one ToastRegion; the app's own messages still come through the
  // store's toast slice and ToastHost.
  return (
    <ToastRegion>
      <OfflineBanner />
      {waiting ? <StartupScreen /> : <Outlet />}
      <ToastHost />
    </ToastRegion>
  );
}
