import { DateTime, IANAZone } from 'luxon';
import type { z } from 'zod';

import {
  availabilitySettings,
  serviceSettings,
  weekdays,
  type AvailabilitySettings,
} from '@liftoff/contracts/experts-availability';

/**
 * An expert's availability (content/experts/<key>.yaml `availability`, docs/decisions/005). Weekly ranges
 * and overrides are wall-clock times in the expert's IANA zone; everything is turned into UTC instants
 * before any arithmetic, so daylight-saving changes on either side are handled by luxon's zone rules.
 */
export { weekdays };
export type Weekday = (typeof weekdays)[number];

export const isValidZone = (zone: string) => IANAZone.isValidZone(zone);
export const isCalendarDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && DateTime.fromISO(value, { zone: 'UTC' }).isValid;

/** One schema for the content pack and the expert's own edits (contracts). */
export const availabilitySchema = availabilitySettings;
export const serviceSchema = serviceSettings;
export type AvailabilityRules = AvailabilitySettings;
export type Service = z.infer<typeof serviceSchema>;

/** A meeting that holds the expert's time (REQUESTED or ACCEPTED), as UTC milliseconds. */
export interface BusyMeeting {
  start: number;
  end: number;
}

/** Slots start every `duration` minutes, but at least every 30 minutes (so a 60-minute call can start on the half hour). */
export const slotStepMinutes = (duration: number) => Math.min(duration, 30);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface Interval {
  start: number;
  end: number;
}

/** Wall-clock 'HH:mm' on an expert date, as a UTC instant. Times in a spring-forward gap move forward. */
function instantAt(date: string, time: string, zone: string): number {
  if (time === '24:00') return DateTime.fromISO(date, { zone }).plus({ days: 1 }).startOf('day').toMillis();
  return DateTime.fromISO(`${date}T${time}`, { zone }).toMillis();
}

/** The expert's open ranges on one of their own calendar dates, as UTC intervals. */
function rangesOn(rules: AvailabilityRules, date: string): Interval[] {
  const overrides = rules.overrides.filter((o) => o.date === date);
  if (overrides.some((o) => 'off' in o)) return [];
  const day = weekdays[DateTime.fromISO(date, { zone: 'UTC' }).weekday - 1];
  const ranges = overrides.length
    ? (overrides as { start: string; end: string }[])
    : rules.weekly.filter((w) => w.day === day);
  return ranges.map((r) => ({
    start: instantAt(date, r.start, rules.timezone),
    end: instantAt(date, r.end, rules.timezone),
  }));
}

function merge(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const interval of sorted) {
    const last = out[out.length - 1];
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else out.push({ ...interval });
  }
  return out;
}

export interface SlotQuery {
  rules: AvailabilityRules;
  service: Service;
  /** The user's calendar date, YYYY-MM-DD, in `timezone`. */
  date: string;
  /** The user's IANA zone. */
  timezone: string;
  now: Date;
  /** Meetings holding the expert's time; leave out to get the slots of the rules alone. */
  busy?: BusyMeeting[];
}

/** The UTC bounds of a calendar date in a zone (23 or 25 hours long on daylight-saving days). */
export function dayBounds(date: string, zone: string): Interval {
  const start = DateTime.fromISO(date, { zone }).startOf('day');
  return { start: start.toMillis(), end: start.plus({ days: 1 }).startOf('day').toMillis() };
}

/**
 * The free start times (UTC ms, ascending) within the user's calendar date. The user's day may cover two
 * (or, across the date line, three) of the expert's dates; each one's ranges are turned into UTC, merged, and
 * walked on the slot grid from the start of each merged range. A slot must fit inside the range, start after
 * now + minimum notice and before now + booking window, and keep its buffers clear of every busy meeting
 * (and stay out of theirs).
 */
