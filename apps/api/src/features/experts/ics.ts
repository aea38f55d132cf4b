/**
 * A minimal RFC 5545 writer for meeting invites (iTIP METHOD:REQUEST / METHOD:CANCEL, RFC 5546).
 * Lines end with CRLF and are folded at 75 octets (a continuation line starts with one space); TEXT values
 * are escaped (backslash, semicolon, comma, newline).
 */
export interface InviteAttendee {
  name: string;
  email: string;
  role?: 'REQ-PARTICIPANT' | 'OPT-PARTICIPANT' | 'CHAIR';
  partstat?: 'NEEDS-ACTION' | 'ACCEPTED' | 'DECLINED';
}

/**
 * Who holds the meeting (docs/decisions/062): the expert, with Liftoff as the sender (`SENT-BY`), so any
 * reply a calendar still sends reaches a person, never an address nobody reads.
 */
export interface InviteOrganizer {
  name: string;
  email: string;
  sentBy?: string;
}

export interface Invite {
  method: 'REQUEST' | 'CANCEL';
  uid: string;
  sequence: number;
  /** When this version of the invite was made. */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  organizer: InviteOrganizer;
  attendees: InviteAttendee[];
  /** Where the meeting takes place: its video call address (LOCATION, and URL for calendars that link it). */
  location?: string;
  url?: string;
  /** The event's STATUS for a REQUEST (a CANCEL is always CANCELLED). */
  status?: 'TENTATIVE' | 'CONFIRMED';
}

export const PRODID = '-//Liftoff//Expert meetings 1.0//EN';

export const escapeText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** A parameter value: quoted when it holds characters that would end it (RFC 5545 3.2); quotes are dropped. */
const paramValue = (value: string) => {
  const clean = value.replace(/"/g, "'").replace(/[\r\n]/g, ' ');
  return /[;:,]/.test(clean) ? `"${clean}"` : clean;
};

/** yyyymmddThhmmssZ */
export const utcStamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Folds one content line at 75 octets without splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = out.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/**
 * The VEVENT of an invite, a feed entry or a copy in the expert's own calendar. No attendee is asked for a
 * calendar reply (RSVP=FALSE): answers are given in Liftoff, which reads no iTIP REPLY. A copy written into
 * a CalDAV calendar (`serverSchedules: false`) carries SCHEDULE-AGENT=CLIENT (RFC 6638), so a server that
 * schedules on its own does not mail the attendees a second invite.
 */
function eventLines(
  invite: Omit<Invite, 'method'>,
  cancelled: boolean,
  options: { serverSchedules?: boolean } = {},
): string[] {
  const agent = options.serverSchedules === false ? ';SCHEDULE-AGENT=CLIENT' : '';
  const { organizer } = invite;
  const sentBy = organizer.sentBy ? `;SENT-BY="mailto:${organizer.sentBy}"` : '';
  return [
    'BEGIN:VEVENT',
    `UID:${invite.uid}`,
    `SEQUENCE:${invite.sequence}`,
    `DTSTAMP:${utcStamp(invite.stamp)}`,
    `DTSTART:${utcStamp(invite.start)}`,
    `DTEND:${utcStamp(invite.end)}`,
    `SUMMARY:${escapeText(invite.summary)}`,
    `DESCRIPTION:${escapeText(invite.description)}`,
    `ORGANIZER;CN=${paramValue(organizer.name)}${sentBy}${agent}:mailto:${organizer.email}`,
    ...invite.attendees.map(
      (a) =>
        `ATTENDEE;CN=${paramValue(a.name)};ROLE=${a.role ?? 'REQ-PARTICIPANT'};PARTSTAT=${a.partstat ?? 'NEEDS-ACTION'};RSVP=FALSE${agent}:mailto:${a.email}`,
    ),
    ...(invite.location ? [`LOCATION:${escapeText(invite.location)}`] : []),
    ...(invite.url ? [`URL:${invite.url}`] : []),
    `STATUS:${cancelled ? 'CANCELLED' : (invite.status ?? 'TENTATIVE')}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
}

const calendarOf = (head: string[], events: string[][]) =>
  [
    'BEGIN:VCALENDAR',
    `PRODID:${PRODID}`,
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    ...head,
    ...events.flat(),
    'END:VCALENDAR',
  ]
    .map(foldLine)
    .join('\r\n') + '\r\n';

export function buildInvite(invite: Invite): string {
  return calendarOf([`METHOD:${invite.method}`], [eventLines(invite, invite.method === 'CANCEL')]);
}

/**
 * A subscription calendar (no METHOD: it is published, not an iTIP message). Calendars poll it and keep
 * events by UID, so an entry that leaves the feed leaves the subscriber's calendar.
 */
export function buildFeed(name: string, events: Omit<Invite, 'method'>[]): string {
  return calendarOf(
    [`X-WR-CALNAME:${escapeText(name)}`, 'REFRESH-INTERVAL;VALUE=DURATION:PT1H', 'X-PUBLISHED-TTL:PT1H'],
    events.map((event) => eventLines(event, false)),
  );
}

/**
 * The event as a calendar object to store in a CalDAV collection (RFC 4791 4.1: one UID, no METHOD), the
 * expert's copy of an accepted meeting.
 */
export function buildCalendarObject(event: Omit<Invite, 'method'>): string {
  return calendarOf([], [eventLines(event, false, { serverSchedules: false })]);
}

/** The address part of a From header such as `Liftoff <no-reply@liftoff.local>`. */
export function mailAddress(from: string): { name: string; email: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  if (match) return { name: match[1]!.trim() || match[2]!, email: match[2]!.trim() };
  return { name: from.trim(), email: from.trim() };
}
