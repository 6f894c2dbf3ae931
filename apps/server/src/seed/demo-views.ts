import { randomUUID } from 'node:crypto';
import { KST_OFFSET_HOURS } from '@studio/contract/constants';
import { VIEW_EVENTS_KEEP_DAYS } from '@studio/contract/views';
import type { Db } from '../db/schema';
import { fixedClock } from '../lib/clock';
import { viewRepository, type ViewEvent } from '../modules/views/view-repository';
import { viewRollupService, type RollUpResult } from '../modules/views/view-service';
import { publicContentsForViews, settleDemoViewCounts } from './demo-seed-repository';
import { seededRandom } from './seeded-random';

/** Days of view history the demo world starts with (issue 23, point 7): the longest insight period. */
export const DEMO_VIEW_DAYS = 90;
const MINUTE = 60_000;
const DAY = 86_400_000;
/** The Korean hour the day's viewers come in at (one burst, inside one roll-up window). */
const EVENING_HOURS_KST = [21];
/** The page's heartbeat interval (public-site/beacon-script.ts sends one every 15 s of playback). */
const HEARTBEAT_SECONDS = 15;
/** Mean share of a loop a demo viewer watches: P(still watching at x) = exp(-x / mean). */
const MEAN_SHARE_WATCHED = 0.6;

/** The instant of `hour`:00 Korean time on the Korean day `daysAgo` days before `now`'s. */
function koreanHour(now: Date, daysAgo: number, hour: number): Date {
  const korean = new Date(now.getTime() + KST_OFFSET_HOURS * 3_600_000);
  const midnight = Date.UTC(korean.getUTCFullYear(), korean.getUTCMonth(), korean.getUTCDate()) - KST_OFFSET_HOURS * 3_600_000;
  return new Date(midnight - daysAgo * DAY + hour * 3_600_000);
}

/**
 * Issue 23, point 7: 90 days of views behind the demo's published contents, so the insights show
 * something on first start. It writes raw view events as the beacon route would have stored them
 * (viewRepository.insertEvents, with the time they would have arrived) and runs the one roll-up
 * (viewRollupService) over them; nothing writes an aggregate directly. A content's views begin at
 * its publication and fade from a first peak, with weekends busier and the channel slowly growing;
 * every view is a distinct viewer; loops get heartbeats every 15 s of playback up to where the
 * viewer stopped, so watch time and retention curves follow. Viewers come in one burst a Korean
 * evening, so the roll-up has few windows to add and the seed stays quick.
 */
export async function seedDemoViews(db: Db, now: Date, keepDays = VIEW_EVENTS_KEEP_DAYS): Promise<{ events: number; rolledUp: RollUpResult }> {
  const views = viewRepository(db);
  const clock = fixedClock(now);
  // The seed's events are all in the past: they close at once.
  const rollup = viewRollupService(db, clock, { graceMs: MINUTE });
  const contents = await publicContentsForViews(db);

  // Daily partitions for the kept days of raw events (and the next), as the roll-up job makes them
  // for real beacons. Older history goes to the default partition, which is emptied whole once the
  // roll-up has added it: partitions made only to be dropped a moment later would cost seconds.
  const keptFrom = koreanHour(now, keepDays, 0);
  const utcDays = new Set<string>();
  for (let at = keptFrom.getTime(); at <= now.getTime() + DAY; at += DAY / 2) utcDays.add(new Date(at).toISOString().slice(0, 10));
  await views.ensurePartitions([...utcDays].sort());

  const bursts = new Map<number, ViewEvent[]>();
  const add = (at: Date, events: ViewEvent[]) => {
    const list = bursts.get(at.getTime()) ?? [];
    list.push(...events);
    bursts.set(at.getTime(), list);
  };
  const next = seededRandom(20_261_126);
  for (const content of contents) {
    // Bigger names draw more, within a demo's scale (a count of a billion reads as ~160 a day at its peak).
    const peak = 12 + 16 * Math.log10(Math.min(content.viewCount, 1e9) + 10);
    for (let daysAgo = DEMO_VIEW_DAYS - 1; daysAgo >= 0; daysAgo -= 1) {
      for (const hour of EVENING_HOURS_KST) {
        // Today's last burst is a few minutes ago, so a content published this morning has views too.
        const at = daysAgo === 0 && hour === EVENING_HOURS_KST.at(-1) ? new Date(now.getTime() - 5 * MINUTE) : koreanHour(now, daysAgo, hour);
        // Today's burst holds the part of the day gone by so far.
        const sofar = daysAgo === 0 ? Math.min(1, (at.getTime() - koreanHour(now, 0, 0).getTime()) / DAY) : 1;
        if (at < content.publishedAt || at.getTime() > now.getTime() - 5 * MINUTE) continue;
        const age = (at.getTime() - content.publishedAt.getTime()) / DAY;
        const weekday = new Date(at.getTime() + KST_OFFSET_HOURS * 3_600_000).getUTCDay();
        const weekend = weekday === 0 || weekday === 6 ? 1.35 : 1;
        const growth = 0.7 + 0.3 * (1 - daysAgo / DEMO_VIEW_DAYS);
        const fade = 0.2 + 0.8 * Math.exp(-age / 6);
        const count = Math.round((peak / EVENING_HOURS_KST.length) * sofar * fade * weekend * growth * (0.75 + 0.5 * next()));
        for (let n = 0; n < count; n += 1) {
          const viewerId = randomUUID();
          const base = { contentId: content.id, channelId: content.channelId, viewerId };
          add(at, [{ ...base, kind: 'VIEW_START', seconds: 0, position: 0 }]);
          if (!content.durationSeconds) continue;
          const watched = Math.min(content.durationSeconds, Math.round(-Math.log(1 - next()) * MEAN_SHARE_WATCHED * content.durationSeconds));
          for (let position = HEARTBEAT_SECONDS; position - HEARTBEAT_SECONDS < watched; position += HEARTBEAT_SECONDS) {
            const reached = Math.min(position, watched);
            const seconds = reached - (position - HEARTBEAT_SECONDS);
            if (seconds < 1) break;
            // Heartbeats arrive a minute into the burst (one write for the burst's heartbeats, in its window).
            add(new Date(at.getTime() + MINUTE), [{ ...base, kind: 'HEARTBEAT', seconds, position: reached === content.durationSeconds ? reached - 1 : reached }]);
          }
        }
      }
    }
  }

  let events = 0;
  for (const [at, list] of [...bursts].sort(([a], [b]) => a - b)) {
    await views.insertEvents(list, new Date(at));
    events += list.length;
  }
  const rolledUp = await rollup.run();
  await settleDemoViewCounts(db);
  await views.truncateDefaultPartition();
  return { events, rolledUp };
}
