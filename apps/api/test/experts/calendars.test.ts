import type { CalendarConnection } from '@liftoff/contracts/experts-calendars';
import type { MeetingRequest } from '@liftoff/contracts/experts';
import { eq } from 'drizzle-orm';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expertCalendarConnections } from '../../src/features/experts/tables.js';
import { portalRepository } from '../../src/features/experts/portal-repository.js';
import { openSecret } from '../../src/lib/secret-box.js';
import { bearer, detailPaths, readyUser } from '../helpers/accounts.js';
import { personWith } from '../helpers/team.js';
import { addExpert, appWithClock, book, requestMeeting, slots } from './helpers.js';
import { eventOf, icsUtc, unescapeText } from './ics-parse.js';
import { freePort, startRadicale, vcalendar, vevent } from './radicale.js';

// Busy times from the calendars experts use (docs/decisions/063), against a real CalDAV server (Radicale)
// and an iCalendar subscription served over HTTP. The clock stands on Sunday 1 March 2026.
let t: Awaited<ReturnType<typeof appWithClock>>;
let dav: Awaited<ReturnType<typeof startRadicale>>;
let founder: string;

beforeAll(async () => {
  dav = await startRadicale();
  t = await appWithClock('2026-03-01T00:00:00Z');
  founder = (await readyUser(t.app)).token;
});
afterAll(async () => {
  await t?.close();
  await dav?.stop();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const base = '/api/expert-portal/calendar-connections';

async function expertAccount(rules: Parameters<typeof addExpert>[1] = {}) {
  const profile = await addExpert(t.app, rules);
  const account = await personWith(t.app, ['expert'], { twoFactor: false });
  expect(await portalRepository(t.app.db).link(profile.id, account.user.id)).toBe(true);
  return { token: account.token, profile };
}

async function connect(token: string, body: object): Promise<CalendarConnection> {
  const res = await call('POST', base, token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** The founder's free start times (HH:mm in `zone`) on a date. */
const times = async (expertId: string, date: string, zone = 'America/New_York') =>
  (await slots(t.app, founder, expertId, date, zone)).slots.map((s) => s.slice(11, 16));

const NY_MORNING = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'];

describe('a CalDAV account', () => {
  it('hides the slots its busy events cover, keeps the password sealed, shows a failing connection, and forgets it on disconnect', async () => {
    const ann = await expertAccount();
    const work = await dav.calendar('work');
    await dav.calendar('meetings');
    await dav.put(
      '/ann/work/board.ics',
      vcalendar(
        ...vevent(
          'board@example.org',
          'DTSTART;TZID=America/New_York:20260302T100000',
          'DTEND;TZID=America/New_York:20260302T110000',
          'SUMMARY:Board meeting',
        ),
      ),
    );
    expect(await times(ann.profile.id, '2026-03-02')).toEqual(NY_MORNING);

    const good = await connect(ann.token, {
      kind: 'caldav',
      url: dav.url,
      username: dav.user,
      password: dav.password,
    });
    expect(good).toMatchObject({
      kind: 'caldav',
      status: 'ok',
      lastError: null,
      busyCount: 1,
      host: new URL(dav.url).host,
    });
    expect(good.calendars.map((c) => c.url).sort()).toEqual([work, `${dav.url}ann/meetings/`].sort());
    expect(JSON.stringify(good)).not.toContain(dav.password);
    expect(await times(ann.profile.id, '2026-03-02')).toEqual(['09:00', '09:30', '11:00', '11:30']);

    // The password is kept sealed with the server's key, not in the clear.
    const [row] = await t.app.db
      .select()
      .from(expertCalendarConnections)
      .where(eq(expertCalendarConnections.id, good.id));
    expect(row!.secret).not.toContain(dav.password);
    expect(JSON.parse(openSecret(t.config.ENCRYPTION_KEY, row!.secret))).toMatchObject({
      password: dav.password,
    });

    // A new event shows once the calendar is read again (on demand here; by age when slots are asked for).
    await dav.put(
      '/ann/work/call.ics',
      vcalendar(...vevent('call@example.org', 'DTSTART:20260302T163000Z', 'DTEND:20260302T170000Z')),
    );
    const refreshed = await call('POST', `${base}/${good.id}/refresh`, ann.token);
    expect(refreshed.json().data).toMatchObject({ status: 'ok', busyCount: 2 });
    expect(await times(ann.profile.id, '2026-03-02')).toEqual(['09:00', '09:30', '11:00']);
    // Booking a time the calendar holds is refused, as a booked time is.
    const taken = await requestMeeting(t.app, founder, {
      expertId: ann.profile.id,
      start: '2026-03-02T10:00:00-05:00',
    });
    expect(taken.statusCode).toBe(409);

    // A wrong password and a server that is not there: each is shown with why, and hides nothing more.
    const wrong = await connect(ann.token, {
      kind: 'caldav',
      url: dav.url,
      username: dav.user,
      password: 'not-the-password',
      label: 'Old account',
    });
    expect(wrong).toMatchObject({ status: 'error', label: 'Old account', busyCount: 0 });
    expect(wrong.lastError).toMatch(/refused the user name or password/);
    expect(wrong.lastError).not.toContain('not-the-password');
    const nobody = await freePort(); // nothing listens there
    const closed = await connect(ann.token, {
      kind: 'ical',
      url: `http://127.0.0.1:${nobody}/secret-token.ics`,
    });
    expect(closed).toMatchObject({
      status: 'error',
      lastError: `127.0.0.1:${nobody} refused the connection.`,
    });
    expect(JSON.stringify(closed)).not.toContain('secret-token');
    const listed = (await call('GET', base, ann.token)).json().data as CalendarConnection[];
    expect(listed.map((c) => [c.id, c.status])).toEqual([
      [good.id, 'ok'],
      [wrong.id, 'error'],
      [closed.id, 'error'],
    ]);
    expect(await times(ann.profile.id, '2026-03-02')).toEqual(['09:00', '09:30', '11:00']);

    // Another expert reaches none of them; disconnecting deletes the row and its sealed password.
    const other = await expertAccount();
    expect((await call('GET', base, other.token)).json().data).toEqual([]);
    expect((await call('POST', `${base}/${good.id}/refresh`, other.token)).statusCode).toBe(404);
    expect((await call('DELETE', `${base}/${good.id}`, other.token)).statusCode).toBe(404);
    const left = await call('DELETE', `${base}/${good.id}`, ann.token);
    expect(left.statusCode).toBe(200);
    expect(left.json().data.map((c: CalendarConnection) => c.id)).toEqual([wrong.id, closed.id]);
    expect(
      await t.app.db
        .select()
        .from(expertCalendarConnections)
        .where(eq(expertCalendarConnections.id, good.id)),
    ).toEqual([]);
    expect(await times(ann.profile.id, '2026-03-02')).toEqual(NY_MORNING);
  });

  it('writes an accepted meeting into the chosen calendar, moves it with the meeting and removes it on cancel', async () => {
    const ann = await expertAccount();
    const meetings = `${dav.url}ann/meetings/`;
    const account = await connect(ann.token, {
      kind: 'caldav',
      url: dav.url,
      username: dav.user,
      password: dav.password,
    });

    // Only one of the account's calendars, and only of a CalDAV account.
    const unknown = await call('PUT', `${base}/${account.id}/meeting-calendar`, ann.token, {
      calendarUrl: `${dav.url}ann/nowhere/`,
    });
    expect(unknown.statusCode).toBe(400);
    expect(detailPaths(unknown.json())).toContain('calendarUrl');
    const server = createServer((_req, res) => res.end(vcalendar())).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const feed = await connect(ann.token, {
      kind: 'ical',
      url: `http://127.0.0.1:${(server.address() as { port: number }).port}/empty.ics`,
    });
    server.close();
    expect(feed.status).toBe('ok');
    expect(
      (await call('PUT', `${base}/${feed.id}/meeting-calendar`, ann.token, { calendarUrl: meetings }))
        .statusCode,
    ).toBe(409);
    const chosen = await call('PUT', `${base}/${account.id}/meeting-calendar`, ann.token, {
      calendarUrl: meetings,
    });
    expect(chosen.json().data.meetingCalendarUrl).toBe(meetings);

    const meeting = await book(t.app, founder, {
      expertId: ann.profile.id,
      start: '2026-03-09T09:00:00-04:00',
    });
    const path = `/ann/meetings/${meeting.id}.ics`;
    expect(await dav.get(path)).toBeNull(); // a request is not in the expert's calendar yet

    const accept = await call('POST', `/api/expert-portal/meetings/${meeting.id}/answer`, ann.token, {
      answer: 'accept',
    });
    expect(accept.statusCode).toBe(200);
    const copy = eventOf((await dav.get(path))!);
    expect(copy.calendar('METHOD')).toBeUndefined();
    expect(copy.event('UID')?.value).toBe(`${meeting.id}@localhost`);
    expect(copy.event('SEQUENCE')?.value).toBe('1');
    expect(copy.event('STATUS')?.value).toBe('CONFIRMED');
    expect(icsUtc(copy.event('DTSTART')!.value)).toBe('2026-03-09T13:00:00.000Z');
    expect(unescapeText(copy.event('LOCATION')!.value)).toBe(meeting.videoUrl);
    // The server must not mail the attendees a second invite: Liftoff already did (decision 068).
    expect(copy.event('ORGANIZER')).toMatchObject({
      value: `mailto:${ann.profile.email}`,
      params: { 'SCHEDULE-AGENT': 'CLIENT' },
    });
    for (const attendee of copy.all('ATTENDEE')) expect(attendee.params['SCHEDULE-AGENT']).toBe('CLIENT');

    // Read back as busy time, Liftoff's own copy is not counted twice: its time stays the meeting's own.
    const reread = await call('POST', `${base}/${account.id}/refresh`, ann.token);
    expect(reread.json().data.busyCount).toBe(account.busyCount);
    const own = await call(
      'GET',
      `/api/expert-portal/meetings/${meeting.id}/slots?date=2026-03-09`,
      ann.token,
    );
    expect(own.json().data.slots).toContain('2026-03-09T09:00:00-04:00');

    // Moved by the expert: it leaves the calendar while the founder decides, and comes back at the new time.
    const propose = await call('POST', `/api/expert-portal/meetings/${meeting.id}/propose`, ann.token, {
      start: '2026-03-09T11:00:00-04:00',
    });
    expect(propose.statusCode).toBe(200);
    expect(await dav.get(path)).toBeNull();
    const answer = await call('POST', `/api/expert/meetings/${meeting.id}/proposal`, founder, {
      answer: 'accept',
    });
    expect((answer.json().data as MeetingRequest).sequence).toBe(3);
    const moved = eventOf((await dav.get(path))!);
    expect(moved.event('UID')?.value).toBe(`${meeting.id}@localhost`);
    expect(moved.event('SEQUENCE')?.value).toBe('3');
    expect(icsUtc(moved.event('DTSTART')!.value)).toBe('2026-03-09T15:00:00.000Z');

    const cancel = await call('POST', `/api/expert-portal/meetings/${meeting.id}/cancel`, ann.token, {});
    expect(cancel.statusCode).toBe(200);
    expect(await dav.get(path)).toBeNull();
    expect((await call('GET', base, ann.token)).json().data[0]).toMatchObject({
      status: 'ok',
      lastError: null,
    });
  });
});

describe('an iCalendar subscription', () => {
  let server: Server;
  let failing = false;
  const token = 'private-3f9a0c7d51e2';
  // Weekly on Mondays at 09:00 New York time, six times from 2 March 2026, without 23 March, and 30 March
  // moved to 10:00. New York moves its clocks on 8 March, Berlin on 29 March: for the Berlin expert the call
  // is at 15:00 on 2 March, 14:00 on 9 and 16 March, and 15:00 again from 30 March.
  const feed = vcalendar(
    ...vevent(
      'weekly@example.org',
      'DTSTART;TZID=America/New_York:20260302T090000',
      'DTEND;TZID=America/New_York:20260302T100000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=6',
      'EXDATE;TZID=America/New_York:20260323T090000',
      'SUMMARY:Investor update',
    ),
    ...vevent(
      'weekly@example.org',
      'RECURRENCE-ID;TZID=America/New_York:20260330T090000',
      'DTSTART;TZID=America/New_York:20260330T100000',
      'DTEND;TZID=America/New_York:20260330T110000',
    ),
    // Free and cancelled events hold no time.
    ...vevent('free@example.org', 'DTSTART:20260302T120000Z', 'DTEND:20260302T130000Z', 'TRANSP:TRANSPARENT'),
    ...vevent('off@example.org', 'DTSTART:20260302T130000Z', 'DTEND:20260302T140000Z', 'STATUS:CANCELLED'),
  );

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (failing || req.url !== `/cal/${token}/basic.ics`) {
        res.statusCode = failing ? 500 : 404;
        return res.end();
      }
      res.setHeader('content-type', 'text/calendar; charset=utf-8');
      res.end(feed);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('expands RRULE with EXDATE and a moved instance across both daylight-saving changes, and keeps the last good read when it fails', async () => {
    const berlin = await expertAccount({
      timezone: 'Europe/Berlin',
      weekly: [{ day: 'MON', start: '13:00', end: '17:00' }],
    });
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/cal/${token}/basic.ics`;
    const sub = await connect(berlin.token, { kind: 'ical', url });
    expect(sub).toMatchObject({
      kind: 'ical',
      status: 'ok',
      calendars: [],
      meetingCalendarUrl: null,
      busyCount: 5,
    });
    expect(JSON.stringify(sub)).not.toContain(token);

    const all = ['13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30'];
    const without = (...gone: string[]) => all.filter((time) => !gone.includes(time));
    const day = (date: string) => times(berlin.profile.id, date, 'Europe/Berlin');
    expect(await day('2026-03-02')).toEqual(without('15:00', '15:30'));
    expect(await day('2026-03-09')).toEqual(without('14:00', '14:30'));
    expect(await day('2026-03-16')).toEqual(without('14:00', '14:30'));
    expect(await day('2026-03-23')).toEqual(all);
    expect(await day('2026-03-30')).toEqual(without('16:00', '16:30'));
    expect(await day('2026-04-06')).toEqual(without('15:00', '15:30'));
    expect(await day('2026-04-13')).toEqual(all);

    // The address starts failing: the expert sees why; the busy times already read still hold.
    failing = true;
    const broken = await call('POST', `${base}/${sub.id}/refresh`, berlin.token);
    expect(broken.json().data).toMatchObject({ status: 'error', busyCount: 5 });
    expect(broken.json().data.lastError).toBe(
      `127.0.0.1:${(server.address() as { port: number }).port} answered 500 when the calendar was read.`,
    );
    expect(await day('2026-03-16')).toEqual(without('14:00', '14:30'));
    failing = false;
  });

  it('answers 400 naming the field for a bad address or a missing password', async () => {
    const expert = await expertAccount();
    const cases: [object, string][] = [
      [{ kind: 'ical', url: 'ftp://example.org/cal.ics' }, 'url'],
      [{ kind: 'ical', url: 'not an address' }, 'url'],
      [{ kind: 'caldav', url: 'https://user:pw@example.org/dav/', username: 'a', password: 'b' }, 'url'],
      [{ kind: 'caldav', url: 'https://example.org/dav/', username: 'a' }, 'password'],
      [{ kind: 'outlook', url: 'https://example.org/' }, 'kind'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', base, expert.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(detailPaths(res.json())).toContain(field);
    }
    expect((await call('GET', base, founder)).statusCode).toBe(403);
  });
});
