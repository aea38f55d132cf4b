import { useMemo, useState } from 'react';
import { useSelector } from 'react-redux';
import MailIcon from '@mui/icons-material/MailOutlined';
import WorkspacesIcon from '@mui/icons-material/WorkspacesOutlined';
import InboxIcon from '@mui/icons-material/InboxOutlined';
import { Building2 } from 'lucide-react';
import { AppLayout } from '../components/layouts/app-layout';
import type { NavItem } from '../components/layouts/app-layout';
import { paths } from '../config/paths';
import { selectAuth } from '../features/auth/slice';
import { isWorkspaceAiEnabled, useFeatureFlagsQuery } from '../features/flags/api';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { displayName } from '../lib/session';
import { useSessionActions } from '../lib/session-actions';
import { FeatureSlotsProvider } from '../components/feature-slots';
import { iconPaths } from '../components/icon-paths';
import { PlainIcon } from '../components/plain-icon';
import { appFeatureSlots } from './feature-slots';
import { SupportDialog } from './support-dialog';
import { isProgramTeam } from './studio/access';

/** The places' icons: the navigation is in every signed-in page's first commit (components/plain-icon.tsx). */
const placeIcons = {
  overview: iconPaths.dashboard,
  programs: iconPaths.map,
  explore: iconPaths.explore,
  experts: iconPaths.groups,
  coach: iconPaths.autoAwesome,
  outcomes: iconPaths.inventory,
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
          // A founder's company, next to their own profile and messages; experts and the team have none.
          ...(user?.profileCompleted
            ? [{ label: 'My startup', to: paths.startup, icon: <Building2 size={20} aria-hidden="true" /> }]
            : []),
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
