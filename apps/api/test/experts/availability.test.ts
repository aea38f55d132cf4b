import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailPaths, readyUser } from '../helpers/accounts.js';
import { addExpert, appWithClock, book, slots, slotsRes } from './helpers.js';

// The clock starts on Sunday 1 March 2026, 00:00 UTC; tests that need another "now" move it and move it back.
const START = '2026-03-01T00:00:00Z';
let t: Awaited<ReturnType<typeof appWithClock>>;
let token: string;

beforeAll(async () => {
  t = await appWithClock(START);
  token = (await readyUser(t.app)).token;
});
afterAll(async () => t?.close());

describe('availability schedules: ordinary days', () => {
  it('answers the weekly range on the grid, in the user time zone with its offset', async () => {
    const expert = await addExpert(t.app);
    const ny = await slots(t.app, token, expert.id, '2026-03-02', 'America/New_York');
    expect(ny).toMatchObject({
      timezone: 'America/New_York',
      serviceKey: 'intro-30',
      duration: 30,
      date: '2026-03-02',
      expertTimezone: 'America/New_York',
    });
    expect(ny.slots).toEqual([
      '2026-03-02T09:00:00-05:00',
      '2026-03-02T09:30:00-05:00',
      '2026-03-02T10:00:00-05:00',
      '2026-03-02T10:30:00-05:00',
      '2026-03-02T11:00:00-05:00',
      '2026-03-02T11:30:00-05:00',
    ]);
    const berlin = await slots(t.app, token, expert.id, '2026-03-02', 'Europe/Berlin');
    expect(berlin.slots[0]).toBe('2026-03-02T15:00:00+01:00');
    expect(berlin.slots.at(-1)).toBe('2026-03-02T17:30:00+01:00');
    // A 60-minute service keeps the 30-minute grid and must end by 12:00.
    const long = await slots(t.app, token, expert.id, '2026-03-02', 'America/New_York', 'deep-dive-60');
    expect(long).toMatchObject({ serviceKey: 'deep-dive-60', duration: 60 });
    expect(long.slots.map((s) => s.slice(11, 16))).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00']);
    // No rule on Tuesdays.
    expect((await slots(t.app, token, expert.id, '2026-03-03', 'America/New_York')).slots).toEqual([]);
  });

  it('merges several ranges of a day and walks each from its start', async () => {
    const expert = await addExpert(t.app, {
      weekly: [
        { day: 'MON', start: '09:00', end: '10:00' },
        { day: 'MON', start: '09:30', end: '10:30' },
        { day: 'MON', start: '14:15', end: '15:00' },
      ],
    });
    const day = await slots(t.app, token, expert.id, '2026-03-02', 'America/New_York');
    expect(day.slots.map((s) => s.slice(11, 16))).toEqual(['09:00', '09:30', '10:00', '14:15']);
  });

  it("follows Asia/Kolkata's +05:30, and a user's date that spans two of the expert's dates", async () => {
    const expert = await addExpert(t.app, {
      timezone: 'Asia/Kolkata',
      weekly: [{ day: 'MON', start: '10:00', end: '12:00' }],
    });
    const local = await slots(t.app, token, expert.id, '2026-03-02', 'Asia/Kolkata');
    expect(local.slots).toEqual([
      '2026-03-02T10:00:00+05:30',
      '2026-03-02T10:30:00+05:30',
      '2026-03-02T11:00:00+05:30',
      '2026-03-02T11:30:00+05:30',
    ]);
    // 10:00 IST is 04:30 UTC is 23:30 EST on the Sunday before: the New York user sees it on 1 March.
    expect((await slots(t.app, token, expert.id, '2026-03-01', 'America/New_York')).slots).toEqual([
      '2026-03-01T23:30:00-05:00',
    ]);
    expect((await slots(t.app, token, expert.id, '2026-03-02', 'America/New_York')).slots).toEqual([
      '2026-03-02T00:00:00-05:00',
      '2026-03-02T00:30:00-05:00',
      '2026-03-02T01:00:00-05:00',
    ]);
    // A New York expert seen from Kolkata lands on the half hour.
    const nyExpert = await addExpert(t.app);
    expect((await slots(t.app, token, nyExpert.id, '2026-03-02', 'Asia/Kolkata')).slots[0]).toBe(
      '2026-03-02T19:30:00+05:30',
    );
  });
});

