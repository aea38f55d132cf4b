import { describe, expect, it } from 'vitest';
import { formatDate, ratingText, readingTime } from './format';

describe('explore formatting', () => {
  it('formats publication dates as calendar days in UTC', () => {
    expect(formatDate('2026-10-06T23:30:00.000Z')).toBe('Oct 6, 2026');
    expect(formatDate('not a date')).toBe('');
  });
  it('rounds reading time and never says zero minutes', () => {
    expect(readingTime(0)).toBe('1 min read');
    expect(readingTime(7)).toBe('7 min read');
  });
  it('describes the rating for screen readers', () => {
    expect(ratingText(4.34, 118)).toBe('4.3 out of 5 from 118 ratings');
    expect(ratingText(5, 1)).toBe('5 out of 5 from 1 rating');
    expect(ratingText(0, 0)).toBe('No ratings yet');
  });
});
