import { LIVE_CONCURRENT_WINDOW_SECONDS } from '@studio/contract/views';
import type { Db } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { livePresenceRepository } from './live-presence-repository';

/** How long "this live is on air" is trusted from memory: a live that ends stops counting within this. */
const ON_AIR_TTL_MS = 10_000;
const ON_AIR_CACHE_MAX = 10_000;

/**
 * Issue 23, point 2: a live's concurrent viewers — the viewers whose public live page pinged in the
 * last LIVE_CONCURRENT_WINDOW_SECONDS — and the peak kept per live (the most of any sampled minute).
 * The studio reads them with the live's stream state (live-service.ts, the same repository).
 */
export function livePresenceService(db: Db, clock: Clock) {
  const presence = livePresenceRepository(db);
  const onAir = new Map<number, { yes: boolean; until: number }>();
  const since = (at: Date) => new Date(at.getTime() - LIVE_CONCURRENT_WINDOW_SECONDS * 1000);

  return {
    /** One viewer of a live on air is still there; 404 LIVE_NOT_FOUND for any other live. */
    async ping(liveId: number, viewerId: string): Promise<void> {
      const now = Date.now();
      let known = onAir.get(liveId);
      if (!known || known.until <= now) {
        if (onAir.size >= ON_AIR_CACHE_MAX) onAir.clear();
        known = { yes: (await presence.findOnAir(liveId)) !== undefined, until: now + ON_AIR_TTL_MS };
        onAir.set(liveId, known);
      }
      if (!known.yes) throw new AppError('LIVE_NOT_FOUND', undefined, { liveId });
      await presence.markPresent(liveId, [viewerId], clock.now());
    },

    /** Samples every live on air (the roll-up job's tick) and forgets pings past the window. */
    async sampleAll(): Promise<number> {
      const at = clock.now();
      const sampled = await presence.sample(at, since(at));
      await presence.prune(since(at));
      return sampled.length;
    },
  };
}
