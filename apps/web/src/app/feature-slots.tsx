import { Suspense, lazy } from 'react';
import type { FeatureSlots } from '../components/feature-slots';
import { AskFromStep } from '../features/experts/components/ask-from-step';
import { ExpertActions } from '../features/experts/components/expert-actions';
import { UpcomingMeetings } from '../features/experts/components/upcoming-meetings';
import { ScreenLoadFailed } from '../components/screen-load-failed';
import { PopularQuestions } from '../features/support/components/popular-questions';

// Loaded on first use, so the Markdown renderer stays out of the first load of screens that never show it.
const Markdown = lazy(async () => ({
  default: (await import('../features/programs/components/markdown')).Markdown,
}));

// Shown on the profile page only: its form and the notification schemas stay out of every other page's load.
const loadEmailPreferences = async () =>
  (await import('../features/notifications/components/email-preferences-card')).EmailPreferencesCard;
const EmailPreferencesCard = lazy(() =>
  loadEmailPreferences().then(
    (component) => ({ default: component }),
    () => ({ default: () => <ScreenLoadFailed load={loadEmailPreferences} /> }),
  ),
);

// Shown on the profile page only, like the e-mail preferences.
const loadStartupSummary = async () =>
  (await import('../features/startups/components/startup-summary')).StartupSummary;
const StartupSummary = lazy(() =>
  loadStartupSummary().then(
    (component) => ({ default: component }),
    () => ({ default: () => <ScreenLoadFailed load={loadStartupSummary} /> }),
  ),
);

/** What src/app puts in the pages' feature slots. */
export const appFeatureSlots: FeatureSlots = {
  expertActions: (props) => <ExpertActions {...props} />,
  askFromStep: (props) => <AskFromStep {...props} />,
  popularQuestions: () => <PopularQuestions />,
  upcomingMeetings: () => <UpcomingMeetings />,
  startupSummary: () => (
    <Suspense fallback={null}>
      <StartupSummary />
    </Suspense>
  ),
  notificationPreferences: () => (
    <Suspense fallback={null}>
      <EmailPreferencesCard />
    </Suspense>
  ),
  markdown: ({ source }) => (
    <Suspense fallback={<span style={{ whiteSpace: 'pre-wrap' }}>{source}</span>}>
      <Markdown source={source} />
    </Suspense>
  ),
};
