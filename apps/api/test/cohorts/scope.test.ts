import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCohortScope } from '../../src/features/cohorts/scope.js';
import { cohortManagers, cohortMembers, cohorts } from '../../src/features/cohorts/tables.js';
import { signup } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('cohort scope', () => {
  it('lets a manager reach only the founders of the cohorts they manage, and an admin all', async () => {
    const [manager, other, mine, theirs] = await Promise.all([
      signup(t.app),
      signup(t.app),
      signup(t.app),
      signup(t.app),
    ]);
    const dates = {
      startDate: '2026-11-01',
      endDate: '2027-01-31',
      timeZone: 'UTC',
      endsAt: new Date('2027-02-01'),
    };
    const [a, b] = await t.app.db
      .insert(cohorts)
      .values([
        { name: 'A', programKey: 'p', ...dates },
        { name: 'B', programKey: 'p', ...dates },
      ])
      .returning();
    await t.app.db.insert(cohortManagers).values([
      { cohortId: a!.id, userId: manager.user.id },
      { cohortId: b!.id, userId: other.user.id },
    ]);
    await t.app.db.insert(cohortMembers).values([
      { cohortId: a!.id, userId: mine.user.id },
      { cohortId: b!.id, userId: theirs.user.id },
    ]);
    const scope = createCohortScope(t.app.db);
    const asManager = { userId: manager.user.id, roles: ['founder', 'manager'] };
    expect(await scope.managesFounder(asManager, mine.user.id)).toBe(true);
    expect(await scope.managesFounder(asManager, theirs.user.id)).toBe(false);
    expect(await scope.managedFounderIds(asManager)).toEqual([mine.user.id]);
    const asAdmin = { userId: other.user.id, roles: ['admin'] };
    expect(await scope.managesFounder(asAdmin, mine.user.id)).toBe(true);
    expect(await scope.managedFounderIds(asAdmin)).toBe('all');
    const asFounder = { userId: manager.user.id, roles: ['founder'] };
    expect(await scope.managesFounder(asFounder, mine.user.id)).toBe(false);
    expect(await scope.managedFounderIds(asFounder)).toEqual([]);
  });
});
