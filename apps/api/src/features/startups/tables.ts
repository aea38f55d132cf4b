import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.js';

/** The company founders work a program as (docs/decisions/063-startups.md). */
export const startups = pgTable('startups', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  oneLiner: text('one_liner'),
  website: text('website'),
  stage: text('stage'),
  industry: text('industry'),
  logoUrl: text('logo_url'),
  location: text('location'),
  foundedOn: date('founded_on', { mode: 'string' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who belongs to a startup. Keyed by the person: one startup at a time. Exactly one owner per startup (the
 * partial unique index); a member's row goes with their account.
 */
export const startupMembers = pgTable(
  'startup_members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    startupId: uuid('startup_id')
      .notNull()
      .references(() => startups.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'cofounder'] }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('startup_members_startup_idx').on(table.startupId, table.joinedAt),
    uniqueIndex('startup_members_one_owner')
      .on(table.startupId)
      .where(sql`${table.role} = 'owner'`),
  ],
);

/** An invitation to join a startup, by e-mail; accepted at once for a free account, else at sign-up. */
export const startupInvitations = pgTable(
  'startup_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startupId: uuid('startup_id')
      .notNull()
      .references(() => startups.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    invitedById: uuid('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: uuid('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The invited person said no (an account already in another startup, asked in the app). */
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('startup_invitations_startup_idx').on(table.startupId),
    index('startup_invitations_email_idx').on(table.email),
  ],
);
