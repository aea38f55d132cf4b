/** Calendar days from `from` to `to` in the founder's own time zone (not 24-hour spans). */
export function daysBetween(from: Date, to: Date): number {
  const midnight = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  return Math.round((midnight(to) - midnight(from)) / 86_400_000);
}

/**
 * When a conversation was last active, as a founder scanning a list reads it: "today at 2:05 PM",
 * "yesterday at 9:30 AM", a weekday within the week, else the date (with the year only when it is not this one).
 */
export function lastActive(iso: string, now: Date = new Date(), locale?: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(at);
  const days = daysBetween(at, now);
  if (days <= 0) return `today at ${time}`;
  if (days === 1) return `yesterday at ${time}`;
  if (days < 7) return `on ${new Intl.DateTimeFormat(locale, { weekday: 'long' }).format(at)}`;
  const sameYear = at.getFullYear() === now.getFullYear();
  return `on ${new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(at)}`;
}
