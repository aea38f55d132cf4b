import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Lets route handlers that are still running finish before the database closes on shutdown.
 *
 * Closing the HTTP server waits only for open connections. A handler whose client has gone away (a closed tab,
 * a reload during a deploy) keeps running without one, and its next query would otherwise meet a closed pool:
 * the founder's save would fail halfway. Registered after the database plugin, so its `onClose` (hooks run
 * last-registered first) runs after the server has stopped taking requests and before the database closes.
 */
export const handlersInFlightPlugin = fp(
  async (app: FastifyInstance, options: { graceMs: number }) => {
    let running = 0;
    let idle: (() => void) | null = null;
    const settled = () => {
      running -= 1;
      if (running === 0) idle?.();
    };

    app.addHook('onRoute', (route) => {
      const handler = route.handler;
      // Only handlers that return a promise are counted; anything else is passed back untouched (a reply,
      // which is thenable, included), so no route's behaviour changes.
      route.handler = function countedHandler(this: FastifyInstance, ...args: Parameters<typeof handler>) {
        const result: unknown = handler.apply(this, args);
        if (!(result instanceof Promise)) return result as ReturnType<typeof handler>;
        running += 1;
        return result.finally(settled);
      };
    });

    app.addHook('onClose', async () => {
      if (running === 0) return;
      app.log.info({ running }, 'waiting for running handlers before closing the database');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => (idle = resolve)),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, options.graceMs))),
      ]);
      clearTimeout(timer);
      if (running > 0) app.log.warn({ running }, 'closing the database while handlers still run');
    });
  },
  { name: 'handlers-in-flight', dependencies: ['db'] },
);
