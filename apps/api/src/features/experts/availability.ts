import { DateTime, IANAZone } from 'luxon';
import { z } from 'zod';

/**
 * An expert's availability (content/experts/<key>.yaml `availability`, docs/decisions/005). Weekly ranges
 * and overrides are wall-clock times in the expert's IANA zone; everything is turned into UTC instants
 * before any arithmetic, so daylight-saving changes on either side are handled by luxon's zone rules.
 */
export const weekdays = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type Weekday = (typeof weekdays)[number];

const kebab = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be kebab-case');
const startTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a 24-hour time 'HH:mm'");
/** An end may be '24:00' (midnight at the end of the day). */
const endTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, "must be a 24-hour time 'HH:mm' (or '24:00')");

export const isValidZone = (zone: string) => IANAZone.isValidZone(zone);
export const isCalendarDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && DateTime.fromISO(value, { zone: 'UTC' }).isValid;

const calendarDate = z.string().refine(isCalendarDate, "must be a real date 'YYYY-MM-DD'");
const ianaZone = z.string().refine(isValidZone, 'must be an IANA time zone (e.g. Europe/Berlin)');

const range = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object({ ...shape, start: startTime, end: endTime })
    .strict()
    .refine((r) => (r as { start: string }).start < (r as { end: string }).end, {
      message: 'start must be before end',
      path: ['end'],
    });

export const serviceSchema = z
  .object({ serviceKey: kebab, name: z.string().min(1), duration: z.number().int().positive().max(480) })
  .strict();

export const availabilitySchema = z
  .object({
    timezone: ianaZone,
    weekly: z.array(range({ day: z.enum(weekdays) })).min(1),
    overrides: z.array(
      z.union([
        z.object({ date: calendarDate, off: z.literal(true) }).strict(),
        range({ date: calendarDate }),
      ]),
    ),
    services: z.array(serviceSchema).min(1),
    bufferBefore: z.number().int().min(0).max(240),
    bufferAfter: z.number().int().min(0).max(240),
    minimumNoticeHours: z.number().int().min(0),
    bookingWindowDays: z.number().int().positive().max(365),
  })
  .strict()
  .superRefine((value, ctx) => {
    const keys = new Set<string>();
    value.services.forEach((service, index) => {
      if (keys.has(service.serviceKey))
        ctx.addIssue({ code: 'custom', path: ['services', index, 'serviceKey'], message: 'must be unique' });
      keys.add(service.serviceKey);
    });
    const offDates = new Set(value.overrides.filter((o) => 'off' in o).map((o) => o.date));
    const seenOff = new Set<string>();
    value.overrides.forEach((override, index) => {
      if ('off' in override) {
        if (seenOff.has(override.date))
          ctx.addIssue({ code: 'custom', path: ['overrides', index, 'date'], message: 'listed twice' });
        seenOff.add(override.date);
      } else if (offDates.has(override.date)) {
        ctx.addIssue({
          code: 'custom',
          path: ['overrides', index, 'date'],
          message: 'is also marked off; a date is either off or has ranges',
        });
      }
    });
  });
export type AvailabilityRules = z.infer<typeof availabilitySchema>;
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

/** An instant as ISO 8601 with the zone's offset, without milliseconds: 2026-03-08T09:00:00-04:00. */
export const isoIn = (ms: number, zone: string) =>
  DateTime.fromMillis(ms, { zone }).toISO({ suppressMilliseconds: true })!;

/** The user's calendar date of an instant. */
export const dateIn = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).toISODate()!;
