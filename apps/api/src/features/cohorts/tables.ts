import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../auth/tables.js';

/** One run of a program. Dates are calendar days in the cohort's time zone. */
export const cohorts = pgTable('cohorts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** The program template's key (no foreign key: templates belong to the programs feature). */
  programKey: text('program_key').notNull(),
  startDate: date('start_date').notNull(),
  endDate: date('end_date').notNull(),
  timeZone: text('time_zone').notNull(),
  stuckAfterDays: integer('stuck_after_days').notNull().default(7),
  /** The instant the end date passes: midnight after endDate in timeZone, kept so sweeps can index it. */
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  /** Set once the end date closed the members' unfinished missions. */
  closedAt: timestamp('closed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cohortManagers = pgTable(
  'cohort_managers',
  {
    cohortId: uuid('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.cohortId, table.userId] }),
    index('cohort_managers_user_idx').on(table.userId),
  ],
);

/** A founder is in one cohort at a time: the user id is the key; moving rewrites cohort_id. */
export const cohortMembers = pgTable(
  'cohort_members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    cohortId: uuid('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('cohort_members_cohort_idx').on(table.cohortId)],
);

/**
 * Invitations by e-mail (stored lower-case). One open invitation per cohort and address; accepted,
 * revoked and expired ones stay as history. Expiry is `expiresAt`; a resend renews it.
 */
export const cohortInvitations = pgTable(
  'cohort_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cohortId: uuid('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    startup: text('startup').notNull().default(''),
    invitedById: uuid('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    sendCount: integer('send_count').notNull().default(1),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: uuid('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('cohort_invitations_cohort_idx').on(table.cohortId, table.createdAt),
    index('cohort_invitations_email_idx').on(table.email),
    uniqueIndex('cohort_invitations_open_unique')
      .on(table.cohortId, table.email)
      .where(sql`accepted_at is null and revoked_at is null`),
  ],
);

/**
 * A cohort's window on one milestone of its program (by the milestone's content key): calendar days in the
 * cohort's time zone, with the instants they begin and end kept so sweeps can compare them to the clock.
 */
export const cohortMilestoneWindows = pgTable(
  'cohort_milestone_windows',
  {
    cohortId: uuid('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    milestoneKey: text('milestone_key').notNull(),
    opensOn: date('opens_on').notNull(),
    dueOn: date('due_on').notNull(),
    /** Midnight starting opensOn in the cohort's time zone. */
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    /** Midnight after dueOn in the cohort's time zone: overdue from then. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.cohortId, table.milestoneKey] }),
    index('cohort_milestone_windows_due_idx').on(table.dueAt),
  ],
);

/**
 * The due-soon and overdue notices sent, one row each: the key makes a notice go once, whichever instance
 * or retry gets there. A moved due date is a new date, so its notices go again.
 */
export const pacingNotices = pgTable(
  'pacing_notices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cohortId: uuid('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    milestoneKey: text('milestone_key').notNull(),
    notice: text('notice').$type<'due_soon' | 'overdue'>().notNull(),
    dueOn: date('due_on').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.cohortId, table.milestoneKey, table.notice, table.dueOn] }),
  ],
);

/** A nudge a manager sent a founder, in the words the founder got; the founder's timeline shows it. */
export const cohortNudges = pgTable(
  'cohort_nudges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cohortId: uuid('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    founderId: uuid('founder_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentById: uuid('sent_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The stuck reason the founder was nudged for, when the nudge went to everyone flagged for it. */
    reason: text('reason'),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('cohort_nudges_founder_idx').on(table.founderId, table.sentAt)],
);
