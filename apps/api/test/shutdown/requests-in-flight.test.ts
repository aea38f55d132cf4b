import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { requestsInFlightPlugin } from '../../src/plugins/requests-in-flight.js';

// What a deploy meets under load: requests whose client has gone are still being worked on when the server
// stops. Closing the HTTP server does not wait for them (their connections are closed), so the database must.

type Gate = { opened: Promise<void>; open(): void };
function gate(): Gate {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** A server with a stand-in database that records whether it was closed when each piece of work ran. */
async function serverWith(work: { inHook?: Gate; inHandler?: Gate }) {
  const seen: string[] = [];
  const logLines: string[] = [];
  let databaseClosed = false;
  const reached = gate();
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => logLines.push(line) } },
  });
  await app.register(
    fp(
      async (instance: FastifyInstance) => {
        instance.addHook('onClose', async () => void (databaseClosed = true));
      },
      { name: 'db' },
    ),
  );
  await app.register(requestsInFlightPlugin, { graceMs: 2_000 });
  // Like the guard's standing read: a query in a request hook, before the handler.
  app.addHook('onRequest', async () => {
    reached.open();
    if (!work.inHook) return;
    await work.inHook.opened;
    seen.push(databaseClosed ? 'hook met a closed database' : 'hook read');
  });
  app.get('/work', async () => {
    reached.open();
    if (work.inHandler) {
      await work.inHandler.opened;
      seen.push(databaseClosed ? 'handler met a closed database' : 'handler saved');
    }
    return { ok: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  /**
   * Sends a request and goes away once the server has started on it, as a closed tab does; then stops the
   * server while the request's work is held at `held`, and lets that work go on once the stop has begun.
   */
  const stopWithAbandonedRequest = async (held: Gate) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/work' });
    request.on('error', () => {});
    await reached.opened;
    request.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = app.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    held.open();
    await closed;
  };
  return { app, seen, logLines, stopWithAbandonedRequest };
}

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

describe('requests in flight on shutdown', () => {
  it('keeps the database open for a request still in its hooks after its client has gone', async () => {
    const inHook = gate();
    const { app, seen, logLines, stopWithAbandonedRequest } = await serverWith({ inHook });
    stop = () => app.close();
    await stopWithAbandonedRequest(inHook);
    expect(seen).toEqual(['hook read']);
    expect(logLines.join('')).toContain('waiting for running requests before closing the database');
  });

  it('keeps the database open for a handler still running after its client has gone', async () => {
    const inHandler = gate();
    const { app, seen, stopWithAbandonedRequest } = await serverWith({ inHandler });
    stop = () => app.close();
    await stopWithAbandonedRequest(inHandler);
    expect(seen).toEqual(['handler saved']);
  });

  it('waits for nothing once every request has been answered, found or not', async () => {
    const { app, logLines } = await serverWith({});
    stop = () => app.close();
    const { port } = app.server.address() as { port: number };
    expect((await fetch(`http://127.0.0.1:${port}/work`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/nowhere`)).status).toBe(404);
    await app.close();
    expect(logLines.join('')).not.toContain('waiting for running requests');
  });
});
