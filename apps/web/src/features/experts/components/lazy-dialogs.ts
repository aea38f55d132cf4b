import { lazyDialog } from '../../../components/lazy-dialog';

/*
 * The expert dialogs as the overview and a mission's page offer them: fetched when first opened, so the
 * pickers, calendars and forms inside stay out of those pages' first load. The experts page, where they are
 * the point, imports them directly.
 */
export const AskQuestionDialog = lazyDialog(
  async () => (await import('./ask-question-dialog')).AskQuestionDialog,
);
export const BookMeetingDialog = lazyDialog(
  async () => (await import('./book-meeting-dialog')).BookMeetingDialog,
);
export const ExpertProfileDialog = lazyDialog(
  async () => (await import('./expert-profile-dialog')).ExpertProfileDialog,
);
export const MyRequestsDialog = lazyDialog(
  async () => (await import('./my-requests-dialog')).MyRequestsDialog,
);
