import { appEvent, type AppEvent, type AppEventType, type EventOf } from '@liftoff/contracts/events';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export type EventHandler<T extends AppEventType> = (event: EventOf<T>) => unknown;

export interface EventBus {
  /**
   * Hands the event to its subscribers and returns at once. Call it after the transaction that made the
   * change has committed: a subscriber must never hear of something that was rolled back.
   */
  publish(event: AppEvent): void;
  /** Runs `handler` for every event of `type`; answers a function that stops it. */
  subscribe<T extends AppEventType>(type: T, handler: EventHandler<T>): () => void;
  /** Settles once every handler started so far (and any event they published) has finished. */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    events: EventBus;
  }
}

/**
 * The app's event bus (architecture.md "People and surfaces"): domains publish typed events, other rooms
 * subscribe, and neither imports the other. Handlers run asynchronously, after the publisher has moved on;
 * their errors are logged and never reach the publisher. In-process: what a handler does must be safe to lose
 * if the process dies in between (mails and notification entries, never the change itself).
 */
export const eventsPlugin = fp(
  async (app: FastifyInstance) => {
    const handlers = new Map<AppEventType, Set<EventHandler<AppEventType>>>();
    const running = new Set<Promise<void>>();

    const bus: EventBus = {
      publish(event) {
        // A malformed event is the publisher's bug: refuse it where it is made, not in a subscriber.
        const parsed = appEvent.parse(event);
        for (const handler of handlers.get(parsed.type) ?? []) {
          const run = new Promise<void>((resolve) => setImmediate(resolve))
            .then(() => handler(parsed as never))
            .then(
              () => undefined,
              (error: unknown) => app.log.error({ err: error, event: parsed.type }, 'event handler failed'),
            );
          running.add(run);
          void run.finally(() => running.delete(run));
        }
      },
      subscribe(type, handler) {
        const set = handlers.get(type) ?? new Set();
        set.add(handler as unknown as EventHandler<AppEventType>);
        handlers.set(type, set);
        return () => void set.delete(handler as unknown as EventHandler<AppEventType>);
      },
      async settled() {
        while (running.size) await Promise.allSettled([...running]);
      },
    };
    app.decorate('events', bus);
    // Handlers still running (a mail being sent) finish before the database closes.
    app.addHook('onClose', async () => bus.settled());
  },
  { name: 'events' },
);
