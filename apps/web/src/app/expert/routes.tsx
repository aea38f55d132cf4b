import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';
import InboxIcon from '@mui/icons-material/InboxOutlined';
import ScheduleIcon from '@mui/icons-material/ScheduleOutlined';
import EventIcon from '@mui/icons-material/EventOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlined';

/** One page of the expert portal: its path under /expert and its place in the navigation. */
export type ExpertPage = {
  path: string;
  nav?: { label: string; icon: ReactNode };
  Page: LazyExoticComponent<ComponentType>;
};

const page = <M,>(load: () => Promise<M>, name: keyof M) =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));

/** The expert portal's route table; each page loads on first visit, none in the founders' first load. */
export const expertPages: ExpertPage[] = [
  {
    path: 'questions',
    nav: { label: 'Questions', icon: <InboxIcon /> },
    Page: page(() => import('../../features/experts/portal/inbox-page'), 'InboxPage'),
  },
  {
    path: 'questions/:questionId',
    Page: page(() => import('../../features/experts/portal/question-page'), 'QuestionPage'),
  },
  {
    path: 'availability',
    nav: { label: 'Availability', icon: <ScheduleIcon /> },
    Page: page(() => import('../../features/experts/portal/availability-page'), 'AvailabilityPage'),
  },
  {
    path: 'meetings',
    nav: { label: 'Meetings', icon: <EventIcon /> },
    Page: page(() => import('../../features/experts/portal/meetings-page'), 'MeetingsPage'),
  },
  {
    path: 'profile',
    nav: { label: 'Profile', icon: <PersonIcon /> },
    Page: page(() => import('../../features/experts/portal/profile-page'), 'ProfilePage'),
  },
];
