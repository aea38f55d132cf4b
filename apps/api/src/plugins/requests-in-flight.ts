import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Lets requests that are still being worked on finish before the database closes on shutdown.
 *
 * Closing the HTTP server waits only for open connections. A request whose client has gone away (a closed tab,
 * a reload during a deploy) goes on without one: through its hooks (the guard reads the caller's standing
 * there), then its handler, and its next query would otherwise meet a closed pool: a founder's save would fail
 * halfway, and a read would log an error nobody receives. Each request is counted from its first hook until its
 * handler starts or its reply is sent, and each handler that returns a promise until it settles. Registered
 * after the database plugin, so its `onClose` (hooks run last-registered first) runs after the server has
 * stopped taking requests and before the database closes.
 *
 * Not counted until `onResponse`: Fastify runs that hook when the response finishes, which a response whose
 * client has gone never does, so every such request would hold the close for the whole grace period.
 */
export const requestsInFlightPlugin = fp(
  async (app: FastifyInstance, options: { graceMs: number }) => {
    let running = 0;
    let idle: (() => void) | null = null;
    const settled = () => {
      running -= 1;
      if (running === 0) idle?.();
    };
    const inHooks = new WeakSet<FastifyRequest>();
    const leaveHooks = (request: FastifyRequest) => {
      if (inHooks.delete(request)) settled();
    };

    // Callback-style hooks: no promise per request on the hot path.
    app.addHook('onRequest', (request, _reply, done) => {
      running += 1;
      inHooks.add(request);
      done();
    });
    // A reply sent from a hook (a refused token, a rate limit) or by the handler: the request's hooks are over.
    app.addHook('onSend', (request, _reply, payload, done) => {
      leaveHooks(request);
      done(null, payload);
    });

    app.addHook('onRoute', (route) => {
      const handler = route.handler;
      // Only handlers that return a promise are counted; anything else is passed back untouched (a reply,
      // which is thenable, included), so no route's behaviour changes.
      route.handler = function countedHandler(this: FastifyInstance, ...args: Parameters<typeof handler>) {
        try {
          const result: unknown = handler.apply(this, args);
          if (!(result instanceof Promise)) return result as ReturnType<typeof handler>;
          running += 1;
          return result.finally(settled);
        } finally {
          // After the handler is counted, so the count never passes through zero between the two.
          leaveHooks(args[0]);
        }
      };
    });

    app.addHook('onClose', async () => {
      if (running === 0) return;
      app.log.info({ running }, 'waiting for running requests before closing the database');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => (idle = resolve)),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, options.graceMs))),
      ]);
      clearTimeout(timer);
      if (running > 0) app.log.warn({ running }, 'closing the database while requests still run');
    });
  },
  { name: 'requests-in-flight', dependencies: ['db'] },
);
