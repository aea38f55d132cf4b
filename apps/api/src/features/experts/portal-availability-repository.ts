import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { AvailabilityRules } from './availability.js';
import { experts, meetingRequests, type ExpertRow, type MeetingRequestRow } from './tables.js';

/** The SQL of the expert's own availability settings (docs/decisions/024). */
export function portalAvailabilityRepository(db: DbOrTx) {
  return {
    async saveAvailability(expertId: string, availability: AvailabilityRules): Promise<ExpertRow> {
      const [row] = await db
        .update(experts)
        .set({ availability, availabilityEditedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(experts.id, expertId))
        .returning();
      return row!;
    },
    /** Accepted meetings of the expert that have not ended yet, earliest first. */
    async upcomingAccepted(expertId: string, now: Date): Promise<MeetingRequestRow[]> {
      return db
        .select()
        .from(meetingRequests)
        .where(
          and(
            eq(meetingRequests.expertId, expertId),
            eq(meetingRequests.status, 'ACCEPTED'),
            gt(meetingRequests.endsAt, now),
          ),
        )
        .orderBy(asc(meetingRequests.startsAt));
    },
  };
}
