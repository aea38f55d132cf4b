import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  formatTime,
  monthGrid,
  monthOf,
  nextWeekday,
  todayIn,
  utcOffset,
  zoneOptions,
} from './time';

describe('booking dates', () => {
  it("reads today's date in the given zone", () => {
    const instant = new Date('2026-03-08T03:30:00Z');
    expect(todayIn('America/New_York', instant)).toBe('2026-03-07');
    expect(todayIn('Asia/Kolkata', instant)).toBe('2026-03-08');
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('moves a weekend date to the next Monday', () => {
    expect(nextWeekday('2026-11-21')).toBe('2026-11-23');
    expect(nextWeekday('2026-11-24')).toBe('2026-11-24');
  });

  it("shows a slot in the chosen zone's wall-clock time", () => {
    expect(formatTime('2026-03-09T13:00:00Z', 'America/New_York')).toMatch(/9:00/);
    expect(formatTime('2026-03-09T13:00:00Z', 'Asia/Kolkata')).toMatch(/6:30/);
  });
});

describe('zones with offsets and the month grid', () => {
  const winter = new Date('2026-01-15T12:00:00Z');

  it('gives each zone its UTC offset, half hours and UTC itself included', () => {
    expect(utcOffset('Asia/Kolkata', winter)).toBe('+05:30');
    expect(utcOffset('America/New_York', winter)).toBe('-05:00');
    expect(utcOffset('America/New_York', new Date('2026-07-15T12:00:00Z'))).toBe('-04:00');
    expect(utcOffset('UTC', winter)).toBe('+00:00');
  });

  it("lists the founder's zone first, then west to east", () => {
    const options = zoneOptions('Asia/Kolkata', [], winter);
    expect(options[0]).toEqual({ zone: 'Asia/Kolkata', offset: '+05:30', label: 'UTC+05:30 Asia/Kolkata' });
    const rest = options.slice(1).map((option) => option.zone);
    expect(rest).not.toContain('Asia/Kolkata');
    expect(rest.indexOf('America/New_York')).toBeLessThan(rest.indexOf('Europe/Berlin'));
    expect(rest.indexOf('Europe/Berlin')).toBeLessThan(rest.indexOf('Asia/Tokyo'));
  });

  it('lays a month out Monday first and steps across years', () => {
    // 1 March 2026 is a Sunday: six blanks before it.
    const grid = monthGrid('2026-03');
    expect(grid.slice(0, 7)).toEqual([null, null, null, null, null, null, '2026-03-01']);
    expect(grid.at(-1)).toBe('2026-03-31');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(monthOf('2026-03-09')).toBe('2026-03');
  });
});
