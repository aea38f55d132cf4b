import { Suspense, lazy, useEffect, useSyncExternalStore } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { useSelector } from 'react-redux';
import { useMeQuery } from '../features/auth/api';
import { selectAuth } from '../features/auth/slice';
import { useFeatureFlagsQuery } from '../features/flags/api';
import { OfflineBanner } from '../components/offline-banner';
import { StartupScreen } from './startup-screen';
import { ToastHost } from '../components/toast/toast-host';
import { onToastWanted, toastWanted } from '../components/ui/toast-demand';
import { useFirstArrivalDeferred } from '../lib/first-arrival';
import { registerNavigator } from '../lib/navigation';

const KitToastRegion = lazy(async () => ({ default: (await import('../components/ui/toast')).ToastRegion }));

/**
 * The kit's toasts (showToast in components/ui/toast.tsx), drawn by its one ToastRegion. Its code (Base UI's toast
 * and what that brings, about 15 KB gzip) is fetched when the first toast is asked for, not with every page; the
 * toasts asked for meanwhile are shown once it is here.
 */
function LaterToastRegion() {
  const wanted = useSyncExternalStore(onToastWanted, toastWanted, toastWanted);
  return wanted ? (
    <Suspense fallback={null}>
      <KitToastRegion />
    </Suspense>
  ) : null;
}

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

  // The store's messages (lib/toast.ts) come through ToastHost; the kit's showToast through its region.
  return (
    <>
      <OfflineBanner />
      {waiting ? <StartupScreen /> : <Outlet />}
      <ToastHost />
      <LaterToastRegion />
    </>
  );
}
