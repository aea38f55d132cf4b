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

/** A provider's account linked to a Liftoff account: that provider's `sub` signs this person in. */
export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    /** The address the provider vouched for when the link was made. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('oidc_identities_subject_idx').on(table.provider, table.subject),
    index('oidc_identities_user_idx').on(table.userId),
  ],
);

/**
 * A sign-in sent to a provider and not yet back: what the callback must find to accept its answer. Kept in
 * the database so that any instance can take the callback; bound to the browser that started it by a cookie.
 */
export const oidcAttempts = pgTable('oidc_attempts', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Hex SHA-256 of the `state` parameter. */
  stateHash: text('state_hash').notNull().unique(),
  /** Hex SHA-256 of the cookie set on the browser that started it. */
  browserHash: text('browser_hash').notNull(),
  provider: text('provider').notNull(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * What a successful callback hands the web app: a one-time code it exchanges for a session, or for the
 * question whether to link the provider to an existing account (which then needs the account's password).
 */
export const oidcHandoffs = pgTable('oidc_handoffs', {
  id: uuid('id').primaryKey().defaultRandom(),
  codeHash: text('code_hash').notNull().unique(),
  kind: text('kind', { enum: ['session', 'link'] }).notNull(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  subject: text('subject').notNull(),
  email: text('email').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
