import type { ApiTokenScope } from '@liftoff/contracts/integrations';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.js';

/**
 * A person's API tokens. Only the SHA-256 of the secret is kept: the secret is 32 random bytes, so a slow
 * password hash would add nothing but cost on every call, and a leaked table gives no usable token.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes').array().$type<ApiTokenScope[]>().notNull(),
    /** Hex SHA-256 of the whole token. */
    tokenHash: text('token_hash').notNull(),
    /** The prefix and first characters of the secret, shown so the owner can tell tokens apart. */
    hint: text('hint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('api_tokens_hash_idx').on(table.tokenHash),
    index('api_tokens_user_idx').on(table.userId),
  ],
);
export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** An address the program team subscribed to some of the event bus's events. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull(),
  eventTypes: text('event_types').array().notNull(),
  /** The Standard Webhooks secret (`whsec_…`), sealed with the server key: it must be read back to sign. */
  secretSealed: text('secret_sealed').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One event for one endpoint, with what came of sending it. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The `webhook-id` header: the same for every attempt of this delivery, so receivers can drop repeats. */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: text('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    error: text('error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt)],
);
