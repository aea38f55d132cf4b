/*
 * The app's one formatter for dates, times and numbers (design.md), on Intl, in the person's locale and time zone.
 * Every screen shows "7 Dec 2026" the same way, in the order and words of the person's language, rather than the
 * four formats screens used to pick for themselves. Formatters are built once per set of options: building an
 * Intl formatter costs far more than using one.
 */

type Preferences = { locale: string | undefined; timeZone: string | undefined };

/** Undefined: the browser's language and zone, which are the person's own unless they chose others. */
let preferences: Preferences = { locale: undefined, timeZone: undefined };
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

/** Uses the person's chosen language or time zone (from their profile) instead of the browser's. */
export function setFormatPreferences(next: Partial<Preferences>): void {
  preferences = { ...preferences, ...next };
  cache.clear();
}

/** The time zone dates are shown in: the person's, else the browser's. */
export function currentTimeZone(): string {
  return preferences.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';
}

function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d:${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(preferences.locale, { timeZone: currentTimeZone(), ...options });
    cache.set(key, format);
  }
  return format;
}

function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n:${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(preferences.locale, options);
    cache.set(key, format);
  }
  return format;
}

export type DateInput = Date | string | number;

/** A calendar date with no time ("2026-12-10"): the same day everywhere, never moved by a time zone. */
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

function toDate(value: DateInput): Date {
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) return new Date(`${value}T12:00:00Z`);
  return value instanceof Date ? value : new Date(value);
}

const dateStyles = {
  /** 7 Dec 2026 (en-GB), Dec 7, 2026 (en-US) */
  medium: { day: 'numeric', month: 'short', year: 'numeric' },
  /** Monday 7 December 2026 */
  long: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  /** 7 Dec */
  short: { day: 'numeric', month: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/** A date in the person's language: "7 Dec 2026". A calendar date ("2026-12-10") is shown as that very day. */
export function formatDate(value: DateInput, style: keyof typeof dateStyles = 'medium'): string {
  const options = dateStyles[style];
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) {
    return dateFormat({ ...options, timeZone: 'UTC' }).format(toDate(value));
  }
  return dateFormat(options).format(toDate(value));
}

/**
 * A date and time in the person's zone: "7 Dec 2026, 14:30". With `timeZone` it is shown in that zone instead (a
 * cohort's meetings), and with `showZone` the zone is named, as wherever a time could be read in another zone.
 */
export function formatDateTime(
  value: DateInput,
  { timeZone, showZone = false }: { timeZone?: string; showZone?: boolean } = {},
): string {
  return dateFormat({
    ...dateStyles.medium,
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
    ...(showZone ? { timeZoneName: 'short' } : {}),
  }).format(toDate(value));
}

/** A time of day in the person's zone: "14:30" or "2:30 PM", as their language writes it. */
export function formatTime(
  value: DateInput,
  { timeZone, showZone = false }: { timeZone?: string; showZone?: boolean } = {},
): string {
  return dateFormat({
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
    ...(showZone ? { timeZoneName: 'short' } : {}),
  }).format(toDate(value));
}

/** A number with the person's grouping and decimal marks: 12,345.6 or 12.345,6; percentages and units via options. */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(options).format(value);
}
