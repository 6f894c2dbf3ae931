import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createReadCache, type ReadCache } from '../lib/read-cache';

/** Where migration 0016's triggers announce a changed channel, membership or notification. */
export const READS_CHANGED_CHANNEL = 'studio_reads_changed';
/** What a test announces to know every announcement committed before it has been heard. */
const SETTLE_PREFIX = 'settle:';

/** Entries kept per instance, least recently used out first (a page of 20 notifications is some 8 KB as JSON). */
const CACHE_MAX = 5_000;
/** The longest an entry is trusted without reading it again, announcements aside. */
const CACHE_TTL_MS = 30_000;

/**
 * Hot reads from memory (issue #13, lib/read-cache.ts): read once from PostgreSQL, served from memory
 * until the database announces a change to what they were read from (heard through plugins/announcements.ts).
 * Without a listening connection nothing is kept. `readCache: false` in the config turns it off (every read goes to the database).
 */
export type ReadCacheOptions = {
  /**
   * Tests: each request first waits until every announcement committed before it has been heard, so a
   * row a test wrote by hand is seen by its next request as it would be a moment later in production.
   */
  settleEachRequest?: boolean;
};

export const readCachePlugin = fp(async (app: FastifyInstance, options: ReadCacheOptions) => {
  const cache = createReadCache({ max: CACHE_MAX, ttlMs: CACHE_TTL_MS });
  const waiting = new Map<string, () => void>();
  if (app.config.readCache) {
    app.announcements.subscribe({
      name: 'read cache',
      topics: {
        [READS_CHANGED_CHANNEL]: (payload) => {
          if (payload.startsWith(SETTLE_PREFIX)) {
            waiting.get(payload)?.();
            waiting.delete(payload);
            return;
          }
          cache.announced(payload);
        },
      },
      onListening: () => cache.setEnabled(true),
      onLost: () => {
        cache.setEnabled(false);
        // Nothing is kept now, so nobody needs to wait for what was said.
        for (const done of waiting.values()) done();
        waiting.clear();
      },
    });
  }

  // Read your own writes: whatever a person changed here reaches their next read, even before the
  // database's announcement of it has arrived.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.user && request.method !== 'GET' && request.method !== 'HEAD') cache.forgetPerson(request.user.id);
    done(null, payload);
  });

  /**
   * Resolves once every announcement committed before this call has been heard (PostgreSQL delivers
   * them in commit order): for tests that write rows directly and then read through the API.
   */
  async function settle(timeoutMs = 5_000) {
    if (!cache.enabled) return;
    const token = `${SETTLE_PREFIX}${process.pid}:${Math.random().toString(36).slice(2)}`;
    const heard = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(token);
        reject(new Error(`read cache: no announcement heard within ${timeoutMs} ms`));
      }, timeoutMs);
      waiting.set(token, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    try {
      await app.announcements.notify(READS_CHANGED_CHANNEL, token);
    } catch {
      // Not listening (any more): nothing is kept, so there is nothing to wait for.
      waiting.get(token)?.();
      waiting.delete(token);
    }
    await heard;
  }

  if (options.settleEachRequest) app.addHook('onRequest', async () => settle());

  app.decorate('readCache', {
    read: cache.read,
    peek: cache.peek,
    forget: cache.announced,
    get enabled() {
      return cache.enabled;
    },
    get stats() {
      return { ...cache.stats, size: cache.size };
    },
    settle,
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    readCache: {
      read: ReadCache['read'];
      peek: ReadCache['peek'];
      /** Drop what was read from `scope` now (this instance heard of its change another way). */
      forget: ReadCache['announced'];
      readonly enabled: boolean;
      readonly stats: { hits: number; misses: number; changes: number; size: number };
      /** Resolves once every announcement committed before the call has been heard. */
      settle(timeoutMs?: number): Promise<void>;
    };
  }
}
