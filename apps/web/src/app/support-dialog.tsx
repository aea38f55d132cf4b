/** The support modal lives in the support feature; the app shell opens it from the app bar. */
export { SupportDialog } from '../features/support/components/support-dialog';
