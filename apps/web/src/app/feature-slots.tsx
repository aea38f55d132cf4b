import type { FeatureSlots } from '../components/feature-slots';
import { ExpertActions } from '../features/experts/components/expert-actions';
import { EmailPreferencesCard } from '../features/notifications/components/email-preferences-card';
import { PopularQuestions } from '../features/support/components/popular-questions';

/** What src/app puts in the pages' feature slots. */
export const appFeatureSlots: FeatureSlots = {
  expertActions: (props) => <ExpertActions {...props} />,
  popularQuestions: () => <PopularQuestions />,
  notificationPreferences: () => <EmailPreferencesCard />,
};
