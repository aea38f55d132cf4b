import { meetingsErrors, type PortalMeeting, type RateMeetingBody } from '@liftoff/contracts/expert-meetings';
import { expertErrors, type MeetingRequest } from '@liftoff/contracts/experts';
import type { DbOrTx } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { dateIn } from './availability.js';
import type { MeetingsDeps } from './meetings-deps.js';
import { meetingsRepository } from './meetings-repository.js';
import { expertsRepository, toMeeting } from './repository.js';
import type { ExpertRow, MeetingRequestRow } from './tables.js';

/** What the meetings service lends these changes (meetings-service.ts). */
interface MeetingsAfterParts {
  deps: MeetingsDeps;
  expertMeeting: (userId: string, id: string) => Promise<{ expert: ExpertRow; row: MeetingRequestRow }>;
  toPortal: (rows: MeetingRequestRow[], expert: ExpertRow) => Promise<PortalMeeting[]>;
  checkNotice: (row: MeetingRequestRow, expert: ExpertRow, refusal?: string) => void;
  slotsFor: (expert: ExpertRow, row: MeetingRequestRow, date: string, tx?: DbOrTx) => Promise<number[]>;
  announce: (
    row: MeetingRequestRow,
    expert: ExpertRow,
    change: 'rescheduled',
    by: 'founder' | 'expert',
  ) => Promise<void>;
}

const meetingMissing = () => notFound('Meeting request not found.');

/** True when the error is PostgreSQL's unique violation (also when Drizzle wraps it). */
function isUniqueViolation(error: unknown): boolean {
  for (
    let e = error as { code?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code === '23505') return true;
  }
  return false;
}

/**
 * The founder moving their meeting, and what is written once a meeting was held: the expert's no-show mark
 * and each side's rating. A move is a new version of the event (same UID, SEQUENCE + 1, mailed to both);
 * a mark or a rating is not, so it raises nothing and mails nobody.
 */
export function meetingsAfter(parts: MeetingsAfterParts) {
  const { deps } = parts;
  const { db } = deps;

  async function founderMeeting(founderId: string, id: string) {
    const row = await expertsRepository(db).meetingOf(founderId, id);
    if (!row) throw meetingMissing();
    const expert = (await expertsRepository(db).findById(row.expertId))!;
    return { row, expert };
  }

  const held = (row: MeetingRequestRow) => row.status === 'ACCEPTED' && row.endsAt <= deps.now();
  const rating = (body: RateMeetingBody) => ({ score: body.score, note: body.note || null });

  return {
    /**
     * The founder moves an accepted meeting, or a request still waiting for the expert, to another free slot
     * of the same expert (its own time counted free), up to the minimum notice. The expert confirms the new
     * time, unless they allow moves at once (`autoAcceptReschedule`) and the meeting was accepted.
     */
    async reschedule(founderId: string, id: string, start: string): Promise<MeetingRequest> {
      const { row, expert } = await founderMeeting(founderId, id);
      const movable = row.status === 'ACCEPTED' || (row.status === 'REQUESTED' && row.awaiting === 'expert');
      if (!movable) throw conflict(meetingsErrors.notReschedulable);
      parts.checkNotice(row, expert, meetingsErrors.tooLateToMove);
      const at = Date.parse(start);
      let after: MeetingRequestRow;
      try {
        after = await db.transaction(async (tx) => {
          const locked = (await expertsRepository(tx).lockById(expert.id))!;
          const free = await parts.slotsFor(locked, row, dateIn(at, locked.availability.timezone), tx);
          if (!free.includes(at)) {
            throw badRequest(expertErrors.notASlot, [
              { path: 'start', message: 'Not one of the free slots' },
            ]);
          }
          const stays = row.status === 'ACCEPTED' && locked.availability.autoAcceptReschedule === true;
          const moved = await meetingsRepository(tx).change(
            row.id,
            row.status === 'ACCEPTED'
              ? { statuses: ['ACCEPTED'] }
              : { statuses: ['REQUESTED'], awaiting: 'expert' },
            {
              status: stays ? 'ACCEPTED' : 'REQUESTED',
              awaiting: 'expert',
              startsAt: new Date(at),
              endsAt: new Date(at + row.durationMinutes * 60_000),
            },
          );
          if (!moved) throw conflict(meetingsErrors.notReschedulable);
          return moved;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(expertErrors.slotTaken);
        throw error;
      }
      await parts.announce(after, expert, 'rescheduled', 'founder');
      return toMeeting(after, expert);
    },

    /** The expert marks that the founder did not come, once the accepted meeting has started. */
    async markNoShow(userId: string, id: string): Promise<PortalMeeting> {
      const { expert, row } = await parts.expertMeeting(userId, id);
      if (row.status !== 'ACCEPTED' || row.startsAt > deps.now()) throw conflict(meetingsErrors.notStarted);
      const after = await meetingsRepository(db).record(row.id, { noShowAt: row.noShowAt ?? deps.now() });
      if (!after) throw conflict(meetingsErrors.notStarted);
      return (await parts.toPortal([after], expert))[0]!;
    },

    async rateByExpert(userId: string, id: string, body: RateMeetingBody): Promise<PortalMeeting> {
      const { expert, row } = await parts.expertMeeting(userId, id);
      if (!held(row)) throw conflict(meetingsErrors.notHeld);
      const { score, note } = rating(body);
      const after = await meetingsRepository(db).record(row.id, {
        expertRating: score,
        expertRatingNote: note,
      });
      if (!after) throw conflict(meetingsErrors.notHeld);
      return (await parts.toPortal([after], expert))[0]!;
    },

    async rateByFounder(founderId: string, id: string, body: RateMeetingBody): Promise<MeetingRequest> {
      const { row, expert } = await founderMeeting(founderId, id);
      if (!held(row)) throw conflict(meetingsErrors.notHeld);
      const { score, note } = rating(body);
      const after = await meetingsRepository(db).record(row.id, {
        founderRating: score,
        founderRatingNote: note,
      });
      if (!after) throw conflict(meetingsErrors.notHeld);
      return toMeeting(after, expert);
    },
  };
}
