import type { FounderContext } from '@liftoff/contracts/experts';
import { DateTime } from 'luxon';
import type { DbOrTx } from '../../db/client.js';
import type { MailContent } from '../../lib/mail-template.js';
import type { Mailer } from '../../plugins/mail.js';
import { buildInvite, mailAddress, type Invite } from './ics.js';
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
  const organizer = mailAddress(deps.mailFrom);

  /** The event as it stands, for an invite or a feed entry. */
  function eventOf(row: MeetingRequestRow, expert: ExpertRow, founderEmail: string): Omit<Invite, 'method'> {
    const context = row.context;
    const founderName = context?.founderName ?? founderEmail;
    const accepted = row.status === 'ACCEPTED';
    // The expert proposed this time: they stand by it while the founder decides.
    const expertAgreed = accepted || (row.status === 'REQUESTED' && row.awaiting === 'founder');
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
        ...(context ? contextLines(context, founderEmail) : [`Founder: ${founderEmail}`]),
        '',
        `Requested through Liftoff (${deps.appUrl}).`,
      ].join('\n'),
      organizer,
      attendees: [
        {
          name: founderName,
          email: founderEmail,
          partstat: accepted ? 'ACCEPTED' : 'NEEDS-ACTION',
        },
        { name: fullName(expert), email: expert.email, partstat: expertAgreed ? 'ACCEPTED' : 'NEEDS-ACTION' },
      ],
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

  return { eventOf, inviteOf, queueMail, attachmentOf };
}

export type MeetingInvites = ReturnType<typeof meetingInvites>;
