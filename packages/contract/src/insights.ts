import { z } from 'zod';
import { ChannelType, ContentKind } from './enums';

/**
 * Issue 23, point 4: a channel's insights, read from the view aggregates only (never raw events).
 * A period is a number of Korean calendar days ending with today (spec section 9: UTC+9), beside
 * the same number of days just before it.
 */

/** The periods a channel's insights can be read for, in Korean days. */
export const INSIGHT_PERIOD_DAYS = ['7', '28', '90'] as const;
/** The period shown when none is asked for. */
export const INSIGHT_DEFAULT_PERIOD = '28';
/** The most contents the "top contents" list shows. */
export const INSIGHT_TOP_CONTENTS_MAX = 10;
/** The most loops a retention curve is drawn for (the most viewed of the period). */
export const INSIGHT_RETENTION_LOOPS_MAX = 5;
/** The most lives whose concurrent-viewer curve the insights draw (the latest of the period). */
export const INSIGHT_LIVES_MAX = 5;
/** A retention curve's points: the start, then each tenth of the loop (0 %, 10 %, …, 100 %). */
export const RETENTION_POINTS = 11;

export const InsightPeriod = z.enum(INSIGHT_PERIOD_DAYS);
export type InsightPeriod = z.infer<typeof InsightPeriod>;

/** GET /channels/{channelId}/insights?days= */
export const ChannelInsightsQuery = z.strictObject({ days: InsightPeriod.default(INSIGHT_DEFAULT_PERIOD) });
export type ChannelInsightsQuery = z.input<typeof ChannelInsightsQuery>;

/** A Korean calendar day, 'YYYY-MM-DD'. */
const KoreanDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Views, watch time and average view duration (watch seconds per view; 0 without views). */
export const InsightFigures = z.object({
  views: z.number().int(),
  watchSeconds: z.number().int(),
  averageViewSeconds: z.number().int(),
});
export type InsightFigures = z.infer<typeof InsightFigures>;

export const InsightDay = InsightFigures.extend({ day: KoreanDay });
export type InsightDay = z.infer<typeof InsightDay>;

export const InsightTopContent = InsightFigures.extend({
  contentId: z.number().int(),
  title: z.string(),
  kind: ContentKind,
});
export type InsightTopContent = z.infer<typeof InsightTopContent>;

/**
 * One loop's retention over the period: of its views, the share whose playback reached each tenth
 * of the loop (`shares[0]` is the start, always 1 with views; `shares[10]` the end), from 0 to 1.
 */
export const InsightRetention = z.object({
  contentId: z.number().int(),
  title: z.string(),
  durationSeconds: z.number().int(),
  views: z.number().int(),
  shares: z.array(z.number().min(0).max(1)).length(RETENTION_POINTS),
});
export type InsightRetention = z.infer<typeof InsightRetention>;

/** One live's concurrent viewers over the period: the most of each sampled minute, and its peak. */
export const InsightLiveViewers = z.object({
  liveId: z.number().int(),
  title: z.string(),
  peakViewers: z.number().int(),
  points: z.array(z.object({ at: z.iso.datetime(), viewers: z.number().int() })),
});
export type InsightLiveViewers = z.infer<typeof InsightLiveViewers>;

/**
 * A media channel's subscribers over the period (issue 23, point 4), from the counts kept per Korean
 * day: today's is the channel's count now; a day holds the last count kept on or before it, null
 * before the first one kept.
 */
export const InsightSubscribers = z.object({
  /** The count now. */
  current: z.number().int(),
  /** The count on the last day of the period before (null when none was kept by then). */
  previous: z.number().int().nullable(),
  /** One entry per day of the period, oldest first. */
  daily: z.array(z.object({ day: KoreanDay, subscribers: z.number().int().nullable() })),
});
export type InsightSubscribers = z.infer<typeof InsightSubscribers>;

export const ChannelInsights = z.object({
  channelId: z.number().int(),
  channelName: z.string(),
  channelType: ChannelType,
  days: z.number().int(),
  /** First and last Korean day of the period (today included). */
  from: KoreanDay,
  to: KoreanDay,
  /** One entry per day of the period, oldest first, days without views as zeros. */
  daily: z.array(InsightDay),
  totals: InsightFigures,
  /** The same figures over the period just before. */
  previous: InsightFigures,
  topContents: z.array(InsightTopContent),
  retention: z.array(InsightRetention),
  /** The latest lives of the period with concurrent viewers sampled (issue 23, point 4), oldest minute first. */
  lives: z.array(InsightLiveViewers),
  /** Media channels only (spec section 6): the subscriber count and its history; null for other channel types. */
  subscribers: InsightSubscribers.nullable(),
});
export type ChannelInsights = z.infer<typeof ChannelInsights>;
