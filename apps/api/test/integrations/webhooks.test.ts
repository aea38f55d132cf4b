import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookDelivery } from '@liftoff/contracts/integrations';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpoints } from '../../src/features/integrations/tables.js';
import { bearer } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { personWith } from '../helpers/team.js';

/** A receiver on a loopback port: records what arrives and answers as each path says. */
const received: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];
let receiver: Server;
let base = '';
let t: TestApp;
let admin: string;
beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ path: request.url!, headers: request.headers, body });
      if (request.url === '/fails') return void response.writeHead(500).end('down');
      if (request.url === '/moves')
        return void response.writeHead(302, { location: `${base}/moved-here` }).end();
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  // The receiver is local: allowed here, as a deployment with an internal receiver would allow it.
  t = await createTestApp({
    CONTENT_IMPORT: 'false',
    WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
    WEBHOOKS_ALLOW_HTTP: 'true',
  });
  admin = (await personWith(t.app, ['admin'])).token;
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const create = (url: string, eventTypes = ['invitation.accepted']) =>
  t.app.inject({
    method: 'POST',
    url: '/api/studio/webhooks',
    headers: bearer(admin),
    payload: { url, eventTypes },
  });
const deliveries = async (id: string): Promise<WebhookDelivery[]> =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/studio/webhooks/${id}/deliveries`,
      headers: bearer(admin),
    })
  ).json().data;
async function publishAcceptance() {
  const event = {
    type: 'invitation.accepted' as const,
    invitationId: randomUUID(),
    cohortId: randomUUID(),
    founderId: randomUUID(),
    invitedById: randomUUID(),
  };
  t.app.events.publish(event);
  await t.app.events.settled();
  return event;
}
async function withoutPrivateAddresses<T>(run: () => Promise<T>) {
  t.app.config.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES = false;
  try {
    return await run();
  } finally {
    t.app.config.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES = true;
  }
}

describe('webhooks', () => {
  it('deliver subscribed events signed per Standard Webhooks, and log what the receiver answered', async () => {
    const res = await create(`${base}/hook`);
    expect(res.statusCode, res.body).toBe(201);
    const { secret, endpoint } = res.json().data;
    expect(secret).toMatch(/^whsec_/);
    // The secret is kept sealed, never as sent.
    const [row] = await t.app.db.select().from(webhookEndpoints);
    expect(JSON.stringify(row)).not.toContain(secret.slice(6));

    const before = received.length;
    const event = await publishAcceptance();
    const arrived = received.slice(before).filter((r) => r.path === '/hook');
    expect(arrived).toHaveLength(1);
    const verified = new Webhook(secret).verify(
      arrived[0]!.body,
      arrived[0]!.headers as Record<string, string>,
    );
    expect(verified).toMatchObject({ type: 'invitation.accepted', data: event });
    // Another secret does not verify it: the signature is real.
    expect(() =>
      new Webhook(`whsec_${Buffer.from('another-secret-entirely').toString('base64')}`).verify(
        arrived[0]!.body,
        arrived[0]!.headers as Record<string, string>,
      ),
    ).toThrow();

    const [delivery] = await deliveries(endpoint.id);
    expect(delivery).toMatchObject({
      eventType: 'invitation.accepted',
      attempts: 1,
      responseStatus: 204,
      error: null,
      messageId: arrived[0]!.headers['webhook-id'],
    });
    expect(delivery!.deliveredAt).not.toBeNull();
  });

  it('log a failing receiver’s answer, and do not follow a redirect', async () => {
    const failing = (await create(`${base}/fails`)).json().data.endpoint;
    const moving = (await create(`${base}/moves`)).json().data.endpoint;
    const before = received.length;
    await publishAcceptance();
    expect((await deliveries(failing.id))[0]).toMatchObject({
      attempts: 1,
      responseStatus: 500,
      error: 'The receiver answered 500',
      deliveredAt: null,
    });
    expect((await deliveries(moving.id))[0]).toMatchObject({
      responseStatus: 302,
      error: 'The receiver redirected; redirects are not followed',
    });
    expect(received.slice(before).map((r) => r.path)).not.toContain('/moved-here');
  });

  it('refuse private, loopback and link-local addresses, also behind a name, and plain HTTP', async () => {
    await withoutPrivateAddresses(async () => {
      for (const url of [
        'https://127.0.0.1/hook',
        'https://10.1.2.3/hook',
        'https://192.168.0.10/hook',
        'https://169.254.169.254/latest/meta-data',
        'https://[::1]/hook',
        'https://[::ffff:127.0.0.1]/hook',
        'https://[fe80::1]/hook',
        // A name that resolves to a loopback address.
        'https://localhost/hook',
      ]) {
        const res = await create(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().details[0].path, url).toBe('url');
      }
    });
    t.app.config.WEBHOOKS_ALLOW_HTTP = false;
    try {
      expect((await create('http://hooks.example.com/x')).json().details[0]).toEqual({
        path: 'url',
        message: 'Webhook addresses must start with https://',
      });
    } finally {
      t.app.config.WEBHOOKS_ALLOW_HTTP = true;
    }
  });

  it('check the address again at each delivery: one that became refused receives nothing', async () => {
    const endpoint = (await create(`${base}/later`)).json().data.endpoint;
    const before = received.length;
    await withoutPrivateAddresses(publishAcceptance);
    expect(received.slice(before).map((r) => r.path)).not.toContain('/later');
    expect((await deliveries(endpoint.id))[0]).toMatchObject({
      responseStatus: null,
      error: 'This address is private, loopback or link-local',
    });
  });

  it('answer 400 naming an unknown event type', async () => {
    const res = await create('https://hooks.example.com/x', ['invitation.accepted', 'nothing.happened']);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { path: 'eventTypes.1', message: expect.stringContaining('invitation.accepted') },
    ]);
  });
});
