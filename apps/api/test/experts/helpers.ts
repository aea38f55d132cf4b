import type { Availability, MeetingRequest } from '@liftoff/contracts/experts';
import type { App } from '../../src/app.js';
import type { AvailabilityRules } from '../../src/features/experts/availability.js';
import { expertsRepository } from '../../src/features/experts/repository.js';
import { createTestApp } from '../helpers/app.js';
import { bearer } from '../helpers/accounts.js';

/** A clock the test moves by hand; the app reads it through the `now` build option. */
export function testClock(iso: string) {
  let current = new Date(iso);
  return {
    now: () => current,
    set(value: string) {
      current = new Date(value);
    },
  };
}

export async function appWithClock(iso: string, env: Record<string, string> = {}) {
  const clock = testClock(iso);
  const testApp = await createTestApp(env, { now: clock.now });
  return { ...testApp, clock };
}

export const baseRules: AvailabilityRules = {
  timezone: 'America/New_York',
  weekly: [{ day: 'MON', start: '09:00', end: '12:00' }],
  overrides: [],
  services: [
    { serviceKey: 'intro-30', name: 'Intro call', duration: 30 },
    { serviceKey: 'deep-dive-60', name: 'Deep dive', duration: 60 },
  ],
  bufferBefore: 0,
  bufferAfter: 0,
  minimumNoticeHours: 0,
  bookingWindowDays: 365,
};

let counter = 0;

/** Inserts an expert with known rules straight through the repository (the import path is tested elsewhere). */
export async function addExpert(
  app: App,
  rules: Partial<AvailabilityRules> = {},
  extra: { bookingUrl?: string } = {},
) {
  const key = `test-expert-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
  return expertsRepository(app.db).upsert({
    key,
    authType: 'EMAIL',
    email: `${key}@experts.test`,
    firstName: 'Test',
    lastName: `Expert ${counter}`,
    gender: 'OTHER',
    phoneNumber: '+1 555 0100',
    profileImageUrl: '/api/content/experts/avatars/daniel-kim.svg',
    expertMeta: {
      headline: 'Test expert',
      bio: 'Bio',
      expertise: ['testing'],
      linkedin: 'https://www.linkedin.com/in/test',
      languages: ['English'],
    },
    bookingUrl: extra.bookingUrl ?? null,
    availability: { ...baseRules, ...rules },
  });
}

export function slotsRes(app: App, token: string, expertId: string, query: Record<string, string>) {
  const qs = new URLSearchParams(query).toString();
  return app.inject({
    method: 'GET',
    url: `/api/expert/availability-schedules/${expertId}?${qs}`,
    headers: bearer(token),
  });
}

export async function slots(
  app: App,
  token: string,
  expertId: string,
  date: string,
  timezone: string,
  serviceKey?: string,
) {
  const res = await slotsRes(app, token, expertId, { date, timezone, ...(serviceKey ? { serviceKey } : {}) });
  if (res.statusCode !== 200) throw new Error(`slots: ${res.statusCode} ${res.body}`);
  return res.json().data as Availability;
}

export const requestMeeting = (
  app: App,
  token: string,
  body: { expertId: string; serviceKey?: string; start: string; timezone?: string; note?: string },
) =>
  app.inject({
    method: 'POST',
    url: '/api/expert/request-meeting',
    headers: bearer(token),
    payload: { serviceKey: 'intro-30', timezone: 'America/New_York', ...body },
  });

export async function book(app: App, token: string, body: Parameters<typeof requestMeeting>[2]) {
  const res = await requestMeeting(app, token, body);
  if (res.statusCode !== 201) throw new Error(`book: ${res.statusCode} ${res.body}`);
  return res.json().data as MeetingRequest;
}
