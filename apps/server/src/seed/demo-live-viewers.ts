import { randomUUID } from 'node:crypto';
import { LIVE_CONCURRENT_WINDOW_SECONDS } from '@studio/contract/views';
import type { Db } from '../db/schema';
import { livePresenceRepository } from '../modules/views/live-presence-repository';
import { endedLivesForViewers } from './demo-seed-repository';
import { seededRandom } from './seeded-random';

const MINUTE = 60_000;

/**
 * The share of its peak audience a live holds `x` of the way through (0–1): viewers arrive over the
 * first minutes, a bump past the middle (the segment people were told about), and some leave before
 * the end.
 */
export function audienceShape(x: number): number {
  const arriving = 1 - Math.exp(-x / 0.08);
  const bump = 0.78 + 0.22 * Math.exp(-(((x - 0.58) / 0.09) ** 2));
  const leaving = x > 0.85 ? 1 - 2 * (x - 0.85) : 1;
  return arriving * bump * leaving;
}

/**
 * Issue 23, point 7: the demo's ended lives get a concurrent-viewer history, so the insights' per-live
 * curve and the live page's peak show something on first start. Minute by minute of each live, the
 * viewers watching then ping as the public live page would (`markPresent`, the presence route's
 * write), and the minute is sampled by the statement the roll-up tick runs for lives on air
 * (`sample`, here for the one ended live): `live_viewer_minutes` is written by nothing else. The pings
 * are forgotten afterwards, as the tick forgets pings past the window.
 */
export async function seedDemoLiveViewers(db: Db, now: Date): Promise<{ lives: number; minutes: number }> {
  const presence = livePresenceRepository(db);
  const lives = await endedLivesForViewers(db);
  // Each live's history is its own chain of minutes; the lives run side by side on the pool.
  const counted = await Promise.all(
    lives.map(async (live) => {
      const next = seededRandom(20_261_127 + live.id);
      const peak = Math.round(60 + 140 * next());
      const length = Math.max(1, Math.floor((live.endedAt.getTime() - live.startedAt.getTime()) / MINUTE));
      let watching: string[] = [];
      for (let minute = 0; minute < length; minute += 1) {
        const wanted = Math.max(1, Math.round(peak * audienceShape(minute / length) * (0.95 + 0.1 * next())));
        // A few leave every minute and others come; the audience meets the curve.
        watching = watching.filter(() => next() > 0.03);
        while (watching.length > wanted) watching.splice(Math.floor(next() * watching.length), 1);
        while (watching.length < wanted) watching.push(randomUUID());
        const at = new Date(live.startedAt.getTime() + minute * MINUTE + 30_000);
        await presence.markPresent(live.id, watching, at);
        await presence.sample(at, new Date(at.getTime() - LIVE_CONCURRENT_WINDOW_SECONDS * 1000), live.id, { onAir: false });
      }
      return length;
    }),
  );
  await presence.prune(new Date(now.getTime() - LIVE_CONCURRENT_WINDOW_SECONDS * 1000));
  return { lives: lives.length, minutes: counted.reduce((sum, n) => sum + n, 0) };
}
