import {
  meetingsErrors,
  type AnswerMeetingBody,
  type PortalMeeting,
  type PortalMeetingFilter,
  type ProposeMeetingBody,
} from '@liftoff/contracts/expert-meetings';
import { expertErrors, type Availability, type MeetingRequest } from '@liftoff/contracts/experts';
import type { AppEvent } from '@liftoff/contracts/events';
import type { DbOrTx } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { dateIn, dayBounds, freeSlots, isCalendarDate, isoIn } from './availability.js';
import { calendarFeeds } from './calendar-feeds.js';
import { meetingsAfter } from './meetings-after.js';
import { fullName, isLive, meetingInvites, when } from './meeting-invites.js';
import { videoUrlOf } from './meeting-place.js';
import type { MeetingsDeps } from './meetings-deps.js';
import { meetingsRepository, type MeetingChange } from './meetings-repository.js';
import { portalRepository } from './portal-repository.js';
import { expertsRepository, toMeeting } from './repository.js';
import type { ExpertRow, MeetingRequestRow } from './tables.js';

export type { MeetingsDeps } from './meetings-deps.js';

type Change = Extract<AppEvent, { type: 'meeting.changed' }>['change'];

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const meetingMissing = () => notFound('Meeting request not found.');

/** The mail subject's first word(s) for each change. */
const subjects: Record<Change, string> = {
  accepted: 'Accepted',
  declined: 'Declined',
  proposed: 'New time proposed',
  proposal_accepted: 'Accepted',
  proposal_declined: 'Declined',
  cancelled: 'Cancelled',
  notes: 'Notes',
  rescheduled: 'Moved',
};

/** What each change tells the founder and the expert, in the mail that carries the updated invite. */
const wording: Record<Change, { founder: string; expert: string }> = {
  accepted: { founder: '{expert} accepted your meeting', expert: 'You accepted the meeting' },
  declined: { founder: '{expert} declined your meeting', expert: 'You declined the meeting' },
  proposed: { founder: '{expert} proposed another time', expert: 'You proposed another time' },
  proposal_accepted: {
    founder: 'You accepted the new time',
    expert: '{founder} accepted your proposed time',
  },
  proposal_declined: {
    founder: 'You declined the new time',
    expert: '{founder} declined your proposed time',
  },
  cancelled: { founder: 'The meeting is cancelled', expert: 'The meeting is cancelled' },
  notes: { founder: '{expert} shared notes from your meeting', expert: 'Your notes are shared' },
  rescheduled: { founder: 'You moved the meeting', expert: '{founder} moved the meeting to another time' },
};

/**
 * The expert's side of meetings (answer, propose another slot, cancel, notes, calendar feed) and the
 * founder's answer to a proposal. Scope follows the person: an expert reaches only meetings of their own
 * profile, a founder only their own; anything else is the 404 of a meeting that does not exist. Every change
 * raises SEQUENCE in one conditional UPDATE, mails both sides the updated invite (same UID) through the
 * outbox, and publishes `meeting.changed` for the notification centre.
 */
