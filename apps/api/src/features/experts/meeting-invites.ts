import type { FounderContext } from '@liftoff/contracts/experts';
import { DateTime } from 'luxon';
import type { DbOrTx } from '../../db/client.js';
import type { MailContent } from '../../lib/mail-template.js';
import type { Mailer } from '../../plugins/mail.js';
import { buildCalendarObject, buildInvite, mailAddress, type Invite } from './ics.js';
import { videoUrlOf } from './meeting-place.js';
import type { ExpertRow, MeetingRequestRow } from './tables.js';

export interface MeetingInviteDeps {
  mailer: Mailer;
  appUrl: string;
  mailFrom: string;
  now: () => Date;
}

export const fullName = (row: { firstName: string; lastName: string }) =>
  `${row.firstName} ${row.lastName}`.trim();

export const when = (date: Date, zone: string) =>
  `${DateTime.fromJSDate(date, { zone }).toFormat("cccc d LLLL yyyy 'at' HH:mm")} (${zone})`;

export function contextLines(context: FounderContext, email?: string | null): string[] {
  return [
    `Founder: ${context.founderName ?? 'not given'}${email ? ` <${email}>` : ''}`,
    `Startup: ${context.startupName ?? 'not given'}`,
    `Program: ${context.programName ?? 'not enrolled'}`,
    `Milestone: ${context.milestoneName ?? '—'}`,
    `Mission: ${context.missionName ?? '—'}`,
  ];
}

/** A meeting holds the expert's time (and is a REQUEST in calendars) while REQUESTED or ACCEPTED. */
export const isLive = (row: MeetingRequestRow) => row.status === 'REQUESTED' || row.status === 'ACCEPTED';

/**
 * The calendar invites of meetings and the mails that carry them (docs/decisions/005). One UID per meeting
 * (`<id>@<APP_URL host>`) for its whole life; every change raises SEQUENCE in the row, so calendars replace
 * the earlier version instead of adding a second event.
 */
export function meetingInvites(deps: MeetingInviteDeps) {
  const domain = new URL(deps.appUrl).hostname;
  const sender = mailAddress(deps.mailFrom);

  /** The event as it stands, for an invite or a feed entry. */
  function eventOf(row: MeetingRequestRow, expert: ExpertRow, founderEmail: string): Omit<Invite, 'method'> {
    const context = row.context;
    const founderName = context?.founderName ?? founderEmail;
    const accepted = row.status === 'ACCEPTED';
    // The expert proposed this time: they stand by it while the founder decides.
    const awaitingFounder = row.status === 'REQUESTED' && row.awaiting === 'founder';
    const expertAgreed = accepted || awaitingFounder;
    const video = videoUrlOf(row);
    return {
      status: accepted ? 'CONFIRMED' : 'TENTATIVE',
      uid: `${row.id}@${domain}`,
      sequence: row.sequence,
      stamp: deps.now(),
      start: row.startsAt,
      end: row.endsAt,
      summary: `${row.serviceName}: ${founderName} × ${fullName(expert)} (Liftoff)`,
      description: [
        row.note ? `Note from the founder: ${row.note}` : 'No note from the founder.',
        ...(row.expertMessage ? [`Message from ${expert.firstName}: ${row.expertMessage}`] : []),
        ...(row.notes ? ['', `Notes after the meeting:`, row.notes] : []),
        '',
        `Join the video call: ${video}`,
        '',
        ...(context ? contextLines(context, founderEmail) : [`Founder: ${founderEmail}`]),
        '',
        // Calendars' Yes/No buttons reach the expert's mailbox, not Liftoff (docs/decisions/062).
        `Requested through Liftoff (${deps.appUrl}): answer, move or cancel it there.`,
      ].join('\n'),
      // The expert holds the meeting; Liftoff sends for them (docs/decisions/062).
      organizer: { name: fullName(expert), email: expert.email, sentBy: sender.email },
      attendees: [
        // The founder asked for this time, so they stand by it unless the expert proposed another.
        { name: founderName, email: founderEmail, partstat: awaitingFounder ? 'NEEDS-ACTION' : 'ACCEPTED' },
        {
          name: fullName(expert),
          email: expert.email,
          role: 'CHAIR',
          partstat: expertAgreed ? 'ACCEPTED' : 'NEEDS-ACTION',
        },
      ],
      location: video,
      url: video,
    };
  }

  /** The .ics of a meeting as it stands: a REQUEST while it is live, a CANCEL once cancelled or declined. */
  function inviteOf(row: MeetingRequestRow, expert: ExpertRow, founderEmail: string): string {
    return buildInvite({ ...eventOf(row, expert, founderEmail), method: isLive(row) ? 'REQUEST' : 'CANCEL' });
  }

  /**
   * Puts a mail in the outbox, in the transaction `tx` of what it tells when there is one, so the mail is kept
   * exactly when the question or meeting is; the outbox sends it and retries a failed send.
   */
  async function queueMail(
    to: string,
    content: MailContent,
    ics?: { body: string; method: 'REQUEST' | 'CANCEL' },
    tx?: DbOrTx,
  ) {
    const attachments = ics
      ? [
          {
            filename: 'invite.ics',
            content: ics.body,
            contentType: `text/calendar; charset=utf-8; method=${ics.method}`,
          },
        ]
      : [];
    await deps.mailer.send(to, content, attachments, tx);
  }

  /** The meeting's current invite, ready to attach. */
  const attachmentOf = (row: MeetingRequestRow, expert: ExpertRow, founderEmail: string) => ({
    body: inviteOf(row, expert, founderEmail),
    method: isLive(row) ? ('REQUEST' as const) : ('CANCEL' as const),
  });

  /** The expert's own copy of the meeting, as a CalDAV calendar object. */
  const calendarObjectOf = (row: MeetingRequestRow, expert: ExpertRow, founderEmail: string) =>
    buildCalendarObject(eventOf(row, expert, founderEmail));

  return { eventOf, inviteOf, queueMail, attachmentOf, calendarObjectOf };
}

export type MeetingInvites = ReturnType<typeof meetingInvites>;
