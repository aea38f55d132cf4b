import ICAL from 'ical.js';
import { DateTime, IANAZone } from 'luxon';
import type { BusyBlock } from '../tables.js';

/** Enough for a daily event over a long booking window; a rule that yields more is cut off, not looped on. */
const MAX_OCCURRENCES = 5000;

export interface BusyWindow {
  from: number;
  to: number;
  /** The expert's zone: all-day events and floating times (no zone) are read on the expert's wall clock. */
  zone: string;
  /** Events to leave out: Liftoff's own meetings written into the expert's calendar (they are busy already). */
  ignoreUid?: (uid: string) => boolean;
}

/**
 * A wall-clock time of the feed as a UTC instant. `tzid` is the TZID of the property the time comes from: an
 * IANA zone is turned by luxon (the slot engine's zone rules, whatever VTIMEZONE the feed carries); another
 * TZID (Outlook's "W. Europe Standard Time") by the feed's own VTIMEZONE, which ical.js found; a floating time
 * or a date is read on the expert's wall clock.
 */
function instantOf(time: ICAL.Time, tzid: string | undefined, zone: string): number {
  const wall = {
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.isDate ? 0 : time.hour,
    minute: time.isDate ? 0 : time.minute,
    second: time.isDate ? 0 : time.second,
  };
  if (time.isDate) return DateTime.fromObject(wall, { zone }).toMillis();
  if (time.zone === ICAL.Timezone.utcTimezone) return DateTime.fromObject(wall, { zone: 'UTC' }).toMillis();
  if (tzid && IANAZone.isValidZone(tzid)) return DateTime.fromObject(wall, { zone: tzid }).toMillis();
  if (time.zone && time.zone !== ICAL.Timezone.localTimezone) return time.toUnixTime() * 1000;
  return DateTime.fromObject(wall, { zone }).toMillis();
}

const tzidOf = (event: ICAL.Event, name: 'dtstart' | 'dtend') => {
  const value = event.component.getFirstProperty(name)?.getParameter('tzid');
  return typeof value === 'string' ? value : undefined;
};

/** Cancelled and free (TRANSP:TRANSPARENT) events hold no time. */
const holdsTime = (event: ICAL.Event) =>
  event.component.getFirstPropertyValue('status')?.toString().toUpperCase() !== 'CANCELLED' &&
  event.component.getFirstPropertyValue('transp')?.toString().toUpperCase() !== 'TRANSPARENT';

function blockOf(event: ICAL.Event, start: ICAL.Time, end: ICAL.Time | null, zone: string): BusyBlock | null {
  if (!holdsTime(event)) return null;
  const startZone = tzidOf(event, 'dtstart');
  const from = instantOf(start, startZone, zone);
  // Without DTEND (a DURATION, or nothing) the end is in the start's zone.
  let to = end
    ? instantOf(end, event.component.hasProperty('dtend') ? tzidOf(event, 'dtend') : startZone, zone)
    : from;
  // An all-day event without an end lasts its day (RFC 5545 3.6.1).
  if (to <= from && start.isDate) to = DateTime.fromMillis(from, { zone }).plus({ days: 1 }).toMillis();
  return to > from ? { start: from, end: to } : null;
}

export function mergeBlocks(blocks: BusyBlock[]): BusyBlock[] {
  const sorted = [...blocks].sort((a, b) => a.start - b.start);
  const out: BusyBlock[] = [];
  for (const block of sorted) {
    const last = out[out.length - 1];
    if (last && block.start <= last.end) last.end = Math.max(last.end, block.end);
    else out.push({ ...block });
  }
  return out;
}

/**
 * The busy blocks of an iCalendar text within [from, to): every VEVENT, recurring ones expanded by ical.js
 * (RRULE, RDATE, EXDATE, and moved or cancelled instances given as RECURRENCE-ID overrides), each occurrence's
 * wall-clock time turned into an instant in its own zone, so a weekly 09:00 stays 09:00 across a
 * daylight-saving change. Throws when the text is not iCalendar.
 */
export function busyFromIcs(text: string, window: BusyWindow): BusyBlock[] {
  const parsed = ICAL.parse(text) as unknown[];
  // One VCALENDAR parses to its jCal array; several to an array of them.
  const calendars = (typeof parsed[0] === 'string' ? [parsed] : (parsed as unknown[][]))
    .map((jcal) => new ICAL.Component(jcal))
    .filter((component) => component.name === 'vcalendar');
  if (!calendars.length) throw new Error('not an iCalendar object');
  const blocks: BusyBlock[] = [];
  const keep = (block: BusyBlock | null) => {
    if (block && block.end > window.from && block.start < window.to) blocks.push(block);
  };
  for (const calendar of calendars) {
    const byUid = new Map<string, { master?: ICAL.Component; overrides: ICAL.Component[] }>();
    for (const vevent of calendar.getAllSubcomponents('vevent')) {
      const uid = vevent.getFirstPropertyValue('uid')?.toString() ?? '';
      if (window.ignoreUid?.(uid)) continue;
      const entry = byUid.get(uid) ?? { overrides: [] };
      if (vevent.hasProperty('recurrence-id')) entry.overrides.push(vevent);
      else entry.master = vevent;
      byUid.set(uid, entry);
    }
    for (const { master, overrides } of byUid.values()) {
      if (!master) {
        // Instances without their series (a server may answer only the ones in range): each stands alone.
        for (const vevent of overrides) {
          const event = new ICAL.Event(vevent);
          keep(blockOf(event, event.startDate, event.endDate, window.zone));
        }
        continue;
      }
      const event = new ICAL.Event(master);
      for (const vevent of overrides) event.relateException(vevent);
      if (!event.isRecurring()) {
        keep(blockOf(event, event.startDate, event.endDate, window.zone));
        continue;
      }
      const occurrences = event.iterator();
      for (
        let i = 0, next = occurrences.next();
        next && i < MAX_OCCURRENCES;
        i++, next = occurrences.next()
      ) {
        const details = event.getOccurrenceDetails(next);
        const start = instantOf(details.startDate, tzidOf(event, 'dtstart'), window.zone);
        if (start >= window.to && details.item === event) break;
        keep(blockOf(details.item, details.startDate, details.endDate, window.zone));
      }
    }
  }
  return mergeBlocks(blocks);
}
