import { useMemo, useState } from 'react';
import { useSelector } from 'react-redux';
import {
  Building2,
  Compass,
  FolderCheck,
  Inbox,
  LayoutDashboard,
  LayoutGrid,
  Mail,
  Map,
  Sparkles,
  Users,
} from 'lucide-react';
import { AppLayout } from '../components/layouts/app-layout';
import type { NavItem } from '../components/layouts/app-layout';
import { paths } from '../config/paths';
import { selectAuth } from '../features/auth/slice';
import { isWorkspaceAiEnabled, useFeatureFlagsQuery } from '../features/flags/api';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { displayName } from '../lib/session';
import { useSessionActions } from '../lib/session-actions';
import { FeatureSlotsProvider } from '../components/feature-slots';
import { appFeatureSlots } from './feature-slots';
import { SupportDialog } from './support-dialog';
import { isProgramTeam } from './studio/access';

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
        icon: <LayoutDashboard aria-hidden="true" />,
        matches: startsWith(paths.overview),
      },
      {
        label: 'Programs',
        to: paths.programs,
        icon: <Map aria-hidden="true" />,
        matches: startsWith(paths.programs, '/mission-details', '/milestone-outcome', '/mission-deliverable'),
      },
      {
        label: 'Explore',
        to: '/explore',
        icon: <Compass aria-hidden="true" />,
        matches: startsWith('/explore'),
      },
      {
        label: 'Experts',
        to: paths.experts,
        icon: <Users aria-hidden="true" />,
        matches: startsWith(paths.experts),
      },
    ];
    if (aiEnabled) {
      items.push({
        label: 'AI coach',
        to: paths.aiWorkspace,
        icon: <Sparkles aria-hidden="true" />,
        matches: startsWith(paths.aiWorkspace),
      });
    }
    items.push({
      label: 'Outcomes',
      to: paths.outcomesRepository,
      icon: <FolderCheck aria-hidden="true" />,
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
            ? [{ label: 'My startup', to: paths.startup, icon: <Building2 /> }]
            : []),
          { label: 'My messages', to: paths.myMessages, icon: <Mail /> },
          ...(isProgramTeam(user?.roles)
            ? [{ label: 'Studio', to: paths.studio, icon: <LayoutGrid /> }]
            : []),
          ...(user?.roles?.includes('expert')
            ? [{ label: 'Expert portal', to: paths.expert, icon: <Inbox /> }]
            : []),
        ]}
      />
      <SupportDialog open={supportOpen} onClose={() => setSupportOpen(false)} />
    </FeatureSlotsProvider>
  );
}
