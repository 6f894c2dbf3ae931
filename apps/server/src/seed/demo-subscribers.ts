import { addDays, koreanDay } from '@studio/contract/korea-time';
import type { Db } from '../db/schema';
import { fixedClock } from '../lib/clock';
import { subscriberHistoryService } from '../modules/insights/subscriber-service';
import { DEMO_VIEW_DAYS } from './demo-views';
import { mediaChannelSubscribers, setSubscriberCount } from './demo-seed-repository';
import { seededRandom } from './seeded-random';

/**
 * Issue 23, point 4: 90 days of subscriber history behind the demo's media channels. Day by day, oldest
 * first, each channel's count is set to what it was then (growing to today's count, a little each
 * day, busier on some days) and the day is kept by the roll-up tick's own service, as a running
 * studio would have kept it; the last day leaves every count as the demo gave it.
 */
export async function seedDemoSubscribers(db: Db, now: Date): Promise<number> {
  const channels = await mediaChannelSubscribers(db);
  const today = koreanDay(now);
  const next = seededRandom(20_261_128);
  const growth = new Map(channels.map((channel) => [channel.id, 0.06 + 0.1 * next()]));
  return db.transaction().execute(async (trx) => {
    for (let daysAgo = DEMO_VIEW_DAYS - 1; daysAgo >= 0; daysAgo -= 1) {
      const day = addDays(today, -daysAgo);
      for (const channel of channels) {
        // A gentle rise to today's count, with each day's own luck.
        const behind = (growth.get(channel.id) ?? 0) * (daysAgo / (DEMO_VIEW_DAYS - 1)) ** 0.9 * (0.97 + 0.06 * next());
        await setSubscriberCount(trx, channel.id, daysAgo === 0 ? channel.subscribers : Math.round(channel.subscribers * (1 - behind)));
      }
      // Each day's keeping is the tick's, at noon of that day.
      await subscriberHistoryService(trx, fixedClock(new Date(Date.parse(`${day}T03:00:00Z`)))).keepToday();
    }
    return channels.length;
  });
}
