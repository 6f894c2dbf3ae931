import { koreanDay } from '@studio/contract/korea-time';
import type { Db } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { subscriberRepository } from './subscriber-repository';

/** How often the roll-up's tick keeps the day's subscriber counts (it ticks more often than this). */
const KEEP_EVERY_MS = 60_000;

/**
 * Issue 23, point 4: the subscriber history of media channels. The view roll-up's tick keeps each
 * media channel's count as its Korean day's, at most once a minute per instance; the last write of a
 * day is that day's count.
 */
export function subscriberHistoryService(db: Db, clock: Clock) {
  const subscribers = subscriberRepository(db);
  let keptAt = Number.NEGATIVE_INFINITY;
  return {
    /** Keeps today's counts unless this instance did in the last minute; true when it wrote. */
    async keepToday(): Promise<boolean> {
      const now = clock.now();
      if (now.getTime() - keptAt < KEEP_EVERY_MS) return false;
      await subscribers.keepDay(koreanDay(now));
      keptAt = now.getTime();
      return true;
    },
  };
}
