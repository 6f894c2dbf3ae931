import { createRequire } from 'node:module';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Db } from '../db/schema';
import { rateLimitRepository } from './rate-limit-repository';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;
/** What a route's `config.rateLimit` (or `createRateLimit`) says, as the plugin hands it to `child`. */
type RouteLimitOptions = {
  /** Counted in this instance's memory instead of the shared table (the beacons: thousands a second). */
  perInstance?: boolean;
  groupId?: string;
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
  routeInfo?: { method?: string | string[]; url?: string };
};

const require = createRequire(import.meta.url);
// The plugin's own in-memory store, for the routes that choose it.
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => FastifyRateLimitStore;

/** Every this many hits, windows over for PRUNE_AFTER_MS are deleted (no timer: nothing to prune without hits). */
const PRUNE_EVERY_HITS = 1_000;
const PRUNE_AFTER_MS = 15 * 60_000;

/**
 * The store of every per-minute limit but the beacons': fixed windows in PostgreSQL
 * (`rate_limit_windows`), so N web instances allow a person or an address the limit once, not N
 * times (issue 22; decision 042). Each route counts under its own prefix, as the plugin's memory store
 * keeps one map per route. A route with `perInstance: true` keeps the plugin's memory store.
 */
export function sharedRateLimitStore(db: Db, onPruneFailed: (error: unknown) => void) {
  const windows = rateLimitRepository(db);
  let hitsSincePrune = 0;
  const answer = (work: Promise<{ hits: number; ttlMs: number }>, callback: Callback) =>
    void work.then(({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }), (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));

  class SharedStore implements FastifyRateLimitStore {
    constructor(
      _pluginOptions?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number) {
      answer(windows.hit(this.prefix + key, timeWindow), callback);
      hitsSincePrune += 1;
      if (hitsSincePrune >= PRUNE_EVERY_HITS) {
        hitsSincePrune = 0;
        windows.prune(PRUNE_AFTER_MS).catch(onPruneFailed);
      }
    }

    read(key: string, callback: Callback, timeWindow: number) {
      answer(windows.read(this.prefix + key, timeWindow), callback);
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin hands the route's merged limit options (everything its config.rateLimit says).
      const route = routeOptions as unknown as RouteLimitOptions;
      if (route.perInstance) return new LocalStore(route.continueExceeding ?? false, route.exponentialBackoff ?? false, route.cache);
      const method = Array.isArray(route.routeInfo?.method) ? route.routeInfo.method.join(',') : (route.routeInfo?.method ?? '');
      return new SharedStore(undefined, `${route.groupId ?? `${method} ${route.routeInfo?.url ?? ''}`}|`);
    }
  }
  return SharedStore;
}

declare module '@fastify/rate-limit' {
  interface CreateRateLimitOptions {
    /** Count in this instance's memory, not in the shared table (sharedRateLimitStore). */
    perInstance?: boolean;
  }
}
