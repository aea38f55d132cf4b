import type { ExpertMeta, FounderContext, MeetingStatus, QuestionStatus } from '@liftoff/contracts/experts';
import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
// Only the users table, for foreign keys that delete a founder's requests and messages with the account
// (the same exception as features/ai/tables.ts).
import { users } from '../auth/tables.js';
import type { AvailabilityRules } from './availability.js';

/**
 * Experts come from the content pack (content/experts/<key>.yaml) and are upserted by `key` on every
 * import, so their ids stay stable. `availability` is the validated availability block (availability.ts:
 * zone, weekly ranges, overrides, services, buffers, notice, window), read whole whenever slots are computed.
 */
export const experts = pgTable(
  'experts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    authType: text('auth_type', { enum: ['EMAIL'] }).notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: text('gender', { enum: ['FEMALE', 'MALE', 'OTHER'] }).notNull(),
    phoneNumber: text('phone_number').notNull(),
    profileImageUrl: text('profile_image_url').notNull(),
    expertMeta: jsonb('expert_meta').$type<ExpertMeta>().notNull(),
    bookingUrl: text('booking_url'),
    availability: jsonb('availability').$type<AvailabilityRules>().notNull(),
    /**
     * Set when the expert saved their own availability in the portal (docs/decisions/024): from then on the
     * content import leaves `availability` alone, so a re-import never undoes the expert's hours.
     */
    availabilityEditedAt: timestamp('availability_edited_at', { withTimezone: true }),
    /**
     * Set when the expert saved their own profile in the portal (headline, bio, expertise, languages, booking
     * link): from then on the content import keeps those fields, as it keeps edited availability.
     */
    profileEditedAt: timestamp('profile_edited_at', { withTimezone: true }),
    /** The expert's account, once they signed up after an invitation (docs/decisions/031). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the program team last invited this expert to make an account. */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('experts_key_unique').on(table.key),
    uniqueIndex('experts_email_unique').on(table.email),
    uniqueIndex('experts_user_unique').on(table.userId),
  ],
);

export type ExpertRow = typeof experts.$inferSelect;

// Spelled out (not imported) so drizzle-kit can read this file without the contracts' build.
const meetingStatuses = [
  'REQUESTED',
  'ACCEPTED',
  'DECLINED',
  'CANCELLED',
] as const satisfies readonly MeetingStatus[];

const questionStatuses = ['OPEN', 'ANSWERED', 'CLOSED'] as const satisfies readonly QuestionStatus[];

/**
 * A founder's meeting request. REQUESTED and ACCEPTED requests hold the expert's time. `sequence` is the
 * calendar invite's SEQUENCE (the UID is `<id>@<APP_URL host>`). The partial unique index is the safety
 * net under the row lock of request-meeting: one live request per expert and start instant.
 */
