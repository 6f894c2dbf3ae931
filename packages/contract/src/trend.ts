import { z } from 'zod';
import { ChannelType, ContentKind } from './enums';

/**
 * Issue 23, point 5: the portal's trend (`/studio/trend`, spec section 2), read from the view
 * aggregates only (never raw events). Two lists over a period: the most viewed contents, and the
 * rising ones — those whose views grew most against the period just before.
 */

/** The periods of the trend: the last 24 hours (by the hour), or the last 7 Korean days (today included). */
export const TREND_PERIODS = ['24h', '7d'] as const;
export const TREND_DEFAULT_PERIOD = '24h';
/** How long each period is: whole hours ending with the current one, or Korean days ending with today. */
export const TREND_PERIOD_LENGTH = { '24h': { unit: 'hours', count: 24 }, '7d': { unit: 'days', count: 7 } } as const satisfies Record<(typeof TREND_PERIODS)[number], { unit: 'hours' | 'days'; count: number }>;
/** How many contents each list holds (a ranking, not a library: the first entries are all it shows). */
export const TREND_LIST_MAX = 20;
/**
 * The fewest views in the period a content needs to be rising, and the floor of the base its growth
 * is measured against: 1 → 3 views is not a trend, and 0 → 40 reads as growth over 10, not infinite.
 */
export const TREND_RISING_MIN_VIEWS = 10;
/** How long one instance serves a computed ranking from memory (the roll-up adds views about every 10 s). */
export const TREND_CACHE_SECONDS = 15;

export const TrendPeriod = z.enum(TREND_PERIODS);
export type TrendPeriod = z.infer<typeof TrendPeriod>;

/** GET /trend?period=&kind=&channelType= — a filter left out means every kind or channel type. */
export const TrendQuery = z.strictObject({
  period: TrendPeriod.default(TREND_DEFAULT_PERIOD),
  kind: z.optional(ContentKind),
  channelType: z.optional(ChannelType),
});
export type TrendQuery = z.input<typeof TrendQuery>;

export const TrendItem = z.object({
  contentId: z.number().int(),
  title: z.string(),
  kind: ContentKind,
  thumbnailUrl: z.string().nullable(),
  channelId: z.number().int(),
  channelName: z.string(),
  channelType: ChannelType,
  /** The content's public page (the public site, `/c/…`). */
  publicPath: z.string(),
  /** Views counted in the period. */
  views: z.number().int(),
  /** Views counted in the period just before (as long, ending where this one begins). */
  previousViews: z.number().int(),
  /** Whole percent of growth against the period before; null when it had no views (new). */
  growthPercent: z.number().int().nullable(),
  /** The signed-in person holds a role on the content's channel. */
  ownChannel: z.boolean(),
});
export type TrendItem = z.infer<typeof TrendItem>;

export const Trend = z.object({
  period: TrendPeriod,
  /** The period's bounds, as instants: from included, to excluded (the 24 h run to the end of this hour). */
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  previousFrom: z.iso.datetime(),
  /** Most viewed first (then the newest content first on a tie). */
  top: z.array(TrendItem),
  /** Growing fastest first; only contents with TREND_RISING_MIN_VIEWS views and more than the period before. */
  rising: z.array(TrendItem),
});
export type Trend = z.infer<typeof Trend>;

/** Growth in whole percent against the period before, rounded down; null when there was nothing before. */
export function growthPercent(views: number, previousViews: number): number | null {
  if (previousViews <= 0) return null;
  return Math.floor(((views - previousViews) * 100) / previousViews);
}

/**
 * The rising list's order (growth against a base floored at TREND_RISING_MIN_VIEWS); the trend's SQL
 * computes the same expression, and the unit test holds the two to each other's examples.
 */
export function risingScore(views: number, previousViews: number): number {
  return (views - previousViews) / Math.max(previousViews, TREND_RISING_MIN_VIEWS);
}
