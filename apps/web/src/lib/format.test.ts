import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber, formatTime, setFormatPreferences } from './format';

afterEach(() => setFormatPreferences({ locale: undefined, timeZone: undefined }));

const meeting = '2026-12-07T14:30:00Z';

describe('format', () => {
  it('writes dates in the person’s language', () => {
    setFormatPreferences({ locale: 'en-GB', timeZone: 'Europe/London' });
    expect(formatDate(meeting)).toBe('7 Dec 2026');
    setFormatPreferences({ locale: 'en-US' });
    expect(formatDate(meeting)).toBe('Dec 7, 2026');
    setFormatPreferences({ locale: 'de-DE' });
    expect(formatDate(meeting, 'long')).toBe('Montag, 7. Dezember 2026');
  });

  it('shows times in the person’s zone, naming it when asked, or in a zone given', () => {
    setFormatPreferences({ locale: 'en-GB', timeZone: 'America/New_York' });
    expect(formatTime(meeting)).toMatch(/^0?9:30$/);
    expect(formatDateTime(meeting, { showZone: true })).toMatch(/^7 Dec 2026, 0?9:30 GMT-5$/);
    expect(formatDateTime(meeting, { timeZone: 'Asia/Tokyo' })).toMatch(/^7 Dec 2026, 23:30$/);
  });

  it('keeps a calendar date on its day in every zone', () => {
    setFormatPreferences({ locale: 'en-GB', timeZone: 'Pacific/Honolulu' });
    expect(formatDate('2026-12-10')).toBe('10 Dec 2026');
    setFormatPreferences({ timeZone: 'Pacific/Kiritimati' });
    expect(formatDate('2026-12-10')).toBe('10 Dec 2026');
  });

  it('groups numbers as the person’s language does', () => {
    setFormatPreferences({ locale: 'en-US' });
    expect(formatNumber(12345.6)).toBe('12,345.6');
    setFormatPreferences({ locale: 'de-DE' });
    expect(formatNumber(12345.6)).toBe('12.345,6');
    expect(formatNumber(0.42, { style: 'percent' })).toBe('42\u00a0%');
  });
});
