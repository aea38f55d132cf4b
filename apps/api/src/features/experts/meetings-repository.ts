import type { PortalMeetingFilter } from '@liftoff/contracts/expert-meetings';
import { and, asc, desc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { isUuid } from './repository.js';
import { expertCalendarFeeds, meetingRequests, type MeetingRequestRow } from './tables.js';

type Status = MeetingRequestRow['status'];

/** What a change of a meeting writes, besides the SEQUENCE it always raises. */
export type MeetingChange = Partial<
  Pick<
    typeof meetingRequests.$inferInsert,
    'status' | 'awaiting' | 'expertMessage' | 'cancelledBy' | 'notes' | 'startsAt' | 'endsAt'
  >
>;

/** The expert portal's meeting SQL: always scoped to one expert's profile. */
export function meetingsRepository(db: DbOrTx) {
  return {
    async ofExpert(expertId: string, filter: PortalMeetingFilter | undefined, now: Date) {
      const m = meetingRequests;
      const where: Record<PortalMeetingFilter, SQL | undefined> = {
        pending: and(eq(m.status, 'REQUESTED'), gt(m.endsAt, now)),
        accepted: and(eq(m.status, 'ACCEPTED'), gt(m.endsAt, now)),
        declined: inArray(m.status, ['DECLINED', 'CANCELLED']),
        past: and(eq(m.status, 'ACCEPTED'), lte(m.endsAt, now)),
      };
      return (
        db
          .select()
          .from(m)
          .where(and(eq(m.expertId, expertId), filter ? where[filter] : undefined))
          // What comes next first; the past newest first.
          .orderBy(filter === 'past' || filter === 'declined' ? desc(m.startsAt) : asc(m.startsAt))
      );
    },
    async oneOfExpert(expertId: string, id: string): Promise<MeetingRequestRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select()
        .from(meetingRequests)
        .where(and(eq(meetingRequests.id, id), eq(meetingRequests.expertId, expertId)));
      return row;
    },
    /**
     * Changes the meeting only while it is still in one of `from` (and waits for `awaiting`, when given):
     * two answers at once cannot both win. Undefined when the meeting had moved on.
     */
    async change(
      id: string,
      from: { statuses: Status[]; awaiting?: 'expert' | 'founder' },
      set: MeetingChange,
    ): Promise<MeetingRequestRow | undefined> {
      const [row] = await db
        .update(meetingRequests)
        .set({ ...set, sequence: sql`${meetingRequests.sequence} + 1`, updatedAt: sql`now()` })
        .where(
          and(
            eq(meetingRequests.id, id),
            inArray(meetingRequests.status, from.statuses),
            from.awaiting ? eq(meetingRequests.awaiting, from.awaiting) : undefined,
          ),
        )
        .returning();
      return row;
    },
    /**
     * What is written after a meeting (no-show, ratings): no new version of the event, so SEQUENCE stays.
     * Only while the meeting is still ACCEPTED; undefined otherwise.
     */
    async record(
      id: string,
      set: Partial<
        Pick<
          typeof meetingRequests.$inferInsert,
          'noShowAt' | 'founderRating' | 'founderRatingNote' | 'expertRating' | 'expertRatingNote'
        >
      >,
    ): Promise<MeetingRequestRow | undefined> {
      const [row] = await db
        .update(meetingRequests)
        .set({ ...set, updatedAt: sql`now()` })
        .where(and(eq(meetingRequests.id, id), eq(meetingRequests.status, 'ACCEPTED')))
        .returning();
      return row;
    },
    async accepted(expertId: string): Promise<MeetingRequestRow[]> {
      return db
        .select()
        .from(meetingRequests)
        .where(and(eq(meetingRequests.expertId, expertId), eq(meetingRequests.status, 'ACCEPTED')))
        .orderBy(asc(meetingRequests.startsAt));
    },

    async feedOf(expertId: string) {
      const [row] = await db
        .select()
        .from(expertCalendarFeeds)
        .where(eq(expertCalendarFeeds.expertId, expertId));
      return row;
    },
    async feedByHash(tokenHash: string) {
      const [row] = await db
        .select()
        .from(expertCalendarFeeds)
        .where(eq(expertCalendarFeeds.tokenHash, tokenHash));
      return row;
    },
    /** One feed per expert: a new token replaces the old one, which stops working at once. */
    async putFeed(expertId: string, tokenHash: string) {
      const [row] = await db
        .insert(expertCalendarFeeds)
        .values({ expertId, tokenHash })
        .onConflictDoUpdate({
          target: expertCalendarFeeds.expertId,
          set: { tokenHash, createdAt: sql`now()` },
        })
        .returning();
      return row!;
    },
    async deleteFeed(expertId: string) {
      await db.delete(expertCalendarFeeds).where(eq(expertCalendarFeeds.expertId, expertId));
    },
  };
}
