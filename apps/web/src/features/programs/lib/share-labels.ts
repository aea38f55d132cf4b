import type { ShareLink } from '@liftoff/contracts/programs';
import { formatDate } from './format';

/** "Expires 20 Dec 2026" or "Never expires", as the founder's lists say it. */
export const expiryLabel = (expiresAt: string | null) =>
  expiresAt ? `Expires ${formatDate(expiresAt)}` : 'Never expires';

/** How often the public page was opened: the founder's sign that the link was used. */
export const openedLabel = (link: Pick<ShareLink, 'opens'>) =>
  link.opens === 0 ? 'Not opened yet' : `Opened ${link.opens} ${link.opens === 1 ? 'time' : 'times'}`;
