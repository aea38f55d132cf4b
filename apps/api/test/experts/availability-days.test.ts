import type { AvailabilityDays, NextFreeSlot } from '@liftoff/contracts/experts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, detailPaths, readyUser } from '../helpers/accounts.js';
import { addExpert, appWithClock, book, slots } from './helpers.js';

// Sunday 1 March 2026, 00:00 UTC; the base expert works Mondays 09:00–12:00 in New York (14:00 UTC).
let t: Awaited<ReturnType<typeof appWithClock>>;
let token: string;

beforeAll(async () => {
  t = await appWithClock('2026-03-01T00:00:00Z');
  token = (await readyUser(t.app)).token;
});
afterAll(async () => t?.close());

const daysRes = (id: string, query: Record<string, string>) =>
  t.app.inject({
    method: 'GET',
    url: `/api/expert/availability-days/${id}?${new URLSearchParams(query).toString()}`,
    headers: bearer(token),
  });

async function days(id: string, query: Record<string, string>) {
  const res = await daysRes(id, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AvailabilityDays;
}

async function nextFree(expertId: string) {
  const res = await t.app.inject({ url: '/api/expert/next-free-slots', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as NextFreeSlot[]).find((entry) => entry.expertId === expertId);
}

describe('next free slot per expert', () => {
  it("is the earliest slot of the first service, and moves on once it's booked", async () => {
    const expert = await addExpert(t.app);
    expect(await nextFree(expert.id)).toEqual({
      expertId: expert.id,
      serviceKey: 'intro-30',
      start: '2026-03-02T14:00:00.000Z',
    });
    await book(t.app, token, { expertId: expert.id, start: '2026-03-02T09:00:00-05:00' });
    expect((await nextFree(expert.id))?.start).toBe('2026-03-02T14:30:00.000Z');
    // It agrees with the slot list the booking uses.
    const day = await slots(t.app, token, expert.id, '2026-03-02', 'UTC');
    expect(day.slots[0]).toBe('2026-03-02T14:30:00Z');
  });

  it('is null when nothing is free within 60 days', async () => {
    const none = await addExpert(t.app, { weekly: [] });
    expect((await nextFree(none.id))?.start).toBeNull();
    const late = await addExpert(t.app, {
      weekly: [],
      overrides: [{ date: '2026-06-01', start: '09:00', end: '10:00' }],
    });
    expect((await nextFree(late.id))?.start).toBeNull();
    const soon = await addExpert(t.app, {
      weekly: [],
      overrides: [{ date: '2026-04-20', start: '09:00', end: '10:00' }],
    });
    expect((await nextFree(soon.id))?.start).toBe('2026-04-20T13:00:00.000Z');
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ url: '/api/expert/next-free-slots' })).statusCode).toBe(401);
  });
});

describe('days of a month with free slots', () => {
  it("marks the expert's working days in the user's zone, leaving out days off and fully booked days", async () => {
    const expert = await addExpert(t.app, {
      weekly: [{ day: 'MON', start: '09:00', end: '10:00' }],
      overrides: [{ date: '2026-03-16', off: true }],
    });
    expect(await days(expert.id, { month: '2026-03', timezone: 'America/New_York' })).toEqual({
      month: '2026-03',
      timezone: 'America/New_York',
      serviceKey: 'intro-30',
      days: ['2026-03-02', '2026-03-09', '2026-03-23', '2026-03-30'],
    });
    // One 60-minute meeting fills the Monday of the 9th.
    await book(t.app, token, {
      expertId: expert.id,
      serviceKey: 'deep-dive-60',
      start: '2026-03-09T09:00:00-04:00',
    });
    const after = await days(expert.id, { month: '2026-03', timezone: 'America/New_York' });
    expect(after.days).toEqual(['2026-03-02', '2026-03-23', '2026-03-30']);
    // 09:00 in New York is already the next day on Kiritimati (UTC+14).
    const kiritimati = await days(expert.id, {
      month: '2026-03',
      timezone: 'Pacific/Kiritimati',
      serviceKey: 'intro-30',
    });
    expect(kiritimati.days).toEqual(['2026-03-03', '2026-03-24', '2026-03-31']);
  });

  it('names the bad field with a 400, and an unknown expert is a 404', async () => {
    const expert = await addExpert(t.app);
    for (const month of ['2026-13', '2026-3', 'March']) {
      const res = await daysRes(expert.id, { month, timezone: 'UTC' });
      expect(res.statusCode).toBe(400);
      expect(detailPaths(res.json())).toEqual(['month']);
    }
    const zone = await daysRes(expert.id, { month: '2026-03', timezone: 'Mars/Olympus_Mons' });
    expect(zone.statusCode).toBe(400);
    expect(detailPaths(zone.json())).toEqual(['timezone']);
    const service = await daysRes(expert.id, { month: '2026-03', timezone: 'UTC', serviceKey: 'massage-90' });
    expect(service.statusCode).toBe(400);
    expect(detailPaths(service.json())).toEqual(['serviceKey']);
    const missing = await daysRes('00000000-0000-4000-8000-000000000000', {
      month: '2026-03',
      timezone: 'UTC',
    });
    expect(missing.statusCode).toBe(404);
  });
});
