import { z } from 'zod';

/**
 * What a personal API token may do. A route names the one scope it answers to in its config; a token calls
 * only routes whose scope it holds.
 */
export const apiTokenScopes = ['progress:read', 'worksheets:write', 'cohort:read'] as const;
export const apiTokenScope = z.enum(apiTokenScopes);
export type ApiTokenScope = z.infer<typeof apiTokenScope>;

/** What each scope means, for the screen that creates tokens and for the OpenAPI document. */
export const apiTokenScopeDescriptions: Record<ApiTokenScope, string> = {
  'progress:read': "Read the token owner's programs, milestones, missions and steps",
  'worksheets:write': "Save the token owner's worksheet answers",
  'cohort:read': 'Read the cohorts the token owner manages and their dashboards (managers and admins)',
};

/**
 * Every personal API token starts with this, so the guard tells it from a session's access token (a JWT,
 * which starts with `eyJ`) before reading it, and secret scanners can recognise a leaked one.
 */
export const API_TOKEN_PREFIX = 'lft_pat_';

/** The longest a token may live. */
export const API_TOKEN_MAX_DAYS = 366;

export const apiToken = z.object({
  id: z.string().uuid(),
  name: z.string(),
  scopes: z.array(apiTokenScope),
  /** The token's first characters, so its owner can tell it apart from the others; never the whole secret. */
  hint: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiToken>;

export const createApiTokenBody = z.object({
  name: z.string().trim().min(1).max(80),
  scopes: z.array(apiTokenScope).min(1).max(apiTokenScopes.length),
  /** Days from now until the token stops working. */
  expiresInDays: z.number().int().min(1).max(API_TOKEN_MAX_DAYS),
});
export type CreateApiTokenBody = z.infer<typeof createApiTokenBody>;

/** The one answer that carries the secret: it is never shown again. */
export const createdApiToken = z.object({ token: z.string(), apiToken });
export type CreatedApiToken = z.infer<typeof createdApiToken>;

export const apiTokenParams = z.object({ id: z.string().uuid() });

export const integrationsMessages = {
  tokens: 'API Tokens Fetched Successfully.',
  tokenCreated: 'API Token Created. Copy It Now: It Will Not Be Shown Again.',
  tokenRevoked: 'API Token Revoked.',
} as const;

/** An address the program team has Liftoff post its events to, signed per the Standard Webhooks specification. */
export const webhookEndpoint = z.object({
  id: z.string().uuid(),
  url: z.string(),
  eventTypes: z.array(z.string()),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

export const createWebhookBody = z.object({
  url: z.string().trim().url().max(2048),
  eventTypes: z.array(z.string().min(1).max(80)).min(1).max(40),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBody>;

/** The one answer that carries the signing secret (`whsec_…`): it is never shown again. */
export const createdWebhook = z.object({ secret: z.string(), endpoint: webhookEndpoint });

/** One event sent (or not) to one endpoint: what its receiver answered. */
export const webhookDelivery = z.object({
  id: z.string().uuid(),
  messageId: z.string(),
  eventType: z.string(),
  attempts: z.number().int(),
  /** The receiver's HTTP status, or null when no answer came (refused address, redirect, time-out, network). */
  responseStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookParams = z.object({ id: z.string().uuid() });

export const webhooksMessages = {
  endpoints: 'Webhooks Fetched Successfully.',
  created: 'Webhook Created. Copy Its Secret Now: It Will Not Be Shown Again.',
  deleted: 'Webhook Deleted.',
  deliveries: 'Webhook Deliveries Fetched Successfully.',
} as const;
