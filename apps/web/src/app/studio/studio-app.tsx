import { Suspense, useMemo, useState } from 'react';
import { Navigate, useRoutes } from 'react-router';
import { useSelector } from 'react-redux';
import type { RouteObject } from 'react-router';
import Typography from '@mui/material/Typography';
import { AppLayout } from '../../components/layouts/app-layout';
import type { NavItem } from '../../components/layouts/app-layout';
import { PageSkeleton } from '../../components/page-states';
import { paths } from '../../config/paths';
import { useMeQuery } from '../../features/auth/api';
import { selectAuth } from '../../features/auth/slice';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { displayName } from '../../lib/session';
import { useSessionActions } from '../../lib/session-actions';
import { founderAppLink } from '../founder-app-link';
import { SupportDialog } from '../support-dialog';
import { mayOpen, studioAccess } from './access';
import { studioPages } from './routes';
import { StudioNeedsTwoFactor, StudioNotFound } from './studio-gates';

/** The program team's surface at /studio/*: its own layout and route table (./routes.tsx), loaded lazily. */
export function StudioApp() {
  const { user: storedUser } = useSelector(selectAuth);
  // Roles and two-factor are read fresh: an admin may have granted or removed a role since sign-in.
  const { data: freshUser, isLoading } = useMeQuery();
  const user = freshUser ?? storedUser;
  const { logout } = useSessionActions();
  const [supportOpen, setSupportOpen] = useState(false);
  const access = studioAccess(user);
  const pages = useMemo(() => studioPages.filter((p) => mayOpen(user?.roles, p.roles)), [user?.roles]);

  const navItems = useMemo<NavItem[]>(
    () =>
      pages.flatMap((p) =>
        p.nav
          ? [
              {
                label: p.nav.label,
                to: `${paths.studio}/${p.path}`,
                icon: p.nav.icon,
                matches: (pathname: string) => pathname.startsWith(`${paths.studio}/${p.path}`),
              },
            ]
          : [],
      ),
    [pages],
  );

  const routes = useMemo<RouteObject[]>(
    () => [
      {
        index: true,
        element: navItems[0] ? (
          <Navigate to={navItems[0].to} replace />
        ) : (
          <Typography sx={{ mt: 2 }}>There is nothing in the studio for your role yet.</Typography>
        ),
      },
      ...pages.map((p) => ({
        path: p.path,
        element: (
          <Suspense fallback={<PageSkeleton label="Loading the page" />}>
            <p.Page />
          </Suspense>
        ),
      })),
      { path: '*', element: <StudioNotFound /> },
    ],
    [pages, navItems],
  );
  const outlet = useRoutes(routes);

  if (isLoading && !storedUser) return <PageSkeleton label="Loading the studio" />;
  if (access === 'not-found') return <StudioNotFound />;
  if (access === 'needs-two-factor') return <StudioNeedsTwoFactor />;
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
        appBarActions={<NotificationBell allHref={paths.studioNotifications} />}
        menuLinks={[founderAppLink(user)]}
      >
        {outlet}
      </AppLayout>
      <SupportDialog open={supportOpen} onClose={() => setSupportOpen(false)} />
    </>
  );
}