describe('availability schedules across daylight-saving changes', () => {
  it('America/New_York, 2026-03-08: the skipped hour has no slots and the day is 4 real hours from 00:00 to 05:00', async () => {
    const expert = await addExpert(t.app, { weekly: [{ day: 'SUN', start: '00:00', end: '05:00' }] });
    const day = await slots(t.app, token, expert.id, '2026-03-08', 'America/New_York', 'deep-dive-60');
    expect(day.slots).toEqual([
      '2026-03-08T00:00:00-05:00',
      '2026-03-08T00:30:00-05:00',
      '2026-03-08T01:00:00-05:00',
      '2026-03-08T01:30:00-05:00',
      '2026-03-08T03:00:00-04:00',
      '2026-03-08T03:30:00-04:00',
      '2026-03-08T04:00:00-04:00',
    ]);
    // Seen from UTC: every slot is 30 real minutes after the previous one.
    const utc = await slots(t.app, token, expert.id, '2026-03-08', 'UTC', 'deep-dive-60');
    const times = utc.slots.map((s) => Date.parse(s));
    expect(times.slice(1).map((v, i) => v - times[i]!)).toEqual(Array(6).fill(30 * 60_000));
    expect(new Date(times[0]!).toISOString()).toBe('2026-03-08T05:00:00.000Z');
  });

  it('America/New_York, 2026-11-01: the repeated hour is offered twice, once per offset', async () => {
    const expert = await addExpert(t.app, { weekly: [{ day: 'SUN', start: '00:00', end: '03:00' }] });
    const day = await slots(t.app, token, expert.id, '2026-11-01', 'America/New_York', 'deep-dive-60');
    expect(day.slots).toEqual([
      '2026-11-01T00:00:00-04:00',
      '2026-11-01T00:30:00-04:00',
      '2026-11-01T01:00:00-04:00',
      '2026-11-01T01:30:00-04:00',
      '2026-11-01T01:00:00-05:00',
      '2026-11-01T01:30:00-05:00',
      '2026-11-01T02:00:00-05:00',
    ]);
  });

  it('Europe/Berlin, 2026-03-29: 02:00–03:00 does not exist; a New York user sees the same instants the evening before', async () => {
    const expert = await addExpert(t.app, {
      timezone: 'Europe/Berlin',
      weekly: [{ day: 'SUN', start: '01:00', end: '04:00' }],
    });
    expect((await slots(t.app, token, expert.id, '2026-03-29', 'Europe/Berlin')).slots).toEqual([
      '2026-03-29T01:00:00+01:00',
      '2026-03-29T01:30:00+01:00',
      '2026-03-29T03:00:00+02:00',
      '2026-03-29T03:30:00+02:00',
    ]);
    // 00:00–02:00 UTC is Saturday 20:00–22:00 in New York (already on daylight time since 8 March).
    expect((await slots(t.app, token, expert.id, '2026-03-28', 'America/New_York')).slots).toEqual([
      '2026-03-28T20:00:00-04:00',
      '2026-03-28T20:30:00-04:00',
      '2026-03-28T21:00:00-04:00',
      '2026-03-28T21:30:00-04:00',
    ]);
    expect((await slots(t.app, token, expert.id, '2026-03-29', 'America/New_York')).slots).toEqual([]);
  });

  it('Europe/Berlin, 2026-10-25: 01:00–04:00 lasts four hours; a UTC user splits it over two dates', async () => {
    const expert = await addExpert(t.app, {
      timezone: 'Europe/Berlin',
      weekly: [{ day: 'SUN', start: '01:00', end: '04:00' }],
    });
    expect(
      (await slots(t.app, token, expert.id, '2026-10-25', 'Europe/Berlin', 'deep-dive-60')).slots,
    ).toEqual([
      '2026-10-25T01:00:00+02:00',
      '2026-10-25T01:30:00+02:00',
      '2026-10-25T02:00:00+02:00',
      '2026-10-25T02:30:00+02:00',
      '2026-10-25T02:00:00+01:00',
      '2026-10-25T02:30:00+01:00',
      '2026-10-25T03:00:00+01:00',
    ]);
    const before = await slots(t.app, token, expert.id, '2026-10-24', 'UTC', 'deep-dive-60');
    const after = await slots(t.app, token, expert.id, '2026-10-25', 'UTC', 'deep-dive-60');
    expect(before.slots.map((s) => new Date(s).toISOString())).toEqual([
      '2026-10-24T23:00:00.000Z',
      '2026-10-24T23:30:00.000Z',
    ]);
    expect(after.slots.map((s) => new Date(s).toISOString().slice(11, 16))).toEqual([
      '00:00',
      '00:30',
      '01:00',
      '01:30',
      '02:00',
    ]);
  });
});

