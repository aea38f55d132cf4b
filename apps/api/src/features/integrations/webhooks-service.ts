import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { appEventTypes, type AppEvent } from '@liftoff/contracts/events';
import type { CreateWebhookBody, WebhookDelivery, WebhookEndpoint } from '@liftoff/contracts/integrations';
import { and, desc, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { openSecret, sealSecret } from '../../lib/secret-box.js';
import type { EventBus } from '../../plugins/events.js';
import { checkWebhookAddress, guardedLookup, type AddressPolicy } from './address-guard.js';
import { webhookDeliveries, webhookEndpoints } from './tables.js';

/** How long a receiver has to answer before the attempt counts as failed. */
const DELIVERY_TIMEOUT_MS = 10_000;

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  eventTypes: row.eventTypes,
  createdAt: row.createdAt.toISOString(),
});
const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  messageId: row.messageId,
  eventType: row.eventType,
  attempts: row.attempts,
  responseStatus: row.responseStatus,
  error: row.error,
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export type WebhooksService = ReturnType<typeof createWebhooksService>;

/**
 * Webhooks: the program team's addresses, each subscribed to some event types of the event bus. Each event is
 * recorded as a delivery per endpoint and sent once, signed per the Standard Webhooks specification, with what
 * the receiver answered kept in the delivery log. Retrying failed deliveries is not done here yet: it belongs
 * to the durable job queue (decision 067).
 */
export function createWebhooksService(deps: {
  db: Db;
  encryptionKey: string;
  policy: () => AddressPolicy;
  now: () => Date;
  log: { warn: (object: object, message: string) => void };
}) {
  const { db, encryptionKey, now } = deps;

  async function send(endpoint: EndpointRow, delivery: DeliveryRow) {
    const policy = deps.policy();
    let responseStatus: number | null = null;
    let error: string | null = null;
    try {
      const url = await checkWebhookAddress(endpoint.url, policy);
      const at = now();
      const signer = new Webhook(openSecret(encryptionKey, endpoint.secretSealed));
      const headers = {
        'content-type': 'application/json',
        'user-agent': 'Liftoff-Webhooks/1',
        'webhook-id': delivery.messageId,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signer.sign(delivery.messageId, at, delivery.payload),
      };
      responseStatus = await post(url, headers, delivery.payload, policy);
      // Redirects are not followed: one could lead to an address the guard refuses.
      if (responseStatus >= 300 && responseStatus < 400)
        error = 'The receiver redirected; redirects are not followed';
      else if (responseStatus >= 300) error = `The receiver answered ${responseStatus}`;
    } catch (failure) {
      error =
        failure instanceof AppError
          ? failure.message
          : failure instanceof Error
            ? failure.message
            : 'Delivery failed';
    }
    await db
      .update(webhookDeliveries)
      .set({
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        responseStatus,
        error,
        deliveredAt: error ? null : now(),
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    if (error)
      deps.log.warn(
        { endpoint: endpoint.id, delivery: delivery.id, responseStatus },
        'webhook delivery failed',
      );
  }

  async function dispatch(event: AppEvent) {
    const endpoints = await db
      .select()
      .from(webhookEndpoints)
      .where(sql`${event.type} = any(${webhookEndpoints.eventTypes})`);
    const at = now();
    for (const endpoint of endpoints) {
      const messageId = `msg_${randomUUID()}`;
      const payload = JSON.stringify({ type: event.type, timestamp: at.toISOString(), data: event });
      const [delivery] = await db
        .insert(webhookDeliveries)
        .values({ endpointId: endpoint.id, messageId, eventType: event.type, payload, createdAt: at })
        .returning();
      await send(endpoint, delivery!);
    }
  }

  return {
    subscribe(bus: EventBus) {
      for (const type of appEventTypes) bus.subscribe(type, (event) => dispatch(event as AppEvent));
    },

    async list(): Promise<WebhookEndpoint[]> {
      const rows = await db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt));
      return rows.map(toEndpoint);
    },

    async create(actorId: string, body: CreateWebhookBody) {
      const unknown = body.eventTypes.findIndex((type) => !(appEventTypes as string[]).includes(type));
      if (unknown >= 0)
        throw new AppError(400, 'VALIDATION_FAILED', `Unknown event type: ${body.eventTypes[unknown]}`, [
          { path: `eventTypes.${unknown}`, message: `One of ${appEventTypes.join(', ')}` },
        ]);
      await checkWebhookAddress(body.url, deps.policy());
      const secret = `whsec_${randomBytes(24).toString('base64')}`;
      const [row] = await db
        .insert(webhookEndpoints)
        .values({
          url: body.url,
          eventTypes: [...new Set(body.eventTypes)],
          secretSealed: sealSecret(encryptionKey, secret),
          createdBy: actorId,
          createdAt: now(),
        })
        .returning();
      return { secret, endpoint: toEndpoint(row!) };
    },

    async remove(id: string) {
      const [row] = await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
      if (!row) throw notFound('No such webhook.');
      return toEndpoint(row);
    },

    async deliveries(id: string): Promise<WebhookDelivery[]> {
      const [endpoint] = await db
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, id));
      if (!endpoint) throw notFound('No such webhook.');
      const rows = await db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.endpointId, id)))
        .orderBy(desc(webhookDeliveries.createdAt))
        .limit(100);
      return rows.map(toDelivery);
    },
  };
}

/** One POST without following redirects, through the guarded lookup; answers the status. */
function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
  policy: AddressPolicy,
): Promise<number> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(policy) as never,
        timeout: DELIVERY_TIMEOUT_MS,
      },
      (response) => {
        // The answer's body is not kept; reading it lets the connection close.
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('The receiver did not answer in time')));
    request.on('error', reject);
    request.end(body);
  });
}
