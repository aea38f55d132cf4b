import type { Cohort, Dashboard, Invitation } from '@liftoff/contracts/cohorts';
import type { App } from '../../src/app.js';
import { bearer } from '../helpers/accounts.js';

export const cohortInput = (over: Record<string, unknown> = {}) => ({
  name: 'Autumn 2026',
  programKey: 'venture-foundations',
  startDate: '2026-11-01',
  endDate: '2027-01-31',
  timeZone: 'Europe/Berlin',
  stuckAfterDays: 7,
  ...over,
});

export async function createCohort(app: App, token: string, over: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/studio/cohorts',
    headers: bearer(token),
    payload: cohortInput(over),
  });
  if (res.statusCode !== 201) throw new Error(`create cohort: ${res.statusCode} ${res.body}`);
  return res.json().data as Cohort;
}

export async function invite(
  app: App,
  token: string,
  cohortId: string,
  person: { name?: string; email: string; startup?: string },
) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/studio/cohorts/${cohortId}/invitations`,
    headers: bearer(token),
    payload: { name: 'Ada Founder', startup: 'Acme', ...person },
  });
  if (res.statusCode !== 201) throw new Error(`invite: ${res.statusCode} ${res.body}`);
  return res.json().data as { invitation: Invitation; joined: boolean };
}

export async function dashboardOf(app: App, token: string, cohortId: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/studio/cohorts/${cohortId}/dashboard`,
    headers: bearer(token),
  });
  if (res.statusCode !== 200) throw new Error(`dashboard: ${res.statusCode} ${res.body}`);
  return res.json().data as Dashboard;
}

/** A clock the test moves; the app's time rules read it. */
export function testClock(start: string) {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    advanceDays(days: number) {
      now += days * 86_400_000;
    },
  };
}
