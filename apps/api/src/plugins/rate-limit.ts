import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { AppError } from '../lib/errors.js';
import { fallbackLimiter, fallbackStoreClass, redisHealth } from './counters-fallback.js';

export interface Limiter {
  /** Counts one hit on `key` in a fixed window; `allowed` is false once `max` hits are exceeded. */
  hit(
    key: string,
    max: number,
    windowSeconds: number,
  ): Promise<{ allowed: boolean; count: number; retryAfterSeconds: number }>;
  /** The hits counted so far in the current window. */
  count(key: string): Promise<{ count: number; retryAfterSeconds: number }>;
  reset(key: string): Promise<void>;
  /**
   * Takes one of `max` slots of `key` (things running at once), or refuses. A slot not released within
   * `leaseSeconds` (its instance died) frees itself.
   */
  acquire(key: string, max: number, leaseSeconds: number): Promise<boolean>;
  release(key: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    limiter: Limiter;
  }
}

function memoryLimiter(): Limiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.resetAt <= Date.now()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };
  const slots = new Map<string, number>();
  return {
    async acquire(key, max) {
      const taken = slots.get(key) ?? 0;
      if (taken >= max) return false;
      slots.set(key, taken + 1);
      return true;
    },
    async release(key) {
      const taken = (slots.get(key) ?? 1) - 1;
      if (taken > 0) slots.set(key, taken);
      else slots.delete(key);
    },
    async hit(key, max, windowSeconds) {
      const entry = current(key) ?? { count: 0, resetAt: Date.now() + windowSeconds * 1000 };
      entry.count += 1;
      windows.set(key, entry);
      return {
        allowed: entry.count <= max,
        count: entry.count,
        retryAfterSeconds: (entry.resetAt - Date.now()) / 1000,
      };
    },
    async count(key) {
      const entry = current(key);
      return { count: entry?.count ?? 0, retryAfterSeconds: entry ? (entry.resetAt - Date.now()) / 1000 : 0 };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

function redisLimiter(redis: Redis): Limiter {
  const prefix = 'liftoff:limit:';
  const slotPrefix = 'liftoff:slots:';
  return {
    async acquire(key, max, leaseSeconds) {
      const k = slotPrefix + key;
      // Each take renews the lease of the whole count: slots of a dead instance free themselves once no
      // one of that person has started anything for a lease.
      const result = await redis.multi().incr(k).expire(k, leaseSeconds).exec();
      if (Number(result?.[0]?.[1] ?? 0) <= max) return true;
      await redis.decr(k);
      return false;
    },
    async release(key) {
      // One script, so a slot taken between the decrement and the delete is never wiped.
      await redis.eval(
        "if redis.call('DECR', KEYS[1]) <= 0 then redis.call('DEL', KEYS[1]) end",
        1,
        slotPrefix + key,
      );
    },
    async hit(key, max, windowSeconds) {
      const k = prefix + key;
      const result = await redis
        .multi()
        .incr(k)
        .pexpire(k, windowSeconds * 1000, 'NX')
        .pttl(k)
        .exec();
      const count = Number(result?.[0]?.[1] ?? 0);
      const ttl = Number(result?.[2]?.[1] ?? 0);
      return { allowed: count <= max, count, retryAfterSeconds: Math.max(ttl, 0) / 1000 };
    },
    async count(key) {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
      return { count: Number(count ?? 0), retryAfterSeconds: Math.max(ttl, 0) / 1000 };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

const REDIS_START_WAIT_MS = 2000;

/** A GET or HEAD outside /api: a file of the built web app or one of its pages. */
export const isWebAppRequest = (method: string, url: string) =>
  (method === 'GET' || method === 'HEAD') && !/^\/+api(\/|$|\?)/i.test(url);

/**
 * Per-IP limits on every API route (stricter on credential calls, set per route), plus `app.limiter` for
 * per-account counters. With REDIS_URL both are shared by every API instance, and kept by each instance on its
 * own while Redis is out of reach.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    const redis = app.config.REDIS_URL
      ? new Redis(app.config.REDIS_URL, {
          maxRetriesPerRequest: 2,
          lazyConnect: false,
          // Without a connection a command fails at once (the counters fall back to this instance's memory,
          // counters-fallback.ts) instead of waiting for a reconnect; a Redis that hangs is given up on soon.
          enableOfflineQueue: false,
          commandTimeout: 1000,
        })
      : null;
    const health = redis ? redisHealth(redis, app.log) : null;
    // Counts made before the connection is up would stay on this instance: the start waits for it a moment,
    // and goes on without it (counting alone until it comes) when Redis is not there.
    if (redis) {
      await new Promise<void>((ready) => {
        const timer = setTimeout(ready, REDIS_START_WAIT_MS);
        redis.once('ready', () => {
          clearTimeout(timer);
          ready();
        });
      });
    }
    if (redis) {
      app.addHook('onClose', async () => {
        if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
        else redis.disconnect();
      });
    }
    app.decorate(
      'limiter',
      redis && health ? fallbackLimiter(redisLimiter(redis), memoryLimiter(), health) : memoryLimiter(),
    );
    await app.register(rateLimit, {
      global: true,
      max: app.config.RATE_LIMIT_PER_MINUTE,
      timeWindow: 60_000,
      ...(redis && health ? { store: fallbackStoreClass(redis, 'liftoff:ip:', health) } : {}),
      // The web app's files and its pages (the SPA shell) are not counted: a class behind one office address
      // loads a dozen scripts each at once. The limit protects the API, and every /api path stays counted.
      allowList: (request) => isWebAppRequest(request.method, request.url),
      errorResponseBuilder: (_request, context) =>
        new AppError(
          429,
          'RATE_LIMITED',
          `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        ),
    });
  },
  { name: 'rate-limit' },
);
