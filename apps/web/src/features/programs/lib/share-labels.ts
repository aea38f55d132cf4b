import type { ShareLink } from '@liftoff/contracts/programs';
import { formatDate } from './format';

export const hasExpired = (expiresAt: string | null, now = Date.now()) =>
  expiresAt !== null && Date.parse(expiresAt) <= now;

/** "Expires 20 Dec 2026", "Expired 20 Dec 2026" or "Never expires", as the founder's lists say it. */
export const expiryLabel = (expiresAt: string | null) =>
  expiresAt ? `${hasExpired(expiresAt) ? 'Expired' : 'Expires'} ${formatDate(expiresAt)}` : 'Never expires';

/** How often the public page was opened: the founder's sign that the link was used. */
export const openedLabel = (link: Pick<ShareLink, 'opens'>) =>
  link.opens === 0 ? 'Not opened yet' : `Opened ${link.opens} ${link.opens === 1 ? 'time' : 'times'}`;
