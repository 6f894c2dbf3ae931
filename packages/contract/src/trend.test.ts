import { describe, expect, it } from 'vitest';
import { growthPercent, risingScore, TREND_RISING_MIN_VIEWS, TrendQuery } from './trend';

describe('growthPercent', () => {
  it('is the whole percent of growth against the period before, rounded down', () => {
    expect(growthPercent(30, 10)).toBe(200);
    expect(growthPercent(12, 20)).toBe(-40);
    expect(growthPercent(10, 3)).toBe(233);
    expect(growthPercent(7, 7)).toBe(0);
  });

  it('is null when the period before had no views (new, not infinite)', () => {
    expect(growthPercent(15, 0)).toBeNull();
    expect(growthPercent(0, 0)).toBeNull();
  });
});

describe('risingScore', () => {
  it('measures growth against the views before, floored at the rising minimum', () => {
    expect(risingScore(30, 10)).toBe(2);
    expect(risingScore(15, 0)).toBe((15 - 0) / TREND_RISING_MIN_VIEWS);
    // 3 → 12 is not 300 % growth: its base is the floor.
    expect(risingScore(12, 3)).toBe((12 - 3) / TREND_RISING_MIN_VIEWS);
    expect(risingScore(1_500, 1_000)).toBe(0.5);
  });

  it('puts a doubling of a big content below a young content with the same new views over a small base', () => {
    expect(risingScore(40, 0)).toBeGreaterThan(risingScore(2_000, 1_000));
    expect(risingScore(2_000, 1_000)).toBeGreaterThan(risingScore(10, 9));
  });
});

describe('TrendQuery', () => {
  it('defaults to the last 24 hours with no filter', () => {
    expect(TrendQuery.parse({})).toEqual({ period: '24h' });
  });

  it('refuses an unknown period, kind, channel type or parameter', () => {
    expect(TrendQuery.safeParse({ period: '30d' }).success).toBe(false);
    expect(TrendQuery.safeParse({ kind: 'VIDEO' }).success).toBe(false);
    expect(TrendQuery.safeParse({ channelType: 'media' }).success).toBe(false);
    expect(TrendQuery.safeParse({ after: '1' }).success).toBe(false);
  });
});
