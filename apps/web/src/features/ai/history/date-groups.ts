import { useEffect, useState } from 'react';
import { daysBetween } from './last-active';

export type DateGroup<T> = { label: string; items: T[] };

/**
 * Where a moment falls as a founder scans a list of conversations: "Today", "Yesterday", "Previous 7 days",
 * "Previous 30 days", then its month ("October 2026"). Days are calendar days in the founder's own time zone,
 * so a conversation from 11 pm is yesterday's at 1 am. A moment ahead of the clock (a skewed device) is today's.
 */
export function dateGroupOf(iso: string, now: Date = new Date(), locale?: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return 'Earlier';
  const days = daysBetween(at, now);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days <= 7) return 'Previous 7 days';
  if (days <= 30) return 'Previous 30 days';
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(at);
}

/**
 * `items` (newest first) in their date groups, in order. An item out of order joins the group it belongs to
 * rather than starting a second group of the same name.
 */
export function groupByDate<T>(
  items: T[],
  dateOf: (item: T) => string,
  now: Date = new Date(),
): DateGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const label = dateGroupOf(dateOf(item), now);
    const group = groups.get(label);
    if (group) group.push(item);
    else groups.set(label, [item]);
  }
  return Array.from(groups, ([label, grouped]) => ({ label, items: grouped }));
}

/**
 * Now, renewed at each local midnight: a list left open overnight moves yesterday's conversations on from
 * "Today" without waiting for something else to redraw it.
 */
export function useCalendarDay(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const current = new Date();
    const midnight = new Date(current.getFullYear(), current.getMonth(), current.getDate() + 1);
    // A second past midnight, so a timer that fires a little early still lands on the new day.
    const timer = window.setTimeout(() => setNow(new Date()), midnight.getTime() - current.getTime() + 1000);
    return () => window.clearTimeout(timer);
  }, [now]);
  return now;
}
