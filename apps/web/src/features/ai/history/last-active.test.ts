import { describe, expect, it } from 'vitest';
import { lastActive } from './last-active';

// Local times, so the calendar days are the founder's own whatever zone the tests run in.
const now = new Date(2026, 10, 24, 15, 0);
const at = (...parts: [number, number, number, number, number]) => new Date(...parts).toISOString();

describe('when a conversation was last active', () => {
  it('says today or yesterday with the time', () => {
    expect(lastActive(at(2026, 10, 24, 13, 47), now, 'en-US')).toBe('today at 1:47 PM');
    expect(lastActive(at(2026, 10, 24, 0, 5), now, 'en-US')).toBe('today at 12:05 AM');
    // Late last night is yesterday, though it is less than 24 hours ago.
    expect(lastActive(at(2026, 10, 23, 23, 30), now, 'en-US')).toBe('yesterday at 11:30 PM');
  });

  it('names the weekday within the week, else the date, with the year only when it differs', () => {
    expect(lastActive(at(2026, 10, 20, 9, 0), now, 'en-US')).toBe('on Friday');
    expect(lastActive(at(2026, 10, 17, 9, 0), now, 'en-US')).toBe('on Nov 17');
    expect(lastActive(at(2025, 11, 31, 9, 0), now, 'en-US')).toBe('on Dec 31, 2025');
  });

  it('says nothing of a date it cannot read', () => {
    expect(lastActive('not a date', now)).toBe('');
  });
});
