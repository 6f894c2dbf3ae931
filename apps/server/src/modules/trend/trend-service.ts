import { KST_OFFSET_HOURS } from '@studio/contract/constants';
import { addDays, koreanDay } from '@studio/contract/korea-time';
import { publicSitePaths } from '@studio/contract/public-site';
import {
  growthPercent,
  TREND_CACHE_SECONDS,
  TREND_LIST_MAX,
  TREND_PERIOD_LENGTH,
  TREND_RISING_MIN_VIEWS,
  type Trend,
  type TrendItem,
  type TrendPeriod,
} from '@studio/contract/trend';
import type { ChannelType, ContentKind } from '@studio/contract/enums';
import type { Db } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { DAILY, HOURLY, trendRepository, type TrendRanking, type TrendRow } from './trend-repository';

const HOUR = 3_600_000;

/** A Korean calendar day's first instant. */
function koreanMidnight(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - KST_OFFSET_HOURS * HOUR);
}

/**
 * The period of the trend at `now`, and the one just before it, as instants and as the aggregate's
 * time keys. 24 h: the 24 hours that end with the current hour (its views so far included), beside
 * the 24 before. 7 d: the 7 Korean days that end with today, beside the 7 before (the days of the
 * channel insights). Pure, for the service and its tests.
 */
export function trendWindow(now: Date, period: TrendPeriod): Pick<TrendRanking, 'source' | 'previousFrom' | 'from' | 'to'> & { instants: { previousFrom: Date; from: Date; to: Date } } {
  const length = TREND_PERIOD_LENGTH[period];
  if (length.unit === 'hours') {
    const to = new Date(Math.floor(now.getTime() / HOUR) * HOUR + HOUR);
    const from = new Date(to.getTime() - length.count * HOUR);
    const previousFrom = new Date(from.getTime() - length.count * HOUR);
    return { source: HOURLY, previousFrom: previousFrom.toISOString(), from: from.toISOString(), to: to.toISOString(), instants: { previousFrom, from, to } };
  }
  const to = addDays(koreanDay(now), 1);
  const from = addDays(to, -length.count);
  const previousFrom = addDays(from, -length.count);
  return { source: DAILY, previousFrom, from, to, instants: { previousFrom: koreanMidnight(previousFrom), from: koreanMidnight(from), to: koreanMidnight(to) } };
}

type Ranked = { window: ReturnType<typeof trendWindow>; rows: TrendRow[] };

/**
 * Issue 23, point 5: the portal's trend, from aggregates only. The ranking is the same for everyone,
 * so each instance keeps each filter's for TREND_CACHE_SECONDS (by the app's clock; at most one read
 * per filter in flight); only the "own channel" marks are read per person, for the channels listed.
 */
export function trendService(db: Db, clock: Clock) {
  const trend = trendRepository(db);
  const cache = new Map<string, { until: number; ranked: Promise<Ranked> }>();

  function ranked(period: TrendPeriod, kind: ContentKind | undefined, channelType: ChannelType | undefined): Promise<Ranked> {
    // Every part of the key is a validated enum value: the cache holds at most one entry per combination.
    const key = `${period}:${kind ?? ''}:${channelType ?? ''}`;
    const now = clock.now();
    const cached = cache.get(key);
    if (cached && cached.until > now.getTime()) return cached.ranked;
    const window = trendWindow(now, period);
    const read = trend
      .ranking({ ...window, kind, channelType, limit: TREND_LIST_MAX, risingMinViews: TREND_RISING_MIN_VIEWS })
      .then((rows) => ({ window, rows }));
    const entry = { until: now.getTime() + TREND_CACHE_SECONDS * 1000, ranked: read };
    cache.set(key, entry);
    // A failed read is not kept: the next request tries again.
    read.catch(() => {
      if (cache.get(key) === entry) cache.delete(key);
    });
    return read;
  }

  return {
    async read(userId: number, query: { period: TrendPeriod; kind?: ContentKind | undefined; channelType?: ChannelType | undefined }): Promise<Trend> {
      const { window, rows } = await ranked(query.period, query.kind, query.channelType);
      const own = await trend.memberOf(userId, [...new Set(rows.map((row) => row.channelId))]);
      const item = (row: TrendRow): TrendItem => ({
        contentId: row.contentId,
        title: row.title,
        kind: row.kind,
        thumbnailUrl: row.thumbnailUrl,
        channelId: row.channelId,
        channelName: row.channelName,
        channelType: row.channelType,
        publicPath: row.kind === 'LIVE' && row.liveId !== null ? publicSitePaths.live(row.channelId, row.liveId) : publicSitePaths.content(row.channelId, row.contentId),
        views: row.views,
        previousViews: row.previousViews,
        growthPercent: growthPercent(row.views, row.previousViews),
        ownChannel: own.has(row.channelId),
      });
      return {
        period: query.period,
        from: window.instants.from.toISOString(),
        to: window.instants.to.toISOString(),
        previousFrom: window.instants.previousFrom.toISOString(),
        top: rows.filter((row) => row.list === 'TOP').map(item),
        rising: rows.filter((row) => row.list === 'RISING').map(item),
      };
    },
  };
}

