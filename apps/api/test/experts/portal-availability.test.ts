import type { Availability } from '@liftoff/contracts/experts';
import type { AvailabilitySettings, MyAvailability } from '@liftoff/contracts/experts-availability';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalRepository } from '../../src/features/experts/portal-repository.js';
import { expertsRepository } from '../../src/features/experts/repository.js';
import { meetingRequests } from '../../src/features/experts/tables.js';
import { bearer, detailPaths, readyUser } from '../helpers/accounts.js';
import { personWith } from '../helpers/team.js';
import { addExpert, appWithClock, baseRules, book, slots } from './helpers.js';

// Sunday 1 March 2026, 00:00 UTC: before both daylight-saving changes of the spring.
let t: Awaited<ReturnType<typeof appWithClock>>;
let founder: string;
beforeAll(async () => {
  t = await appWithClock('2026-03-01T00:00:00Z');
  founder = (await readyUser(t.app)).token;
});
afterAll(async () => t?.close());

/** An expert account linked to a fresh profile, as sign-up after an invitation leaves it. */
async function expertAccount(rules: Partial<AvailabilitySettings> = {}) {
  const profile = await addExpert(t.app, rules);
  const person = await personWith(t.app, ['expert'], { twoFactor: false });
  await portalRepository(t.app.db).link(profile.id, person.user.id);
  return { token: person.token, profile };
}

const settings = (over: Partial<AvailabilitySettings> = {}): AvailabilitySettings => ({
  ...baseRules,
  ...over,
});

const save = (token: string, body: object) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/expert-portal/availability',
    headers: bearer(token),
    payload: body,
  });

