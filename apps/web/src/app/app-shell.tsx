import { useMemo, useState } from 'react';
import { useSelector } from 'react-redux';
import MailIcon from '@mui/icons-material/MailOutlined';
import WorkspacesIcon from '@mui/icons-material/WorkspacesOutlined';
import InboxIcon from '@mui/icons-material/InboxOutlined';
import { AppLayout } from '../components/layouts/app-layout';
import type { NavItem } from '../components/layouts/app-layout';
import { paths } from '../config/paths';
import { selectAuth } from '../features/auth/slice';
import { isWorkspaceAiEnabled, useFeatureFlagsQuery } from '../features/flags/api';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { displayName } from '../lib/session';
import { useSessionActions } from '../lib/session-actions';
import { FeatureSlotsProvider } from '../components/feature-slots';
import { PlainIcon } from '../components/plain-icon';
import { appFeatureSlots } from './feature-slots';
import { SupportDialog } from './support-dialog';
import { isProgramTeam } from './studio/access';

/**
 * The places' icons as bare paths (MUI's SpaceDashboard, Map, Explore, Groups, AutoAwesome and Inventory2, all
 * Outlined): the navigation is in every signed-in page's first commit (components/plain-icon.tsx).
 */
const placeIcons = {
  overview:
    'M19 3H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2M5 19V5h6v14zm14 0h-6v-7h6zm0-9h-6V5h6z',
  programs:
    'm20.5 3-.16.03L15 5.1 9 3 3.36 4.9c-.21.07-.36.25-.36.48V20.5c0 .28.22.5.5.5l.16-.03L9 18.9l6 2.1 5.64-1.9c.21-.07.36-.25.36-.48V3.5c0-.28-.22-.5-.5-.5M10 5.47l4 1.4v11.66l-4-1.4zm-5 .99 3-1.01v11.7l-3 1.16zm14 11.08-3 1.01V6.86l3-1.16z',
  explore:
    'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8m-5.5-2.5 7.51-3.49L17.5 6.5 9.99 9.99zm5.5-6.6c.61 0 1.1.49 1.1 1.1s-.49 1.1-1.1 1.1-1.1-.49-1.1-1.1.49-1.1 1.1-1.1',
  experts:
    'M4 13c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m1.13 1.1c-.37-.06-.74-.1-1.13-.1-.99 0-1.93.21-2.78.58C.48 14.9 0 15.62 0 16.43V18h4.5v-1.61c0-.83.23-1.61.63-2.29M20 13c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m4 3.43c0-.81-.48-1.53-1.22-1.85-.85-.37-1.79-.58-2.78-.58-.39 0-.76.04-1.13.1.4.68.63 1.46.63 2.29V18H24zm-7.76-2.78c-1.17-.52-2.61-.9-4.24-.9s-3.07.39-4.24.9C6.68 14.13 6 15.21 6 16.39V18h12v-1.61c0-1.18-.68-2.26-1.76-2.74M8.07 16c.09-.23.13-.39.91-.69.97-.38 1.99-.56 3.02-.56s2.05.18 3.02.56c.77.3.81.46.91.69zM12 8c.55 0 1 .45 1 1s-.45 1-1 1-1-.45-1-1 .45-1 1-1m0-2c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3',
  coach:
    'm19 9 1.25-2.75L23 5l-2.75-1.25L19 1l-1.25 2.75L15 5l2.75 1.25zm0 6-1.25 2.75L15 19l2.75 1.25L19 23l1.25-2.75L23 19l-2.75-1.25zm-7.5-5.5L9 4 6.5 9.5 1 12l5.5 2.5L9 20l2.5-5.5L17 12zm-1.51 3.49L9 15.17l-.99-2.18L5.83 12l2.18-.99L9 8.83l.99 2.18 2.18.99z',
  outcomes:
    'M20 2H4c-1 0-2 .9-2 2v3.01c0 .72.43 1.34 1 1.69V20c0 1.1 1.1 2 2 2h14c.9 0 2-.9 2-2V8.7c.57-.35 1-.97 1-1.69V4c0-1.1-1-2-2-2m-1 18H5V9h14zm1-13H4V4h16zM9 12h6v2H9z',
};

const startsWith =
  (...prefixes: string[]) =>
  (pathname: string) =>
    prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

/** Composes the shared app layout with the session, the flags and the destinations. */
export function AppShell() {
  const { user, token } = useSelector(selectAuth);
  const { data: flags } = useFeatureFlagsQuery(undefined, { skip: !token });
  const { logout } = useSessionActions();
  const [supportOpen, setSupportOpen] = useState(false);
  const aiEnabled = isWorkspaceAiEnabled(flags);

  const navItems = useMemo<NavItem[]>(() => {
    const items: NavItem[] = [
      {
        label: 'Overview',
        to: paths.overview,
        icon: <PlainIcon d={placeIcons.overview} />,
        matches: startsWith(paths.overview),
      },
      {
        label: 'Programs',
        to: paths.programs,
        icon: <PlainIcon d={placeIcons.programs} />,
        matches: startsWith(paths.programs, '/mission-details', '/milestone-outcome', '/mission-deliverable'),
      },
      {
        label: 'Explore',
        to: '/explore',
        icon: <PlainIcon d={placeIcons.explore} />,
        matches: startsWith('/explore'),
      },
      {
        label: 'Experts',
        to: paths.experts,
        icon: <PlainIcon d={placeIcons.experts} />,
        matches: startsWith(paths.experts),
      },
    ];
    if (aiEnabled) {
      items.push({
        label: 'AI coach',
        to: paths.aiWorkspace,
        icon: <PlainIcon d={placeIcons.coach} />,
        matches: startsWith(paths.aiWorkspace),
      });
    }
    items.push({
      label: 'Outcomes',
      to: paths.outcomesRepository,
      icon: <PlainIcon d={placeIcons.outcomes} />,
      matches: startsWith(paths.outcomesRepository),
    });
    return items;
  }, [aiEnabled]);

  return (
    <FeatureSlotsProvider slots={appFeatureSlots}>
      <AppLayout
        navItems={navItems}
        userName={displayName(user)}
        userEmail={user?.email ?? ''}
        userImageUrl={user?.profileImageUrl}
        profilePath={paths.profile}
        onSignOut={() => void logout()}
        onOpenSupport={() => setSupportOpen(true)}
        appBarActions={<NotificationBell />}
        menuLinks={[
          { label: 'My messages', to: paths.myMessages, icon: <MailIcon fontSize="small" /> },
          ...(isProgramTeam(user?.roles)
            ? [{ label: 'Studio', to: paths.studio, icon: <WorkspacesIcon fontSize="small" /> }]
            : []),
          ...(user?.roles?.includes('expert')
            ? [{ label: 'Expert portal', to: paths.expert, icon: <InboxIcon fontSize="small" /> }]
            : []),
        ]}
      />
      <SupportDialog open={supportOpen} onClose={() => setSupportOpen(false)} />
    </FeatureSlotsProvider>
  );
}
