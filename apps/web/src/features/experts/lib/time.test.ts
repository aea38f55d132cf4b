import { describe, expect, it } from 'vitest';
import { addDays, formatTime, nextWeekday, todayIn } from './time';

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
