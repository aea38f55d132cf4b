/** The browser's IANA time zone. */
export function userTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Zones people pick often, listed even where the browser only knows an older alias (Asia/Calcutta). */
const COMMON_ZONES = [
  'America/Los_Angeles',
  'America/New_York',
  'America/Sao_Paulo',
  'Europe/London',
  'Europe/Berlin',
  'Africa/Lagos',
  'Asia/Dubai',
  'Asia/Kolkata',
  'Asia/Singapore',
  'Asia/Tokyo',
  'Australia/Sydney',
];

/** Every IANA zone the browser knows, with common ones, the user's own and UTC always present, sorted. */
export function timeZones(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  } catch {
    zones = [];
  }
  return Array.from(new Set([...zones, ...COMMON_ZONES, current, 'UTC'])).sort();
}

/** Today's calendar date (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Calendar arithmetic on YYYY-MM-DD strings. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const value = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) + days * 86_400_000);
  return value.toISOString().slice(0, 10);
}

/** The next Monday–Friday date on or after `date`. */
export function nextWeekday(date: string): string {
  let current = date;
  for (let i = 0; i < 7; i++) {
    const day = new Date(`${current}T12:00:00Z`).getUTCDay();
    if (day !== 0 && day !== 6) return current;
    current = addDays(current, 1);
  }
  return current;
}

export function formatTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, { timeZone, hour: 'numeric', minute: '2-digit' }).format(
    new Date(iso),
  );
}

export function formatDateTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** A calendar date as words ("Tuesday, 1 December 2026"). */
export function formatDate(date: string): string {
  return new Intl.DateTimeFormat(undefined, {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(`${date}T12:00:00Z`));
}

/** A zone's UTC offset now, as "+05:30" ("+00:00" for UTC). */
export function utcOffset(timeZone: string, now: Date = new Date()): string {
  try {
    const name =
      new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
        .formatToParts(now)
        .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
    const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
    return match ? `${match[1]}${match[2]}:${match[3] ?? '00'}` : '+00:00';
  } catch {
    return '+00:00';
  }
}

export interface ZoneOption {
  zone: string;
  offset: string;
  /** "UTC+01:00 Europe/Berlin": what the picker shows and searches. */
  label: string;
}

const offsetMinutes = (offset: string) =>
  (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));

/**
 * Every zone with its offset, west to east, the founder's own first: most people book in their own zone, and
 * an offset-ordered list lets the rest find a neighbour of theirs.
 */
export function zoneOptions(own: string, extra: string[] = [], now: Date = new Date()): ZoneOption[] {
  const options = timeZones(own)
    .concat(extra)
    .filter((zone, index, all) => all.indexOf(zone) === index)
    .map((zone) => {
      const offset = utcOffset(zone, now);
      return { zone, offset, label: `UTC${offset} ${zone}` };
    })
    .sort((a, b) => offsetMinutes(a.offset) - offsetMinutes(b.offset) || a.zone.localeCompare(b.zone));
  const mine = options.find((option) => option.zone === own);
  return mine ? [mine, ...options.filter((option) => option !== mine)] : options;
}

/** "2026-03" of "2026-03-09". */
export const monthOf = (date: string) => date.slice(0, 7);

/** The month `count` months after a YYYY-MM month. */
export function addMonths(month: string, count: number): string {
  const [y, m] = month.split('-').map(Number);
  const value = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1 + count, 1));
  return value.toISOString().slice(0, 7);
}

/** The dates of a month laid out Monday-first, with nulls before the 1st so weekdays line up. */
export function monthGrid(month: string): (string | null)[] {
  const first = `${month}-01`;
  const lead = (new Date(`${first}T12:00:00Z`).getUTCDay() + 6) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let date = first; monthOf(date) === month; date = addDays(date, 1)) cells.push(date);
  return cells;
}

/** "March 2026". */
export function formatMonth(month: string): string {
  return new Intl.DateTimeFormat(undefined, { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
    new Date(`${month}-15T12:00:00Z`),
  );
}

/** "Mon 2 Mar, 09:00": short enough for a card, with the weekday people plan by. */
export function formatSlot(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}
