import { z } from 'zod';

/**
 * The calendars an expert connects to the portal (docs/decisions/063): an iCalendar subscription address
 * (read only) or a CalDAV account. Their busy times hide the expert's slots; accepted meetings are written
 * to the one CalDAV calendar the expert chose. Addresses and passwords are kept sealed and never answered.
 */
export const calendarsMessages = {
  list: 'Calendar Connections Fetched Successfully.',
  connect: 'Calendar Connected Successfully.',
  refresh: 'Calendar Refreshed Successfully.',
  destination: 'Meeting Calendar Saved Successfully.',
  disconnect: 'Calendar Disconnected Successfully.',
} as const;

export const calendarsErrors = {
  notCaldav: 'Only a CalDAV calendar can receive your meetings.',
  unknownCalendar: 'This account has no such calendar. Refresh it and choose one of its calendars.',
} as const;

export const calendarConnectionKinds = ['ical', 'caldav'] as const;
export type CalendarConnectionKind = (typeof calendarConnectionKinds)[number];

/** ok: the last refresh worked; error: it failed (busy times are the last good ones); pending: never read. */
export const calendarConnectionStatuses = ['pending', 'ok', 'error'] as const;

const address = z
  .url({ protocol: /^https?$/, message: 'must be an http(s) address' })
  .max(2000)
  .refine((value) => !URL.canParse(value) || (!new URL(value).username && !new URL(value).password), {
    message: 'put the user name and password in their own fields',
  });
/** webcal:// is how calendars often show a subscription address; it is fetched over https. */
const subscription = z
  .string()
  .trim()
  .max(2000)
  .transform((value) => value.replace(/^webcals?:\/\//i, 'https://'))
  .pipe(address);

const label = z.string().trim().min(1).max(100).optional();

export const connectCalendarBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ical'), url: subscription, label }).strict(),
  z
    .object({
      kind: z.literal('caldav'),
      /** The CalDAV server (or its principal / calendar address): the calendars are discovered from it. */
      url: address,
      username: z.string().min(1).max(200),
      password: z.string().min(1).max(500),
      label,
    })
    .strict(),
]);
export type ConnectCalendarBody = z.infer<typeof connectCalendarBody>;

/** The CalDAV calendar that receives accepted meetings; null stops writing them. */
export const meetingCalendarBody = z.object({ calendarUrl: z.string().max(2000).nullable() }).strict();
export type MeetingCalendarBody = z.infer<typeof meetingCalendarBody>;

export const calendarConnectionParams = z.object({ id: z.string() });

export const calendarConnection = z.object({
  id: z.string(),
  kind: z.enum(calendarConnectionKinds),
  label: z.string(),
  /** The server's host name, to tell connections apart; the address itself stays sealed. */
  host: z.string(),
  status: z.enum(calendarConnectionStatuses),
  /** Why the last refresh failed, in words the expert can act on; null when it worked. */
  lastError: z.string().nullable(),
  /** When busy times were last read successfully. */
  lastSyncedAt: z.string().nullable(),
  /** How many busy blocks ahead are known from this calendar. */
  busyCount: z.number().int(),
  /** A CalDAV account's calendars (empty for a subscription). */
  calendars: z.array(z.object({ url: z.string(), name: z.string() })),
  /** The calendar of this account that receives accepted meetings, if any. */
  meetingCalendarUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type CalendarConnection = z.infer<typeof calendarConnection>;
