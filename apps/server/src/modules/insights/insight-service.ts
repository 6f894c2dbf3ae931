import {
  INSIGHT_LIVES_MAX,
  INSIGHT_RETENTION_LOOPS_MAX,
  INSIGHT_TOP_CONTENTS_MAX,
  RETENTION_POINTS,
  type ChannelInsights,
  type InsightFigures,
  type InsightPeriod,
} from '@studio/contract/insights';
import { KST_OFFSET_HOURS } from '@studio/contract/constants';
import { addDays, koreanDay } from '@studio/contract/korea-time';
import type { ChannelRow, Db } from '../../db/schema';
import { insightRepository, type Sums } from './insight-repository';
import { subscribersByDay } from './subscriber-history';
import { subscriberRepository } from './subscriber-repository';

/** A Korean calendar day's first instant. */
function koreanMidnight(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - KST_OFFSET_HOURS * 3_600_000);
}

/** Views, watch time and their average (whole seconds per view, 0 without views). */
function figures({ views, watchSeconds }: Sums): InsightFigures {
  return { views, watchSeconds, averageViewSeconds: views > 0 ? Math.round(watchSeconds / views) : 0 };
}

/**
 * The period of `days` Korean days ending with today, and the same number of days just before it.
 * Pure, for the service and its tests.
 */
export function insightPeriod(now: Date, days: number): { from: string; to: string; previousFrom: string; previousTo: string } {
  const to = koreanDay(now);
  const from = addDays(to, -(days - 1));
  return { from, to, previousFrom: addDays(from, -days), previousTo: addDays(from, -1) };
}

/** Issue 23, point 4: a channel's insights over a period, beside the period before it; aggregates only. */
export function insightService(db: Db) {
  const insights = insightRepository(db);
  const subscriberDays = subscriberRepository(db);
  return {
    async channel(channel: ChannelRow, period: InsightPeriod, now: Date): Promise<ChannelInsights> {
      const days = Number(period);
      const { from, to, previousFrom, previousTo } = insightPeriod(now, days);
      const media = channel.channel_type === 'MEDIA_CHANNEL';
      const [daily, totals, previous, top, retention, lives, kept] = await Promise.all([
        insights.daily(channel.id, from, to),
        insights.totals(channel.id, from, to),
        insights.totals(channel.id, previousFrom, previousTo),
        insights.topContents(channel.id, from, to, INSIGHT_TOP_CONTENTS_MAX),
        insights.retention(channel.id, from, to, INSIGHT_RETENTION_LOOPS_MAX, RETENTION_POINTS),
        insights.liveViewers(channel.id, koreanMidnight(from), koreanMidnight(addDays(to, 1)), INSIGHT_LIVES_MAX),
        media ? subscriberDays.days(channel.id, previousTo, to) : [],
      ]);
      // The day before the period and each of its days; today is the channel's count now.
      const [before, ...perDay] = subscribersByDay(kept, previousTo, days + 1);
      const byDay = new Map(daily.map((row) => [row.day, row]));
      return {
        channelId: channel.id,
        channelName: channel.name,
        channelType: channel.channel_type,
        days,
        from,
        to,
        daily: Array.from({ length: days }, (_, n) => {
          const day = addDays(from, n);
          return { day, ...figures(byDay.get(day) ?? { views: 0, watchSeconds: 0 }) };
        }),
        totals: figures(totals),
        previous: figures(previous),
        topContents: top.map(({ contentId, title, kind, ...sums }) => ({ contentId, title, kind, ...figures(sums) })),
        retention: retention.map(({ reached, views, ...loop }) => ({
          ...loop,
          views,
          // The start is every view; a tenth's share is its viewers over the period's views, at most 1
          // (a view counted just before the period can reach a tenth inside it).
          shares: reached.map((viewers, tenth) => (tenth === 0 ? 1 : Math.min(1, viewers / views))),
        })),
        lives,
        subscribers: media
          ? {
              current: channel.subscriber_count,
              previous: before?.subscribers ?? null,
              daily: perDay.map((day) => (day.day === to ? { day: day.day, subscribers: channel.subscriber_count } : day)),
            }
          : null,
      };
    },
  };
}