export function freeSlots(query: SlotQuery): number[] {
  const { rules, service, now } = query;
  const day = dayBounds(query.date, query.timezone);
  const first = DateTime.fromMillis(day.start, { zone: rules.timezone }).minus({ days: 1 });
  const last = DateTime.fromMillis(day.end, { zone: rules.timezone }).plus({ days: 1 });
  const ranges: Interval[] = [];
  for (let d = first.startOf('day'); d <= last; d = d.plus({ days: 1 }))
    ranges.push(...rangesOn(rules, d.toISODate()!));

  const duration = service.duration * MINUTE;
  const step = slotStepMinutes(service.duration) * MINUTE;
  const before = rules.bufferBefore * MINUTE;
  const after = rules.bufferAfter * MINUTE;
  const earliest = now.getTime() + rules.minimumNoticeHours * HOUR;
  const latest = now.getTime() + rules.bookingWindowDays * DAY;
  const busy = query.busy ?? [];
  const clash = (start: number) => {
    const end = start + duration;
    return busy.some(
      (m) =>
        // the slot must not fall inside a meeting or its buffers…
        (start < m.end + after && end > m.start - before) ||
        // …and its own buffers must not reach into a meeting.
        (start - before < m.end && end + after > m.start),
    );
  };

  const slots: number[] = [];
  for (const open of merge(ranges)) {
    for (let start = open.start; start + duration <= open.end; start += step) {
      if (start < day.start || start >= day.end) continue;
      if (start < earliest || start > latest) continue;
      if (clash(start)) continue;
      slots.push(start);
    }
  }
  return slots;
}

/**
 * The dates of a month (YYYY-MM, the user's calendar) that hold at least one free slot: the same walk as
 * `freeSlots`, day by day, so the month view never marks a day the slot list would show empty.
 */
export function freeDays(query: Omit<SlotQuery, 'date'> & { month: string }): string[] {
  const first = DateTime.fromISO(`${query.month}-01`, { zone: 'UTC' });
  const days: string[] = [];
  for (let d = first; d.month === first.month; d = d.plus({ days: 1 })) {
    const date = d.toISODate()!;
    if (freeSlots({ ...query, date }).length) days.push(date);
  }
  return days;
}

/**
 * The earliest free start (UTC ms) from now within `horizonDays`, or null. Walked on UTC dates: the earliest
 * instant is the same whichever zone it is later shown in.
 */
export function firstFreeSlot(
  query: Omit<SlotQuery, 'date' | 'timezone'>,
  horizonDays: number,
): number | null {
  const today = DateTime.fromJSDate(query.now, { zone: 'UTC' }).startOf('day');
  const days = Math.min(horizonDays, query.rules.bookingWindowDays + 1);
  for (let i = 0; i <= days; i++) {
    const slots = freeSlots({ ...query, timezone: 'UTC', date: today.plus({ days: i }).toISODate()! });
    const limit = query.now.getTime() + horizonDays * DAY;
    if (slots.length) return slots[0]! <= limit ? slots[0]! : null;
  }
  return null;
}

/** An instant as ISO 8601 with the zone's offset, without milliseconds: 2026-03-08T09:00:00-04:00. */
export const isoIn = (ms: number, zone: string) =>
  DateTime.fromMillis(ms, { zone }).toISO({ suppressMilliseconds: true })!;

/** The user's calendar date of an instant. */
export const dateIn = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).toISODate()!;

/**
 * Whether [start, end) lies inside the expert's open hours (weekly or override ranges, merged), ignoring
 * notice, horizon and buffers: those govern new bookings, not whether a held meeting is within the hours.
 */
export function withinHours(rules: AvailabilityRules, start: number, end: number): boolean {
  const first = DateTime.fromMillis(start, { zone: rules.timezone }).minus({ days: 1 }).startOf('day');
  const last = DateTime.fromMillis(end, { zone: rules.timezone }).plus({ days: 1 });
  const ranges: Interval[] = [];
  for (let d = first; d <= last; d = d.plus({ days: 1 })) ranges.push(...rangesOn(rules, d.toISODate()!));
  return merge(ranges).some((open) => open.start <= start && end <= open.end);
}
