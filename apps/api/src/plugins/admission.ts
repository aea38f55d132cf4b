import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';

/**
 * Bounds how long a call waits when this process has more work than it can do. At most `maxInFlight` API calls
 * are worked on at once; the rest wait in arrival order, and a call that has waited `queueMs` is answered at
 * once with 503 and `Retry-After`, which the client can act on, instead of waiting without limit.
 *
 * Without it, past the process's capacity, calls queued behind the database for as long as the overload lasted:
 * at 200 founders on PGlite a page waited up to 15 s (bench/founder-load.mjs). Below capacity nothing waits,
 * and a burst waits only as long as the calls ahead of it take.
 *
 * Counted: every call under /api but the health check. A coach answer leaves the count once it starts
 * streaming (`leaveAdmission`): from then on it waits on the model, not on this process. The web app's files
 * are not counted: they cost no database work.
 */
export const admissionPlugin = fp(
  async (app: FastifyInstance, options: { maxInFlight: number; queueMs: number }) => {
    let inFlight = 0;
    const waiting: Array<(admitted: boolean) => void> = [];

    const release = () => {
      const next = waiting.shift();
      // The slot passes straight to the next in line; the count stays.
      if (next) next(true);
      else inFlight -= 1;
    };

    const admitted = (request: FastifyRequest, reply: FastifyReply) => {
      let held = true;
      const leave = () => {
        if (!held) return;
        held = false;
        release();
      };
      request[leaveKey] = leave;
      // A response always closes: answered, failed, or its client gone.
      reply.raw.once('close', leave);
      if (reply.raw.destroyed) leave();
    };

    const waitForSlot = (reply: FastifyReply) =>
      new Promise<boolean>((resolve) => {
        const settle = (ok: boolean) => {
          clearTimeout(timer);
          reply.raw.off('close', gaveUp);
          resolve(ok);
        };
        const leaveQueue = () => {
          const at = waiting.indexOf(settle);
          if (at >= 0) waiting.splice(at, 1);
        };
        const timer = setTimeout(() => {
          leaveQueue();
          settle(false);
        }, options.queueMs);
        // A client that left while waiting gives its place up.
        const gaveUp = () => {
          leaveQueue();
          settle(false);
        };
        reply.raw.once('close', gaveUp);
        waiting.push(settle);
      });

    // A plain hook rather than an async one: nearly every call is admitted at once, and should not pay for a
    // promise and a turn of the microtask queue to learn it.
    app.addHook('onRequest', (request, reply, done) => {
      if (!admissionCounts(request.url)) return done();
      if (inFlight < options.maxInFlight) {
        inFlight += 1;
        admitted(request, reply);
        return done();
      }
      void waitForSlot(reply).then((ok) => {
        if (!ok) return done(busy(options.queueMs));
        admitted(request, reply);
        done();
      });
    });
  },
  { name: 'admission' },
);

const leaveKey = Symbol('liftoff.leaveAdmission');

declare module 'fastify' {
  interface FastifyRequest {
    [leaveKey]?: () => void;
  }
}

/** Whether a call to `url` takes a place (the OpenAPI document lists 503 for exactly these). */
export const admissionCounts = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/health');

/** Frees a call's place as it turns into a long wait on something else (a coach answer's stream). */
export function leaveAdmission(request: FastifyRequest): void {
  request[leaveKey]?.();
}

const busy = (queueMs: number) =>
  new AppError(
    503,
    'SERVER_BUSY',
    'Liftoff is very busy right now. Try again in a moment.',
    undefined,
    // Long enough for the queue that refused this call to drain.
    { 'retry-after': String(Math.max(1, Math.ceil((queueMs * 2) / 1000))) },
  );
