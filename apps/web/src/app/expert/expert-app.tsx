import { Suspense, useMemo, useState } from 'react';
import { Navigate, useRoutes } from 'react-router';
import { useSelector } from 'react-redux';
import type { RouteObject } from 'react-router';
import { AppLayout } from '../../components/layouts/app-layout';
import type { NavItem } from '../../components/layouts/app-layout';
import { PageSkeleton } from '../../components/page-states';
import { paths } from '../../config/paths';
import { useMeQuery } from '../../features/auth/api';
import { selectAuth } from '../../features/auth/slice';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { displayName } from '../../lib/session';
import { useSessionActions } from '../../lib/session-actions';
import { StudioNotFound } from '../studio/studio-gates';
import { founderAppLink } from '../founder-app-link';
import { SupportDialog } from '../support-dialog';
import { expertPages } from './routes';

/** The expert portal at /expert/*: its own layout and route table (./routes.tsx), loaded lazily. */
export function ExpertApp() {
  const { user: storedUser } = useSelector(selectAuth);
  // Roles are read fresh: the expert role is granted at sign-up, after the session was stored.
  const { data: freshUser, isLoading } = useMeQuery();
  const user = freshUser ?? storedUser;
  const { logout } = useSessionActions();
  const [supportOpen, setSupportOpen] = useState(false);
  const isExpert = Boolean(user?.roles?.includes('expert'));

  const navItems = useMemo<NavItem[]>(
    () =>
      expertPages.flatMap((p) =>
        p.nav
          ? [
              {
                label: p.nav.label,
                to: `${paths.expert}/${p.path}`,
                icon: p.nav.icon,
                matches: (pathname: string) => pathname.startsWith(`${paths.expert}/${p.path}`),
              },
            ]
          : [],
      ),
    [],
  );
  const routes = useMemo<RouteObject[]>(
    () => [
      { index: true, element: <Navigate to={navItems[0]!.to} replace /> },
      ...expertPages.map((p) => ({
        path: p.path,
        element: (
          <Suspense fallback={<PageSkeleton label="Loading the page" />}>
            <p.Page />
          </Suspense>
        ),
      })),
      { path: '*', element: <StudioNotFound /> },
    ],
    [navItems],
  );
  const outlet = useRoutes(routes);

  if (isLoading && !storedUser) return <PageSkeleton label="Loading the expert portal" />;
  if (!isExpert) return <StudioNotFound />;
  return (
    <>
      <AppLayout
        navItems={navItems}
        userName={displayName(user)}
        userEmail={user?.email ?? ''}
        userImageUrl={user?.profileImageUrl}
        profilePath={paths.profile}
        onSignOut={() => void logout()}
        onOpenSupport={() => setSupportOpen(true)}
        appBarActions={<NotificationBell />}
        menuLinks={[founderAppLink(user)]}
      >
        {outlet}
      </AppLayout>
      <SupportDialog open={supportOpen} onClose={() => setSupportOpen(false)} />
    </>
  );
}
