import { createRequire } from 'node:module';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Limiter } from './rate-limit.js';

/**
 * While Redis is out of reach, the counters it shares between instances (per-IP limits, per-account limits, AI
 * caps, mail cooldowns) are kept by each instance in its memory instead: every limit still holds, per instance,
 * so with N instances a client gets at most N times its allowance until Redis is back (docs/deploy.md). A
 * request never fails for it. Counts made during the outage are not carried over; Redis's own resume where
 * they were.
 */
export function redisHealth(redis: Redis, log: FastifyBaseLogger) {
  let down = false;
  const fellBack = (error: unknown) => {
    if (down) return;
    down = true;
    log.error({ err: error }, 'Redis unreachable: limits and caps are counted by this instance alone');
  };
  redis.on('error', fellBack);
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('Redis back: limits and caps are shared again');
  });
  return {
    /** Only a connection ready now is asked: a command queued for a reconnect would hold the request. */
    isUp: () => redis.status === 'ready',
    fellBack,
  };
}

export function fallbackLimiter(
  shared: Limiter,
  local: Limiter,
  health: { isUp(): boolean; fellBack(error: unknown): void },
): Limiter {
  const either =
    <A extends unknown[], R>(pick: (limiter: Limiter) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (!health.isUp()) return pick(local)(...args);
      try {
        return await pick(shared)(...args);
      } catch (error) {
        health.fellBack(error);
        return pick(local)(...args);
      }
    };
  return {
    hit: either((l) => l.hit),
    count: either((l) => l.count),
    reset: either((l) => l.reset),
    acquire: either((l) => l.acquire),
    release: either((l) => l.release),
  };
}

type StoreCallback = (error: Error | null, result: { current: number; ttl: number } | null) => void;
type StoreMethod = (key: string, callback: StoreCallback, timeWindow: number, max: number) => void;
interface Store {
  incr: StoreMethod;
  read: StoreMethod;
  child(routeOptions: unknown): Store;
}
type StoreClass = new (...args: unknown[]) => Store;

// @fastify/rate-limit's own stores (CommonJS, without types): the shared one on Redis and the in-memory one.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreClass;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreClass;

function fallbackStore(shared: Store, local: Store, health: ReturnType<typeof redisHealth>): Store {
  const either =
    (method: 'incr' | 'read'): StoreMethod =>
    (key, callback, timeWindow, max) => {
      if (!health.isUp()) return local[method](key, callback, timeWindow, max);
      shared[method](
        key,
        (error, result) => {
          if (!error) return callback(null, result);
          health.fellBack(error);
          local[method](key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    };
  return {
    incr: either('incr'),
    read: either('read'),
    child: (routeOptions) => fallbackStore(shared.child(routeOptions), local.child(routeOptions), health),
  };
}

/** The `store` option of @fastify/rate-limit: Redis while it answers, this instance's memory while not. */
export function fallbackStoreClass(
  redis: Redis,
  nameSpace: string,
  health: ReturnType<typeof redisHealth>,
): FastifyRateLimitStoreCtor {
  return function FallbackStore(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
    return fallbackStore(
      new RedisStore(options.continueExceeding, options.exponentialBackoff, redis, nameSpace),
      new LocalStore(options.continueExceeding, options.exponentialBackoff),
      health,
    );
  } as unknown as FastifyRateLimitStoreCtor;
}
