import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';
import type { Role } from '@liftoff/contracts/auth';
import FlagIcon from '@mui/icons-material/FlagOutlined';
import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import InboxIcon from '@mui/icons-material/InboxOutlined';
import PeopleIcon from '@mui/icons-material/PeopleOutlined';

/** One page of the studio: its path under /studio, its place in the navigation, and who may open it. */
export type StudioPage = {
  /** Relative to /studio; may carry parameters (`cohorts/:cohortId`). */
  path: string;
  /** In the navigation when set (pages reached from another page, like a detail, leave it out). */
  nav?: { label: string; icon: ReactNode };
  /** The roles that may open it; the API routes it calls must say the same in their config. */
  roles: Role[];
  Page: LazyExoticComponent<ComponentType>;
};

const page = <M,>(load: () => Promise<M>, name: keyof M) =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));

/**
 * The studio's route table: every page of the program team's surface, in navigation order. Each page loads
 * on first visit; none of this reaches the founders' first load (the whole studio is one lazy route).
 */
export const studioPages: StudioPage[] = [
  {
    path: 'people',
    nav: { label: 'People', icon: <PeopleIcon /> },
    roles: ['admin'],
    Page: page(() => import('../../features/auth/studio/people-page'), 'PeoplePage'),
  },
  {
    path: 'audit',
    nav: { label: 'Audit log', icon: <HistoryIcon /> },
    roles: ['admin'],
    Page: page(() => import('../../features/audit/studio/audit-log-page'), 'AuditLogPage'),
  },
  {
    path: 'flags',
    nav: { label: 'Feature flags', icon: <FlagIcon /> },
    roles: ['admin'],
    Page: page(() => import('../../features/flags/studio/flags-page'), 'FlagsPage'),
  },
  {
    path: 'support',
    nav: { label: 'Support inbox', icon: <InboxIcon /> },
    roles: ['manager', 'admin'],
    Page: page(() => import('../../features/support/studio/inbox-page'), 'SupportInboxPage'),
  },
];
