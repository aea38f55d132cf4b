/** The offset (ms) of `timeZone` from UTC at the instant `at`. */
function offsetAt(at: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(
    +parts.year!,
    +parts.month! - 1,
    +parts.day!,
    +parts.hour!,
    +parts.minute!,
    +parts.second!,
  );
  return asUtc - at.getTime();
}

/** Midnight at the start of the calendar day `date` (YYYY-MM-DD) in `timeZone`, as an instant. */
export function startOfDayIn(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  // Two passes settle the offset across a daylight-saving change on that day.
  let instant = guess - offsetAt(new Date(guess), timeZone);
  instant = guess - offsetAt(new Date(instant), timeZone);
  return new Date(instant);
}

/** The instant a cohort's last day is over: midnight after `endDate` in its time zone. */
export function cohortEndsAt(endDate: string, timeZone: string): Date {
  const [y, m, d] = endDate.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return startOfDayIn(next, timeZone);
}

/** Monday 00:00 UTC of the week of `at`, and the Monday after. */
export function weekAround(at: Date): { from: Date; to: Date } {
  const day = (at.getUTCDay() + 6) % 7;
  const from = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() - day));
  return { from, to: new Date(from.getTime() + 7 * 86_400_000) };
}
