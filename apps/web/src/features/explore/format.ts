const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });
const numberFormat = new Intl.NumberFormat('en');

/** "Oct 6, 2026"; an unreadable date gives ''. Dates are calendar days, so UTC keeps them stable. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** "6 min read"; posts shorter than a minute still read as one minute. */
export function readingTime(minutes: number): string {
  return `${Math.max(1, Math.round(minutes))} min read`;
}

export function formatCount(value: number): string {
  return numberFormat.format(value);
}

/** "4.3 out of 5 from 118 ratings", or "No ratings yet". */
export function ratingText(average: number, ratings: number): string {
  if (ratings <= 0) return 'No ratings yet';
  const value = Math.round(average * 10) / 10;
  return `${value} out of 5 from ${formatCount(ratings)} ${ratings === 1 ? 'rating' : 'ratings'}`;
}