describe('overrides, buffers, notice, window and booked meetings', () => {
  it('an override takes a day off or replaces its ranges', async () => {
    const expert = await addExpert(t.app, {
      overrides: [
        { date: '2026-03-09', off: true },
        { date: '2026-03-16', start: '13:00', end: '14:00' },
        { date: '2026-03-18', start: '08:00', end: '09:00' },
      ],
    });
    expect((await slots(t.app, token, expert.id, '2026-03-09', 'America/New_York')).slots).toEqual([]);
    expect((await slots(t.app, token, expert.id, '2026-03-16', 'America/New_York')).slots).toEqual([
      '2026-03-16T13:00:00-04:00',
      '2026-03-16T13:30:00-04:00',
    ]);
    // An override can open a day the weekly rules leave closed (a Wednesday).
    expect((await slots(t.app, token, expert.id, '2026-03-18', 'America/New_York')).slots).toHaveLength(2);
    // The weekly rule still holds on the other Mondays.
    expect((await slots(t.app, token, expert.id, '2026-03-23', 'America/New_York')).slots).toHaveLength(6);
  });

  it('a booked meeting blocks its slot and its buffers; cancelling frees them again', async () => {
    const expert = await addExpert(t.app, { bufferBefore: 15, bufferAfter: 15 });
    const other = await readyUser(t.app);
    const meeting = await book(t.app, other.token, {
      expertId: expert.id,
      start: '2026-03-02T10:00:00-05:00',
    });
    const day = await slots(t.app, token, expert.id, '2026-03-02', 'America/New_York');
    // 09:30 would end at 10:00 with its after-buffer reaching into the meeting; 10:30 starts inside the meeting's after-buffer.
    expect(day.slots.map((s) => s.slice(11, 16))).toEqual(['09:00', '11:00', '11:30']);
    // A 60-minute call must clear the meeting and both buffers too.
    const long = await slots(t.app, token, expert.id, '2026-03-02', 'America/New_York', 'deep-dive-60');
    expect(long.slots.map((s) => s.slice(11, 16))).toEqual(['11:00']);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/expert/meetings/${meeting.id}/cancel`,
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await slots(t.app, token, expert.id, '2026-03-02', 'America/New_York')).slots).toHaveLength(6);
  });

  it('nothing inside the minimum notice, nothing beyond the booking window', async () => {
    const expert = await addExpert(t.app, {
      minimumNoticeHours: 1,
      bookingWindowDays: 7,
      weekly: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'].map((day) => ({
        day: day as 'MON',
        start: '09:00',
        end: '12:00',
      })),
    });
    try {
      t.clock.set('2026-03-02T14:30:00Z'); // Monday 09:30 in New York: earliest start 10:30
      expect(
        (await slots(t.app, token, expert.id, '2026-03-02', 'America/New_York')).slots.map((s) =>
          s.slice(11, 16),
        ),
      ).toEqual(['10:30', '11:00', '11:30']);
      // Past dates have no slots.
      expect((await slots(t.app, token, expert.id, '2026-03-01', 'America/New_York')).slots).toEqual([]);
      // The window closes 7 × 24 h after now (Monday 9 March, 10:30 EDT): the 9th keeps two slots, the 10th none.
      expect((await slots(t.app, token, expert.id, '2026-03-08', 'America/New_York')).slots).toHaveLength(6);
      expect(
        (await slots(t.app, token, expert.id, '2026-03-09', 'America/New_York')).slots.map((s) =>
          s.slice(11, 16),
        ),
      ).toEqual(['09:00', '09:30', '10:00', '10:30']);
      expect((await slots(t.app, token, expert.id, '2026-03-10', 'America/New_York')).slots).toEqual([]);
    } finally {
      t.clock.set(START);
    }
  });
});

describe('availability schedules: bad input', () => {
  it('a date that is not a calendar date, or an unknown zone, is a 400 naming the field', async () => {
    const expert = await addExpert(t.app);
    for (const date of ['2026-02-30', 'tomorrow', '2026-3-2', '']) {
      const res = await slotsRes(t.app, token, expert.id, { date, timezone: 'Europe/Berlin' });
      expect(res.statusCode, date).toBe(400);
      expect(detailPaths(res.json())).toEqual(['date']);
    }
    const zone = await slotsRes(t.app, token, expert.id, {
      date: '2026-03-02',
      timezone: 'Mars/Olympus_Mons',
    });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().message).toMatch(/timezone/);
    expect(detailPaths(zone.json())).toEqual(['timezone']);
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/expert/availability-schedules/${expert.id}?date=2026-03-02`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(missing.statusCode).toBe(400);
    expect(detailPaths(missing.json())).toEqual(['timezone']);
  });

  it('an unknown expert is a 404 and an unknown service a 400', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await slotsRes(t.app, token, id, { date: '2026-03-02', timezone: 'UTC' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Expert not found.');
    }
    const expert = await addExpert(t.app);
    const res = await slotsRes(t.app, token, expert.id, {
      date: '2026-03-02',
      timezone: 'UTC',
      serviceKey: 'massage-90',
    });
    expect(res.statusCode).toBe(400);
    expect(detailPaths(res.json())).toEqual(['serviceKey']);
  });

  it('needs a signed-in user', async () => {
    const expert = await addExpert(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/expert/availability-schedules/${expert.id}?date=2026-03-02&timezone=UTC`,
    });
    expect(res.statusCode).toBe(401);
  });
});
