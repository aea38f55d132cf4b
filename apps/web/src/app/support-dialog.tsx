import { lazyDialog } from '../components/lazy-dialog';

/**
 * The support modal lives in the support feature; the app shells open it from the app bar. Its form is
 * fetched when it first opens: every signed-in page has the button, few founders press it.
 */
export const SupportDialog = lazyDialog(
  async () => (await import('../features/support/components/support-dialog')).SupportDialog,
);