export function createMeetingsService(deps: MeetingsDeps) {
  const { db } = deps;
  const invites = meetingInvites(deps);

  async function ownProfile(userId: string): Promise<ExpertRow> {
    const expert = await portalRepository(db).expertOfUser(userId);
    if (!expert) throw notFound('No expert profile is linked to your account. Ask the program team.');
    return expert;
  }

  async function expertMeeting(userId: string, id: string) {
    const expert = await ownProfile(userId);
    const row = await meetingsRepository(db).oneOfExpert(expert.id, id);
    if (!row) throw meetingMissing();
    return { expert, row };
  }

  async function toPortal(rows: MeetingRequestRow[], expert: ExpertRow): Promise<PortalMeeting[]> {
    const people = await deps.people([...new Set(rows.map((r) => r.userId))]);
    return rows.map((row) => {
      const person = people.get(row.userId);
      return {
        ...toMeeting(row, expert),
        expertRating:
          row.expertRating === null ? null : { score: row.expertRating, note: row.expertRatingNote },
        founderName: row.context?.founderName ?? person?.name ?? 'A founder',
        founderEmail: person?.email ?? '',
        context: row.context,
      };
    });
  }

  /** Either side may cancel until the minimum notice before the start; after that the time is kept. */
  function checkNotice(
    row: MeetingRequestRow,
    expert: ExpertRow,
    refusal: string = meetingsErrors.tooLateToCancel,
  ) {
    const notice = expert.availability.minimumNoticeHours * HOUR;
    if (row.startsAt.getTime() - deps.now().getTime() < notice) throw conflict(refusal);
  }

  /** Mails both sides the meeting's current invite and tells each account in the notification centre. */
  async function announce(
    row: MeetingRequestRow,
    expert: ExpertRow,
    change: Change,
    by: 'founder' | 'expert',
  ) {
    const founder = (await deps.people([row.userId])).get(row.userId);
    const founderEmail = founder?.email ?? '';
    const founderName = row.context?.founderName ?? founder?.name ?? founderEmail;
    const ics = invites.attachmentOf(row, expert, founderEmail);
    await deps.syncCopy(row, expert, founderEmail);
    const fill = (text: string) =>
      text.replace('{expert}', fullName(expert)).replace('{founder}', founderName);
    const message =
      row.expertMessage && by === 'expert' ? [`Message from ${expert.firstName}: ${row.expertMessage}`] : [];
    const notes = change === 'notes' && row.notes ? ['Notes:', row.notes] : [];
    for (const side of ['founder', 'expert'] as const) {
      const zone = side === 'founder' ? row.timezone : expert.availability.timezone;
      const heading = fill(wording[change][side]);
      await invites.queueMail(
        side === 'founder' ? founderEmail : expert.email,
        {
          subject: `${subjects[change]}: ${row.serviceName} with ${side === 'founder' ? fullName(expert) : founderName}`,
          heading,
          paragraphs: [
            `${row.serviceName} (${row.durationMinutes} minutes) on ${when(row.startsAt, zone)}, ${side === 'founder' ? `with ${fullName(expert)}` : `with ${founderName}`}.`,
            ...message,
            ...notes,
            ...(ics.method === 'REQUEST' ? [`Join the video call: ${videoUrlOf(row)}`] : []),
            ics.method === 'CANCEL'
              ? 'The attached invite removes it from your calendar.'
              : 'The attached invite updates your calendar.',
          ],
          action:
            side === 'founder'
              ? { label: 'See your meeting requests', url: `${deps.appUrl}/overview?meeting=${row.id}` }
              : { label: 'Open your meetings', url: `${deps.appUrl}/expert/meetings` },
          ...(side === 'expert'
            ? { footer: 'You received this e-mail because you are a Liftoff expert.' }
            : {}),
        },
        ics,
      );
    }
    const base = {
      type: 'meeting.changed' as const,
      meetingId: row.id,
      change,
      actorName: by === 'founder' ? founderName : fullName(expert),
      serviceName: row.serviceName,
      start: row.startsAt.toISOString(),
    };
    // Each side hears of what the other did; the actor gets the mail alone.
    if (by === 'expert') deps.publish({ ...base, recipientId: row.userId, recipientSide: 'founder' });
    if (by === 'founder' && expert.userId)
      deps.publish({ ...base, recipientId: expert.userId, recipientSide: 'expert' });
  }

  async function change(
    expert: ExpertRow,
    row: MeetingRequestRow,
    from: Parameters<ReturnType<typeof meetingsRepository>['change']>[1],
    set: MeetingChange,
    event: Change,
    by: 'founder' | 'expert',
    refusal: string,
  ) {
    const after = await meetingsRepository(db).change(row.id, from, set);
    if (!after) throw conflict(refusal);
    await announce(after, expert, event, by);
    return after;
  }

  /** The expert's free slots on a date for this meeting's service, the meeting's own time counted free. */
  async function slotsFor(expert: ExpertRow, row: MeetingRequestRow, date: string, tx?: DbOrTx) {
    const rules = expert.availability;
    const zone = rules.timezone;
    const day = dayBounds(date, zone);
    const busy = await deps.busy(expert, new Date(day.start - DAY), new Date(day.end + DAY), {
      except: row.id,
      ...(tx ? { db: tx } : {}),
    });
    const service = { serviceKey: row.serviceKey, name: row.serviceName, duration: row.durationMinutes };
    return freeSlots({ rules, service, date, timezone: zone, now: deps.now(), busy });
  }

  return {
    async list(userId: string, filter?: PortalMeetingFilter): Promise<PortalMeeting[]> {
      const expert = await ownProfile(userId);
      return toPortal(await meetingsRepository(db).ofExpert(expert.id, filter, deps.now()), expert);
    },

    async answer(userId: string, id: string, body: AnswerMeetingBody): Promise<PortalMeeting> {
      const { expert, row } = await expertMeeting(userId, id);
      const accept = body.answer === 'accept';
      const after = await change(
        expert,
        row,
        { statuses: ['REQUESTED'], awaiting: 'expert' },
        { status: accept ? 'ACCEPTED' : 'DECLINED', expertMessage: body.message || null },
        accept ? 'accepted' : 'declined',
        'expert',
        meetingsErrors.notAwaitingYou,
      );
      return (await toPortal([after], expert))[0]!;
    },

    async slots(userId: string, id: string, date: string): Promise<Availability> {
      if (!isCalendarDate(date)) {
        throw badRequest(`date: "${date}" is not a calendar date in the form YYYY-MM-DD.`, [
          { path: 'date', message: 'Expected a real date, YYYY-MM-DD' },
        ]);
      }
      const { expert, row } = await expertMeeting(userId, id);
      const zone = expert.availability.timezone;
      return {
        slots: (await slotsFor(expert, row, date)).map((ms) => isoIn(ms, zone)),
        timezone: zone,
        serviceKey: row.serviceKey,
        duration: row.durationMinutes,
        date,
        expertTimezone: zone,
      };
    },

    /**
     * The expert moves a pending or accepted meeting to another of their free slots; it then waits for the
     * founder. The expert's row is locked as in booking, so a founder cannot take the slot meanwhile.
     */
    async propose(userId: string, id: string, body: ProposeMeetingBody): Promise<PortalMeeting> {
      const { expert, row } = await expertMeeting(userId, id);
      if (!isLive(row)) throw conflict(meetingsErrors.notMovable);
      const start = Date.parse(body.start);
      const after = await db.transaction(async (tx) => {
        const locked = (await expertsRepository(tx).lockById(expert.id))!;
        const free = await slotsFor(locked, row, dateIn(start, locked.availability.timezone), tx);
        if (!free.includes(start)) {
          throw badRequest(expertErrors.notASlot, [{ path: 'start', message: 'Not one of your free slots' }]);
        }
        const moved = await meetingsRepository(tx).change(
          row.id,
          { statuses: ['REQUESTED', 'ACCEPTED'] },
          {
            status: 'REQUESTED',
            awaiting: 'founder',
            startsAt: new Date(start),
            endsAt: new Date(start + row.durationMinutes * 60_000),
            expertMessage: body.message || null,
          },
        );
        if (!moved) throw conflict(meetingsErrors.notMovable);
        return moved;
      });
      await announce(after, expert, 'proposed', 'expert');
      return (await toPortal([after], expert))[0]!;
    },

    async cancelByExpert(userId: string, id: string, message?: string): Promise<PortalMeeting> {
      const { expert, row } = await expertMeeting(userId, id);
      if (!isLive(row)) throw conflict(meetingsErrors.notCancellable);
      checkNotice(row, expert);
      const after = await change(
        expert,
        row,
        { statuses: ['REQUESTED', 'ACCEPTED'] },
        { status: 'CANCELLED', cancelledBy: 'expert', expertMessage: message || null },
        'cancelled',
        'expert',
        meetingsErrors.notCancellable,
      );
      return (await toPortal([after], expert))[0]!;
    },

    async notes(userId: string, id: string, notes: string): Promise<PortalMeeting> {
      const { expert, row } = await expertMeeting(userId, id);
      if (row.status !== 'ACCEPTED' || row.endsAt > deps.now()) throw conflict(meetingsErrors.notesTooEarly);
      const after = await change(
        expert,
        row,
        { statuses: ['ACCEPTED'] },
        { notes },
        'notes',
        'expert',
        meetingsErrors.notesTooEarly,
      );
      return (await toPortal([after], expert))[0]!;
    },

    /** The founder accepts or declines the time the expert proposed. */
    async answerProposal(
      founderId: string,
      id: string,
      answer: 'accept' | 'decline',
    ): Promise<MeetingRequest> {
      const row = await expertsRepository(db).meetingOf(founderId, id);
      if (!row) throw meetingMissing();
      const expert = (await expertsRepository(db).findById(row.expertId))!;
      const accept = answer === 'accept';
      const after = await change(
        expert,
        row,
        { statuses: ['REQUESTED'], awaiting: 'founder' },
        { status: accept ? 'ACCEPTED' : 'DECLINED' },
        accept ? 'proposal_accepted' : 'proposal_declined',
        'founder',
        meetingsErrors.notAwaitingYou,
      );
      return toMeeting(after, expert);
    },

    /** The expert's answer through the signed link of their mail (decision 005): no account needed. */
    async answerByLink(id: string, answer: 'accept' | 'decline'): Promise<MeetingRequest> {
      const row = await expertsRepository(db).meetingById(id);
      if (!row) throw meetingMissing();
      const expert = (await expertsRepository(db).findById(row.expertId))!;
      const accept = answer === 'accept';
      const refusal =
        row.status === 'REQUESTED'
          ? meetingsErrors.notAwaitingYou
          : `This meeting request is already ${row.status.toLowerCase()}.`;
      const after = await change(
        expert,
        row,
        { statuses: ['REQUESTED'], awaiting: 'expert' },
        { status: accept ? 'ACCEPTED' : 'DECLINED' },
        accept ? 'accepted' : 'declined',
        'expert',
        refusal,
      );
      return toMeeting(after, expert);
    },

    /** The founder cancels their request or meeting, up to the minimum notice. */
    async cancelByFounder(founderId: string, id: string): Promise<MeetingRequest> {
      const row = await expertsRepository(db).meetingOf(founderId, id);
      if (!row) throw meetingMissing();
      const expert = (await expertsRepository(db).findById(row.expertId))!;
      if (!isLive(row)) throw conflict(expertErrors.alreadyCancelled);
      checkNotice(row, expert);
      const after = await change(
        expert,
        row,
        { statuses: ['REQUESTED', 'ACCEPTED'] },
        { status: 'CANCELLED', cancelledBy: 'founder' },
        'cancelled',
        'founder',
        expertErrors.alreadyCancelled,
      );
      return toMeeting(after, expert);
    },

    ...meetingsAfter({ deps, expertMeeting, toPortal, checkNotice, slotsFor, announce }),
    ...calendarFeeds(deps, ownProfile),
  };
}

export type MeetingsService = ReturnType<typeof createMeetingsService>;
