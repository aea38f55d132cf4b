import { afterEach, describe, expect, it } from 'vitest';
import { dateGroupOf, groupByDate } from './date-groups';

const zoneBefore = process.env.TZ;
/** The founder's own time zone, as the browser has it. */
const livingIn = (zone: string) => {
  process.env.TZ = zone;
};

describe('date groups of the conversation list', () => {
  afterEach(() => {
    // Assigning undefined would set the text "undefined".
    if (zoneBefore === undefined) delete process.env.TZ;
    else process.env.TZ = zoneBefore;
  });

  it('counts calendar days in the founder’s time zone: 11:50 pm is yesterday at 12:30 am', () => {
    livingIn('Europe/Berlin');
    const now = new Date('2026-11-26T00:30:00+01:00');
    expect(dateGroupOf('2026-11-26T00:05:00+01:00', now)).toBe('Today');
    expect(dateGroupOf('2026-11-25T23:50:00+01:00', now)).toBe('Yesterday');
    expect(dateGroupOf('2026-11-25T00:00:00+01:00', now)).toBe('Yesterday');
    expect(dateGroupOf('2026-11-24T23:59:00+01:00', now)).toBe('Previous 7 days');

    // The same moments in New York are all still the 25th.
    livingIn('America/New_York');
    expect(dateGroupOf('2026-11-26T00:05:00+01:00', now)).toBe('Today');
    expect(dateGroupOf('2026-11-25T23:50:00+01:00', now)).toBe('Today');
    expect(dateGroupOf('2026-11-24T23:59:00+01:00', now)).toBe('Yesterday');
  });

  it('takes a week, then 30 days, then names the month; a moment ahead of the clock is today', () => {
    livingIn('UTC');
    const now = new Date('2026-11-26T10:00:00Z');
    expect(dateGroupOf('2026-11-26T12:00:00Z', now)).toBe('Today');
    expect(dateGroupOf('2026-11-19T08:00:00Z', now)).toBe('Previous 7 days');
    expect(dateGroupOf('2026-11-18T23:00:00Z', now)).toBe('Previous 30 days');
    expect(dateGroupOf('2026-10-27T09:00:00Z', now)).toBe('Previous 30 days');
    expect(dateGroupOf('2026-10-26T09:00:00Z', now, 'en-US')).toBe('October 2026');
    expect(dateGroupOf('2025-11-30T09:00:00Z', now, 'en-US')).toBe('November 2025');
  });

  it('keeps the list’s order and puts each item in one group of its name', () => {
    livingIn('UTC');
    const now = new Date('2026-11-26T10:00:00Z');
    const at = [
      '2026-11-26T09:00:00Z',
      '2026-11-25T09:00:00Z',
      '2026-11-26T08:00:00Z',
      '2026-09-01T00:00:00Z',
    ];
    const groups = groupByDate(at, (iso) => iso, now);
    expect(groups.map((g) => g.label)).toEqual(['Today', 'Yesterday', expect.stringMatching(/2026/)]);
    expect(groups[0]!.items).toEqual([at[0], at[2]]);
  });
});
