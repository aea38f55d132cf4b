import { z } from 'zod';

/**
 * An expert's availability settings (docs/decisions/005 and 024): weekly wall-clock ranges in the expert's
 * own IANA zone, date overrides, buffers, notice, horizon and services. The same schema checks the content
 * pack's `availability` block on import and the expert's own edits in the portal, so both are held to one rule.
 */
export const weekdays = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type Weekday = (typeof weekdays)[number];

/** Intl knows every IANA zone the runtime knows; an unknown one throws a RangeError. */
export function isKnownZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** 'YYYY-MM-DD' that names a real day (no 31 February). */
export function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const kebab = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be kebab-case');
const startTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a 24-hour time 'HH:mm'");
/** An end may be '24:00' (midnight at the end of the day). */
const endTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, "must be a 24-hour time 'HH:mm' (or '24:00')");
const calendarDate = z.string().refine(isRealDate, "must be a real date 'YYYY-MM-DD'");
const ianaZone = z.string().refine(isKnownZone, 'must be an IANA time zone (e.g. Europe/Berlin)');

const range = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object({ ...shape, start: startTime, end: endTime })
    .strict()
    .refine((r) => (r as { start: string }).start < (r as { end: string }).end, {
      message: 'start must be before end',
      path: ['end'],
    });

export const weeklyRange = range({ day: z.enum(weekdays) });
export type WeeklyRange = z.infer<typeof weeklyRange>;
export const dateOverride = z.union([
  z.object({ date: calendarDate, off: z.literal(true) }).strict(),
  range({ date: calendarDate }),
]);
export type DateOverride = z.infer<typeof dateOverride>;

export const serviceSettings = z
  .object({
    serviceKey: kebab,
    name: z.string().trim().min(1).max(80),
    duration: z.number().int().positive().max(480),
  })
  .strict();

export const availabilitySettings = z
  .object({
    timezone: ianaZone,
    weekly: z.array(weeklyRange).min(1).max(70),
    overrides: z.array(dateOverride).max(400),
    services: z.array(serviceSettings).min(1).max(10),
    bufferBefore: z.number().int().min(0).max(240),
    bufferAfter: z.number().int().min(0).max(240),
    minimumNoticeHours: z
      .number()
      .int()
      .min(0)
      .max(24 * 60),
    bookingWindowDays: z.number().int().positive().max(365),
    /** A founder moving an accepted meeting to another free slot keeps it accepted, without asking again. */
    autoAcceptReschedule: z.boolean().optional(),
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
export type AvailabilitySettings = z.infer<typeof availabilitySettings>;

/** An accepted meeting that the saved hours no longer cover: it stands, and the expert is told. */
export const meetingOutsideHours = z.object({
  id: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  serviceName: z.string(),
  founderName: z.string().nullable(),
});
export type MeetingOutsideHours = z.infer<typeof meetingOutsideHours>;

/** The portal's availability screen: the settings and the accepted meetings outside them. */
export const myAvailability = z.object({
  settings: availabilitySettings,
  /** Upcoming accepted meetings not inside the weekly hours or overrides (they keep their time). */
  outsideHours: z.array(meetingOutsideHours),
  /** When the expert last saved; null while the content pack's settings apply. */
  editedAt: z.string().nullable(),
});
export type MyAvailability = z.infer<typeof myAvailability>;

/** `GET /expert-portal/availability/preview`: the saved settings' slots as a founder in `timezone` sees them. */
export const availabilityPreviewQuery = z
  .object({
    date: z.string().max(32),
    timezone: z.string().min(1).max(64),
    serviceKey: z.string().max(64).optional(),
  })
  .strict();
export type AvailabilityPreviewQuery = z.infer<typeof availabilityPreviewQuery>;

export const availabilityMessages = {
  get: 'Availability Fetched Successfully.',
  save: 'Availability Saved Successfully.',
  preview: 'Availability Preview Fetched Successfully.',
} as const;
