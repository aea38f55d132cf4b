import type { Expert, ExpertSummary, MeetingRequest } from '@liftoff/contracts/experts';
import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { videoUrlOf } from './meeting-place.js';
import {
  expertQuestions,
  experts,
  meetingRequests,
  type ExpertQuestionRow,
  type ExpertRow,
  type MeetingRequestRow,
} from './tables.js';

export type ExpertValues = Omit<typeof experts.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export function toExpert(row: ExpertRow): Expert {
  const rules = row.availability;
  return {
    id: row.id,
    key: row.key,
    authType: row.authType,
    createdAt: row.createdAt.toISOString(),
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    gender: row.gender,
    phoneNumber: row.phoneNumber,
    profileImageUrl: row.profileImageUrl,
    expertMeta: [row.expertMeta],
    services: rules.services.map(({ serviceKey, name, duration }) => ({ serviceKey, name, duration })),
    booking: {
      timezone: rules.timezone,
      bookingWindowDays: rules.bookingWindowDays,
      minimumNoticeHours: rules.minimumNoticeHours,
      bufferBefore: rules.bufferBefore,
      bufferAfter: rules.bufferAfter,
      hasExternalBookingPage: Boolean(row.bookingUrl),
    },
  };
}

export const toExpertSummary = (row: ExpertRow): ExpertSummary => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  profileImageUrl: row.profileImageUrl,
  headline: row.expertMeta.headline,
});

export const toMeeting = (row: MeetingRequestRow, expert: ExpertRow): MeetingRequest => ({
  id: row.id,
  expertId: row.expertId,
  expert: toExpertSummary(expert),
  serviceKey: row.serviceKey,
  serviceName: row.serviceName,
  duration: row.durationMinutes,
  start: row.startsAt.toISOString(),
  end: row.endsAt.toISOString(),
  timezone: row.timezone,
  note: row.note,
  status: row.status,
  awaiting: row.status === 'REQUESTED' ? row.awaiting : null,
  expertMessage: row.expertMessage,
  cancelledBy: row.status === 'CANCELLED' ? row.cancelledBy : null,
  notes: row.notes,
  sequence: row.sequence,
  inviteUrl: `/api/expert/meetings/${row.id}/invite.ics`,
  videoUrl: videoUrlOf(row),
  noShow: row.noShowAt !== null,
  founderRating:
    row.founderRating === null ? null : { score: row.founderRating, note: row.founderRatingNote },
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** REQUESTED and ACCEPTED meetings hold the expert's time. */
const live = sql`${meetingRequests.status} in ('REQUESTED', 'ACCEPTED')`;

export function expertsRepository(db: DbOrTx) {
  return {
    async list(): Promise<ExpertRow[]> {
      return db.select().from(experts).orderBy(asc(experts.lastName), asc(experts.firstName));
    },
    async findById(id: string): Promise<ExpertRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(experts).where(eq(experts.id, id));
      return row;
    },
    /** Locks the expert's row until the transaction ends: bookings for one expert are checked one at a time. */
    async lockById(id: string): Promise<ExpertRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(experts).where(eq(experts.id, id)).for('update');
      return row;
    },
    async findByIds(ids: string[]): Promise<ExpertRow[]> {
      if (!ids.length) return [];
      return db.select().from(experts).where(inArray(experts.id, ids));
    },
    async findByKeys(keys: string[]): Promise<ExpertRow[]> {
      if (!keys.length) return [];
      return db.select().from(experts).where(inArray(experts.key, keys));
    },
    /** Inserts or refreshes the expert with this key; its id and createdAt never change. */
    async upsert(values: ExpertValues): Promise<ExpertRow> {
      const [row] = await db
        .insert(experts)
        .values(values)
        .onConflictDoUpdate({
          target: experts.key,
          set: {
            authType: sql`excluded.auth_type`,
            email: sql`excluded.email`,
            firstName: sql`excluded.first_name`,
            lastName: sql`excluded.last_name`,
            gender: sql`excluded.gender`,
            phoneNumber: sql`excluded.phone_number`,
            profileImageUrl: sql`case when ${experts}.profile_edited_at is null then excluded.profile_image_url else ${experts}.profile_image_url end`,
            // The expert's own profile wins over the pack's once saved; `linkedin`, not edited in the
            // portal, still follows the pack (the right side of `||` wins key by key).
            expertMeta: sql`case when ${experts}.profile_edited_at is null then excluded.expert_meta else excluded.expert_meta || (${experts}.expert_meta - 'linkedin') end`,
            bookingUrl: sql`case when ${experts}.profile_edited_at is null then excluded.booking_url else ${experts}.booking_url end`,
            // The expert's own saved hours win over the pack's (docs/decisions/024).
            availability: sql`case when ${experts}.availability_edited_at is null then excluded.availability else ${experts}.availability end`,
            updatedAt: sql`now()`,
          },
        })
        .returning();
      return row!;
    },

    /** Live meetings of the expert overlapping [from, to). */
    async busyMeetings(expertId: string, from: Date, to: Date): Promise<MeetingRequestRow[]> {
      return db
        .select()
        .from(meetingRequests)
        .where(
          and(
            eq(meetingRequests.expertId, expertId),
            live,
            lt(meetingRequests.startsAt, to),
            gt(meetingRequests.endsAt, from),
          ),
        );
    },
    async insertMeeting(values: typeof meetingRequests.$inferInsert): Promise<MeetingRequestRow> {
      const [row] = await db.insert(meetingRequests).values(values).returning();
      return row!;
    },
    async meetingsOf(userId: string): Promise<MeetingRequestRow[]> {
      return db
        .select()
        .from(meetingRequests)
        .where(eq(meetingRequests.userId, userId))
        .orderBy(desc(meetingRequests.startsAt));
    },
    async meetingOf(userId: string, id: string): Promise<MeetingRequestRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select()
        .from(meetingRequests)
        .where(and(eq(meetingRequests.id, id), eq(meetingRequests.userId, userId)));
      return row;
    },
    async meetingById(id: string): Promise<MeetingRequestRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(meetingRequests).where(eq(meetingRequests.id, id));
      return row;
    },
    /** The expert's answer to a REQUESTED meeting; undefined once it was answered or cancelled. */
    async respondToMeeting(
      id: string,
      status: 'ACCEPTED' | 'DECLINED',
    ): Promise<MeetingRequestRow | undefined> {
      const [row] = await db
        .update(meetingRequests)
        .set({ status, sequence: sql`${meetingRequests.sequence} + 1`, updatedAt: sql`now()` })
        .where(
          and(
            eq(meetingRequests.id, id),
            eq(meetingRequests.status, 'REQUESTED'),
            // A proposal of the expert waits for the founder: the expert's link cannot answer it.
            eq(meetingRequests.awaiting, 'expert'),
          ),
        )
        .returning();
      return row;
    },
    async insertQuestion(values: typeof expertQuestions.$inferInsert): Promise<ExpertQuestionRow> {
      const [row] = await db.insert(expertQuestions).values(values).returning();
      return row!;
    },
    async questionsOf(userId: string): Promise<ExpertQuestionRow[]> {
      return db
        .select()
        .from(expertQuestions)
        .where(eq(expertQuestions.userId, userId))
        .orderBy(desc(expertQuestions.createdAt));
    },
  };
}
