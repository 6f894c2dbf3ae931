import { describe, expect, it } from 'vitest';
import { trendWindow } from './trend-service';

describe('trendWindow', () => {
  it('24 h: the 24 hours ending with the current hour (its views so far in), beside the 24 before', () => {
    const window = trendWindow(new Date('2026-11-21T04:30:00Z'), '24h');
    expect(window.source.table).toBe('content_views_hourly');
    expect([window.previousFrom, window.from, window.to]).toEqual(['2026-11-19T05:00:00.000Z', '2026-11-20T05:00:00.000Z', '2026-11-21T05:00:00.000Z']);
  });

  it('24 h: on the hour, the new hour is the last of the period', () => {
    expect(trendWindow(new Date('2026-11-21T05:00:00Z'), '24h').to).toBe('2026-11-21T06:00:00.000Z');
  });

  it('7 d: the 7 Korean days ending with today, beside the 7 before', () => {
    // 2026-11-21 00:30 in Korea is still 11-20 in UTC: the Korean day decides.
    const window = trendWindow(new Date('2026-11-20T15:30:00Z'), '7d');
    expect(window.source.table).toBe('content_views_daily');
    expect([window.previousFrom, window.from, window.to]).toEqual(['2026-11-08', '2026-11-15', '2026-11-22']);
    expect(window.instants.from.toISOString()).toBe('2026-11-14T15:00:00.000Z');
    expect(window.instants.to.toISOString()).toBe('2026-11-21T15:00:00.000Z');
  });
});
