import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';
import type { Role } from '@liftoff/contracts/auth';
import ArticleIcon from '@mui/icons-material/ArticleOutlined';
import AccountTreeIcon from '@mui/icons-material/AccountTreeOutlined';
import QuestionIcon from '@mui/icons-material/QuestionAnswerOutlined';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import FlagIcon from '@mui/icons-material/FlagOutlined';
import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import InboxIcon from '@mui/icons-material/InboxOutlined';
import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import RateReviewIcon from '@mui/icons-material/RateReviewOutlined';
import ExpertIcon from '@mui/icons-material/SchoolOutlined';

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
    path: 'experts/invite',
    nav: { label: 'Invite an expert', icon: <ExpertIcon /> },
    roles: ['manager', 'admin'],
    Page: page(() => import('../../features/experts/studio/invite-expert-page'), 'InviteExpertPage'),
  },
  {
    path: 'audit',
    nav: { label: 'Audit log', icon: <HistoryIcon /> },
    roles: ['admin'],
    Page: page(() => import('../../features/audit/studio/audit-log-page'), 'AuditLogPage'),
  },
  {
    path: 'cohorts',
    nav: { label: 'Cohorts', icon: <GroupsIcon /> },
    roles: ['manager', 'admin'],
    Page: page(() => import('../../features/cohorts/studio/cohorts-page'), 'CohortsPage'),
  },
  {
    path: 'cohorts/:cohortId',
    roles: ['manager', 'admin'],
    Page: page(() => import('../../features/cohorts/studio/cohort-dashboard-page'), 'CohortDashboardPage'),
  },
  {
    path: 'cohorts/:cohortId/founders/:founderId',
    roles: ['manager', 'admin'],
    Page: page(() => import('../../features/cohorts/studio/founder-timeline-page'), 'FounderTimelinePage'),
  },
  {
    path: 'programs',
    nav: { label: 'Programs', icon: <AccountTreeIcon /> },
    roles: ['manager', 'admin'],
    Page: page(() => import('../../features/programs/studio/programs-studio-page'), 'ProgramsStudioPage'),
  },
  {
    path: 'programs/:programKey',
    roles: ['manager', 'admin'],
    Page: page(() => import('../../features/programs/studio/program-editor-page'), 'ProgramEditorPage'),
  },
  {
    path: 'reviews',
    nav: { label: 'Reviews', icon: <RateReviewIcon /> },
    roles: ['manager', 'admin'],
    Page: page(() => import('../../features/programs/studio/review-queue-page'), 'ReviewQueuePage'),
  },
  {
    path: 'reviews/:deliverableId',
    roles: ['manager', 'admin'],
    Page: page(() => import('../../features/programs/studio/review-page'), 'ReviewPage'),
  },
  {
    path: 'notifications',
    roles: ['manager', 'admin'],
    Page: page(() => import('../../features/notifications/pages/notifications-page'), 'NotificationsPage'),
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
  {
    path: 'posts',
    nav: { label: 'Explore posts', icon: <ArticleIcon /> },
    roles: ['manager', 'admin'],
    Page: page(() => import('../../features/explore/studio/posts-page'), 'StudioPostsPage'),
  },
  {
    path: 'posts/:postId',
    roles: ['manager', 'admin'],
    Page: page(() => import('../../features/explore/studio/post-editor-page'), 'PostEditorPage'),
  },
  {
    path: 'popular-questions',
    nav: { label: 'Popular questions', icon: <QuestionIcon /> },
    roles: ['manager', 'admin'],
    Page: page(() => import('../../features/support/studio/popular-questions-page'), 'PopularQuestionsPage'),
  },
];