async function saved(token: string, body: AvailabilitySettings) {
  const res = await save(token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as MyAvailability;
}

const previewRes = (token: string, query: Record<string, string>) =>
  t.app.inject({
    method: 'GET',
    url: `/api/expert-portal/availability/preview?${new URLSearchParams(query).toString()}`,
    headers: bearer(token),
  });

async function preview(token: string, date: string, timezone: string, serviceKey?: string) {
  const res = await previewRes(token, { date, timezone, ...(serviceKey ? { serviceKey } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Availability).slots;
}

describe('the expert edits availability on the daylight-saving dates', () => {
  it('New York hours saved across 8 March: a Berlin founder sees four real hours, nothing in the skipped one', async () => {
    const expert = await expertAccount();
    await saved(expert.token, settings({ weekly: [{ day: 'SUN', start: '00:00', end: '05:00' }] }));
    // 00:00 EST is 06:00 in Berlin; 05:00 EDT is 09:00 UTC, 10:00 in Berlin: four hours, not five.
    const berlin = await slots(t.app, founder, expert.profile.id, '2026-03-08', 'Europe/Berlin');
    expect(berlin.slots).toEqual([
      '2026-03-08T06:00:00+01:00',
      '2026-03-08T06:30:00+01:00',
      '2026-03-08T07:00:00+01:00',
      '2026-03-08T07:30:00+01:00',
      '2026-03-08T08:00:00+01:00',
      '2026-03-08T08:30:00+01:00',
      '2026-03-08T09:00:00+01:00',
      '2026-03-08T09:30:00+01:00',
    ]);
    expect(berlin.expertTimezone).toBe('America/New_York');
    // The expert's preview is the same engine: the same instants for the same founder zone.
    expect(await preview(expert.token, '2026-03-08', 'Europe/Berlin')).toEqual(berlin.slots);
    // In the expert's own zone the clock jumps from 01:30 to 03:00.
    expect((await preview(expert.token, '2026-03-08', 'America/New_York')).map((s) => s.slice(11))).toEqual([
      '00:00:00-05:00',
      '00:30:00-05:00',
      '01:00:00-05:00',
      '01:30:00-05:00',
      '03:00:00-04:00',
      '03:30:00-04:00',
      '04:00:00-04:00',
      '04:30:00-04:00',
    ]);
  });

  it('Berlin hours saved across 29 March and 25 October, seen from New York and UTC', async () => {
    const expert = await expertAccount();
    await saved(
      expert.token,
      settings({ timezone: 'Europe/Berlin', weekly: [{ day: 'SUN', start: '01:00', end: '04:00' }] }),
    );
    // Spring: 02:00–03:00 does not exist in Berlin; New York (already on daylight time) sees Saturday evening.
    expect(await preview(expert.token, '2026-03-28', 'America/New_York')).toEqual([
      '2026-03-28T20:00:00-04:00',
      '2026-03-28T20:30:00-04:00',
      '2026-03-28T21:00:00-04:00',
      '2026-03-28T21:30:00-04:00',
    ]);
    // Autumn: 01:00–04:00 lasts four hours; a UTC founder sees it over two dates.
    const before = await preview(expert.token, '2026-10-24', 'UTC', 'deep-dive-60');
    const after = await preview(expert.token, '2026-10-25', 'UTC', 'deep-dive-60');
    expect([...before, ...after].map((s) => s.slice(0, 16))).toEqual([
      '2026-10-24T23:00',
      '2026-10-24T23:30',
      '2026-10-25T00:00',
      '2026-10-25T00:30',
      '2026-10-25T01:00',
      '2026-10-25T01:30',
      '2026-10-25T02:00',
    ]);
    const founderView = await slots(t.app, founder, expert.profile.id, '2026-10-25', 'UTC', 'deep-dive-60');
    expect(founderView.slots).toEqual(after);
  });
});

describe('overrides, buffers, notice and horizon', () => {
  it('a day off and extra hours on a closed day replace the weekly hours of those dates', async () => {
    const expert = await expertAccount();
    await saved(
      expert.token,
      settings({
        overrides: [
          { date: '2026-03-09', off: true },
          { date: '2026-03-10', start: '13:00', end: '14:00' },
        ],
      }),
    );
    expect(await preview(expert.token, '2026-03-09', 'America/New_York')).toEqual([]);
    expect(await preview(expert.token, '2026-03-10', 'America/New_York')).toEqual([
      '2026-03-10T13:00:00-04:00',
      '2026-03-10T13:30:00-04:00',
    ]);
    // The next Monday keeps its weekly hours.
    expect(await preview(expert.token, '2026-03-16', 'America/New_York')).toHaveLength(6);
  });

  it('buffers before and after keep the slots around a booked meeting free', async () => {
    const expert = await expertAccount();
    await book(t.app, founder, { expertId: expert.profile.id, start: '2026-03-16T10:00:00-04:00' });
    expect(
      (await preview(expert.token, '2026-03-16', 'America/New_York')).map((s) => s.slice(11, 16)),
    ).toEqual(['09:00', '09:30', '10:30', '11:00', '11:30']);
    await saved(expert.token, settings({ bufferBefore: 15, bufferAfter: 15 }));
    expect(
      (await preview(expert.token, '2026-03-16', 'America/New_York')).map((s) => s.slice(11, 16)),
    ).toEqual(['09:00', '11:00', '11:30']);
  });

  it('minimum notice and booking horizon cut the slots on the first and last days', async () => {
    const expert = await expertAccount();
    await saved(
      expert.token,
      settings({
        weekly: ['MON', 'TUE', 'WED'].map((day) => ({ day: day as 'MON', start: '09:00', end: '12:00' })),
        minimumNoticeHours: 48,
        bookingWindowDays: 3,
      }),
    );
    // Now is 1 March 00:00 UTC. Monday 09:00 New York is 38 hours away: inside the notice.
    expect(await preview(expert.token, '2026-03-02', 'America/New_York')).toEqual([]);
    // Tuesday is between 48 hours and 3 days away.
    expect(await preview(expert.token, '2026-03-03', 'America/New_York')).toHaveLength(6);
    // Wednesday lies beyond the horizon, for the founder too.
    expect(await preview(expert.token, '2026-03-04', 'America/New_York')).toEqual([]);
    expect((await slots(t.app, founder, expert.profile.id, '2026-03-04', 'America/New_York')).slots).toEqual(
      [],
    );
  });
});

describe('accepted meetings are never dropped by an edit', () => {
  it('lists an accepted meeting the new hours leave out; it stays accepted and keeps its time', async () => {
    const expert = await expertAccount();
    const accepted = await book(t.app, founder, {
      expertId: expert.profile.id,
      start: '2026-03-02T10:00:00-05:00',
    });
    await book(t.app, founder, { expertId: expert.profile.id, start: '2026-03-02T11:00:00-05:00' });
    await t.app.db
      .update(meetingRequests)
      .set({ status: 'ACCEPTED' })
      .where(eq(meetingRequests.id, accepted.id));

    const kept = await saved(
      expert.token,
      settings({ weekly: [{ day: 'MON', start: '09:00', end: '10:30' }] }),
    );
    expect(kept.outsideHours).toEqual([]);

    const moved = await saved(
      expert.token,
      settings({ weekly: [{ day: 'MON', start: '13:00', end: '17:00' }] }),
    );
    // Only the accepted meeting is listed; a request still waiting is the expert's to decline.
    expect(moved.outsideHours).toEqual([
      {
        id: accepted.id,
        startsAt: '2026-03-02T15:00:00.000Z',
        endsAt: '2026-03-02T15:30:00.000Z',
        serviceName: 'Intro call',
        founderName: expect.any(String),
      },
    ]);
    const [row] = await t.app.db.select().from(meetingRequests).where(eq(meetingRequests.id, accepted.id));
    expect(row).toMatchObject({ status: 'ACCEPTED', startsAt: new Date('2026-03-02T15:00:00Z') });
    // Reading the settings again still shows it, so the screen can too.
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/expert-portal/availability',
      headers: bearer(expert.token),
    });
    expect(again.json().data.outsideHours.map((m: { id: string }) => m.id)).toEqual([accepted.id]);
    // A day off over the meeting's date also leaves it outside.
    const off = await saved(expert.token, settings({ overrides: [{ date: '2026-03-02', off: true }] }));
    expect(off.outsideHours).toHaveLength(1);
  });
});

describe('scope, the content pack and bad input', () => {
  it("an expert reaches only their own settings; another expert's stay as they were", async () => {
    const mine = await expertAccount();
    const other = await expertAccount({ weekly: [{ day: 'TUE', start: '08:00', end: '09:00' }] });
    await saved(mine.token, settings({ weekly: [{ day: 'FRI', start: '10:00', end: '11:00' }] }));
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/expert-portal/availability',
      headers: bearer(other.token),
    });
    expect(theirs.json().data.settings.weekly).toEqual([{ day: 'TUE', start: '08:00', end: '09:00' }]);
    expect(theirs.json().data.editedAt).toBeNull();
    // A founder is refused; an expert role without a profile has nothing to edit.
    expect((await save(founder, settings())).statusCode).toBe(403);
    const unlinked = await personWith(t.app, ['expert'], { twoFactor: false });
    expect((await save(unlinked.token, settings())).statusCode).toBe(404);
  });

  it('a re-import of the content pack keeps the hours the expert saved', async () => {
    const expert = await expertAccount();
    await saved(expert.token, settings({ weekly: [{ day: 'THU', start: '15:00', end: '16:00' }] }));
    const row = (await expertsRepository(t.app.db).findById(expert.profile.id))!;
    await expertsRepository(t.app.db).upsert({ ...expert.profile, availability: settings() });
    const after = (await expertsRepository(t.app.db).findById(expert.profile.id))!;
    expect(after.availability.weekly).toEqual([{ day: 'THU', start: '15:00', end: '16:00' }]);
    expect(after.availabilityEditedAt).toEqual(row.availabilityEditedAt);
  });

  it('answers bad input with 400 naming the field', async () => {
    const expert = await expertAccount();
    const backwards = await save(
      expert.token,
      settings({ weekly: [{ day: 'MON', start: '12:00', end: '09:00' }] }),
    );
    expect(backwards.statusCode).toBe(400);
    expect(detailPaths(backwards.json())).toEqual(['weekly.0.end']);
    const zone = await save(expert.token, settings({ timezone: 'Mars/Olympus' }));
    expect(detailPaths(zone.json())).toEqual(['timezone']);
    const both = await save(
      expert.token,
      settings({
        overrides: [
          { date: '2026-03-09', off: true },
          { date: '2026-03-09', start: '09:00', end: '10:00' },
        ],
        bufferBefore: -5,
      }),
    );
    expect(both.statusCode).toBe(400);
    expect(detailPaths(both.json())).toEqual(['bufferBefore', 'overrides.1.date']);
    const noDate = await previewRes(expert.token, { date: '2026-02-30', timezone: 'UTC' });
    expect(noDate.statusCode).toBe(400);
    expect(detailPaths(noDate.json())).toEqual(['date']);
    const noService = await previewRes(expert.token, {
      date: '2026-03-02',
      timezone: 'UTC',
      serviceKey: 'x',
    });
    expect(detailPaths(noService.json())).toEqual(['serviceKey']);
  });
});
