import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The one clock of the app's time rules: due dates, notices, expert slots. Tests move it instead of waiting. */
export interface Clock {
  now(): Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}

export const clockPlugin = fp(
  async (app: FastifyInstance, options: { now?: () => Date }) => {
    const now = options.now ?? (() => new Date());
    app.decorate('clock', { now });
  },
  { name: 'clock' },
);