export const meetingRequests = pgTable(
  'meeting_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    expertId: uuid('expert_id')
      .notNull()
      .references(() => experts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceKey: text('service_key').notNull(),
    serviceName: text('service_name').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    timezone: text('timezone').notNull(),
    note: text('note'),
    status: text('status', { enum: meetingStatuses }).notNull().default('REQUESTED'),
    sequence: integer('sequence').notNull().default(0),
    context: jsonb('context').$type<FounderContext>(),
    /** Whose answer a REQUESTED meeting waits for; 'founder' after the expert proposed another slot. */
    awaiting: text('awaiting', { enum: ['expert', 'founder'] })
      .notNull()
      .default('expert'),
    /** The expert's message with their last answer, proposal or cancellation. */
    expertMessage: text('expert_message'),
    cancelledBy: text('cancelled_by', { enum: ['founder', 'expert'] }),
    /** The expert's notes after the meeting, shown to the founder. */
    notes: text('notes'),
    /** When the expert marked that the founder did not come. */
    noShowAt: timestamp('no_show_at', { withTimezone: true }),
    /** Each side's rating after the meeting (1–5) and its note. */
    founderRating: integer('founder_rating'),
    founderRatingNote: text('founder_rating_note'),
    expertRating: integer('expert_rating'),
    expertRatingNote: text('expert_rating_note'),
    /**
     * The meeting's own Jitsi Meet room (meeting-place.ts): 32 random hex digits, made by the database, also
     * for the meetings that were there before rooms existed.
     */
    videoRoom: text('video_room')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /**
     * Where the expert's own copy of the accepted meeting is stored (a calendar object in the CalDAV calendar
     * they chose, docs/decisions/063), so it is updated or removed at the same address.
     */
    calendarCopyUrl: text('calendar_copy_url'),
    calendarCopyConnectionId: uuid('calendar_copy_connection_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('meeting_requests_live_slot_unique')
      .on(table.expertId, table.startsAt)
      .where(sql`status in ('REQUESTED', 'ACCEPTED')`),
    index('meeting_requests_expert_time_idx').on(table.expertId, table.startsAt),
    index('meeting_requests_user_idx').on(table.userId, table.startsAt),
    // Named: the generated name passes PostgreSQL's 63 characters.
    foreignKey({
      name: 'meeting_requests_copy_connection_fk',
      columns: [table.calendarCopyConnectionId],
      foreignColumns: [expertCalendarConnections.id],
    }).onDelete('set null'),
  ],
);
export type MeetingRequestRow = typeof meetingRequests.$inferSelect;

/** A question a founder asked an expert, with where they stood in the program when asking. */
export const expertQuestions = pgTable(
  'expert_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    expertId: uuid('expert_id')
      .notNull()
      .references(() => experts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    question: text('question').notNull(),
    /** The founder's user mission, when asked from one (no foreign key: it belongs to the programs feature). */
    missionId: uuid('mission_id'),
    context: jsonb('context').$type<FounderContext>().notNull(),
    status: text('status', { enum: questionStatuses }).notNull().default('OPEN'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('expert_questions_user_idx').on(table.userId, table.createdAt),
    index('expert_questions_expert_idx').on(table.expertId, table.createdAt),
  ],
);
export type ExpertQuestionRow = typeof expertQuestions.$inferSelect;

/** The thread under a question after it was asked: the expert's answers and the founder's follow-ups. */
export const expertQuestionMessages = pgTable(
  'expert_question_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => expertQuestions.id, { onDelete: 'cascade' }),
    author: text('author', { enum: ['founder', 'expert'] }).notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('expert_question_messages_question_idx').on(table.questionId, table.createdAt)],
);
export type ExpertQuestionMessageRow = typeof expertQuestionMessages.$inferSelect;

/**
 * The expert's private calendar feed (an .ics subscription URL). Only the SHA-256 of the token is kept: a
 * leaked database does not open anyone's calendar, and regenerating replaces the one row.
 */
export const expertCalendarFeeds = pgTable(
  'expert_calendar_feeds',
  {
    expertId: uuid('expert_id')
      .primaryKey()
      .references(() => experts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('expert_calendar_feeds_token_unique').on(table.tokenHash)],
);

/** A busy block read from a connected calendar, as UTC milliseconds. */
export interface BusyBlock {
  start: number;
  end: number;
}

/**
 * A calendar the expert connected (docs/decisions/063): an iCalendar subscription (read only) or a CalDAV
 * account. `secret` is the sealed JSON of the address and, for CalDAV, the user name and password
 * (lib/secret-box.ts, AES-256-GCM under ENCRYPTION_KEY); it is deleted with the row on disconnect. `busy` is
 * the last good read of busy times (the cache the slot engine reads); a failed refresh keeps it and says why
 * in `lastError`.
 */
export const expertCalendarConnections = pgTable(
  'expert_calendar_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    expertId: uuid('expert_id')
      .notNull()
      .references(() => experts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['ical', 'caldav'] }).notNull(),
    label: text('label').notNull(),
    host: text('host').notNull(),
    secret: text('secret').notNull(),
    /** A CalDAV account's calendars as last discovered. */
    calendars: jsonb('calendars').$type<{ url: string; name: string }[]>().notNull().default([]),
    /** The calendar of this account that receives accepted meetings (at most one per expert). */
    meetingCalendarUrl: text('meeting_calendar_url'),
    status: text('status', { enum: ['pending', 'ok', 'error'] })
      .notNull()
      .default('pending'),
    lastError: text('last_error'),
    busy: jsonb('busy').$type<BusyBlock[]>().notNull().default([]),
    /** When a refresh was last started (the claim that keeps two instances from reading at once). */
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('expert_calendar_connections_expert_idx').on(table.expertId)],
);
export type CalendarConnectionRow = typeof expertCalendarConnections.$inferSelect;
