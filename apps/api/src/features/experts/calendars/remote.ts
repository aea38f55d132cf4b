import { createDAVClient } from 'tsdav';

/**
 * Reading and writing the calendars an expert connected (docs/decisions/063): an iCalendar subscription by
 * plain GET, a CalDAV account through tsdav (discovery, calendar-query, PUT, DELETE). Every failure becomes a
 * `CalendarError` whose message the expert can act on; it never holds the password or the secret address.
 */
export class CalendarError extends Error {
  override name = 'CalendarError';
}

/** How long one request to a calendar server may take: a founder's slot list waits for it. */
const TIMEOUT_MS = 8000;
/** The largest subscription body read; a calendar of a few years is well under it. */
const MAX_ICS_BYTES = 10 * 1024 * 1024;

export interface CaldavAccount {
  url: string;
  username: string;
  password: string;
}

const timedFetch: typeof fetch = (input, init) =>
  fetch(input, { ...init, redirect: 'follow', signal: AbortSignal.timeout(TIMEOUT_MS) });

/** Words for a failed request: the host and what went wrong, never the address's secret path or query. */
export function describeFailure(error: unknown, host: string): string {
  if (error instanceof CalendarError) return error.message;
  const e = error as { name?: string; message?: string; cause?: { code?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError')
    return `${host} did not answer within ${TIMEOUT_MS / 1000} seconds.`;
  const code = e?.cause?.code;
  if (code === 'ECONNREFUSED') return `${host} refused the connection.`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `${host} was not found.`;
  if (code) return `Could not reach ${host} (${code}).`;
  if (/invalid credentials|401|403/i.test(e?.message ?? ''))
    return `${host} refused the user name or password.`;
  return `${host} could not be read.`;
}

const check = (response: Response, host: string, what: string) => {
  if (response.status === 401 || response.status === 403)
    throw new CalendarError(`${host} refused the user name or password.`);
  if (!response.ok) throw new CalendarError(`${host} answered ${response.status} when ${what}.`);
  return response;
};

/** The text of an iCalendar subscription. */
export async function fetchSubscription(url: string): Promise<string> {
  const host = new URL(url).host;
  const response = check(
    await timedFetch(url, { headers: { accept: 'text/calendar, */*;q=0.5' } }),
    host,
    'the calendar was read',
  );
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_ICS_BYTES) throw new CalendarError(`The calendar at ${host} is too large to read.`);
  const text = await response.text();
  if (text.length > MAX_ICS_BYTES) throw new CalendarError(`The calendar at ${host} is too large to read.`);
  if (!/BEGIN:VCALENDAR/i.test(text))
    throw new CalendarError(`The address at ${host} did not answer with an iCalendar file.`);
  return text;
}

/** A CalDAV account, signed in (discovery runs once per use). */
export async function caldavAccount(account: CaldavAccount) {
  const host = new URL(account.url).host;
  const client = await createDAVClient({
    serverUrl: account.url,
    credentials: { username: account.username, password: account.password },
    authMethod: 'Basic',
    defaultAccountType: 'caldav',
    fetch: timedFetch,
  });
  const all = async () =>
    (await client.fetchCalendars()).filter(
      (calendar) => !calendar.components || calendar.components.includes('VEVENT'),
    );
  return {
    host,
    /** The account's calendars that hold events. */
    async calendars(): Promise<{ url: string; name: string }[]> {
      return (await all()).map((calendar) => ({
        url: calendar.url,
        name:
          typeof calendar.displayName === 'string' && calendar.displayName
            ? calendar.displayName
            : calendar.url,
      }));
    },
    /** The calendar objects of every event calendar overlapping [from, to) (the server picks them). */
    async objects(from: Date, to: Date): Promise<string[]> {
      const texts: string[] = [];
      for (const calendar of await all()) {
        const objects = await client.fetchCalendarObjects({
          calendar,
          timeRange: { start: from.toISOString(), end: to.toISOString() },
        });
        for (const object of objects) if (typeof object.data === 'string') texts.push(object.data);
      }
      return texts;
    },
    /** Stores the calendar object at `url` (made or replaced). */
    async put(url: string, ics: string) {
      check(
        await client.updateCalendarObject({ calendarObject: { url, data: ics } }),
        host,
        'a meeting was written',
      );
    },
    /** Removes the calendar object at `url`; one already gone is fine. */
    async remove(url: string) {
      const response = await client.deleteCalendarObject({ calendarObject: { url } });
      if (response.status !== 404) check(response, host, 'a meeting was removed');
    },
  };
}
