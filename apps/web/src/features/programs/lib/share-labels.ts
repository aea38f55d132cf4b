import type { ShareLink } from '@liftoff/contracts/programs';
import { formatDate } from './format';

export const hasExpired = (expiresAt: string | null, now = Date.now()) =>
  expiresAt !== null && Date.parse(expiresAt) <= now;

/** "Expires 20 Dec 2026", "Expired 20 Dec 2026" or "Never expires", as the founder's lists say it. */
export const expiryLabel = (expiresAt: string | null) =>
  expiresAt ? `${hasExpired(expiresAt) ? 'Expired' : 'Expires'} ${formatDate(expiresAt)}` : 'Never expires';

/** How often the public page was opened: the founder's sign that the link was used. */
export function openedLabel(link: Pick<ShareLink, 'opens' | 'lastOpenedAt'>): string {
  if (link.opens === 0) return 'Not opened yet';
  const last = link.lastOpenedAt ? `, last ${formatDate(link.lastOpenedAt)}` : '';
  return `Opened ${link.opens} ${link.opens === 1 ? 'time' : 'times'}${last}`;
}
