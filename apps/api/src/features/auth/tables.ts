import type { Role } from '@liftoff/contracts/auth';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    verified: boolean('verified').notNull().default(false),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    twoFactorMethod: text('two_factor_method', { enum: ['TOTP', 'EMAIL'] }),
    /** TOTP secret, encrypted with the server key (AES-256-GCM). */
    twoFactorSecret: text('two_factor_secret'),
    /** A setup in progress: the method chosen and, for TOTP, the new secret (encrypted) until a code confirms it. */
    twoFactorPendingMethod: text('two_factor_pending_method', { enum: ['TOTP', 'EMAIL'] }),
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    /** The newest TOTP time step accepted (replay guard): a step at or below it is refused. */
    twoFactorLastStep: integer('two_factor_last_step'),
    /**
     * What the person may do (contracts `roleSchema`). A column of the user row, so the standing the guard
     * reads (and, on PGlite, remembers: decision 015) changes with it in the same write.
     */
    roles: text('roles')
      .array()
      .$type<Role[]>()
      .notNull()
      .default(sql`'{founder}'::text[]`),
    profileCompleted: boolean('profile_completed').notNull().default(false),
    profileImageUrl: text('profile_image_url'),
    /** When the founder finished or skipped the product tour; kept here so a new device does not show it again. */
    tutorialCompletedAt: timestamp('tutorial_completed_at', { withTimezone: true }),
    meta: jsonb('meta')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_unique').on(table.email)],
);

export const codePurposes = ['EMAIL_VERIFY', 'PASSWORD_RESET', 'TWO_FACTOR_EMAIL', 'EMAIL_CHANGE'] as const;
export type CodePurpose = (typeof codePurposes)[number];

/** One-time codes and links: stored hashed, expiring, single use, with a count of wrong tries. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: codePurposes }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** The new address an EMAIL_CHANGE link confirms; it becomes the account's only when the link is opened. */
    email: text('email'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('one_time_codes_user_purpose_idx').on(table.userId, table.purpose, table.createdAt),
    index('one_time_codes_hash_idx').on(table.codeHash),
  ],
);

/** Refresh tokens, hashed; each rotation adds a row to the same family so reuse can revoke them all. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    twoFactorAuthenticated: boolean('two_factor_authenticated').notNull().default(false),
    /** The browser and address that signed in or refreshed: what the founder's list of sessions shows. */
    userAgent: text('user_agent'),
    ip: text('ip'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('refresh_tokens_hash_unique').on(table.tokenHash),
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
  ],
);

/** Two-factor backup codes: ten per setup, stored as keyed hashes, each usable once. */
export const backupCodes = pgTable(
  'two_factor_backup_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('two_factor_backup_codes_user_hash_unique').on(table.userId, table.codeHash)],
);
