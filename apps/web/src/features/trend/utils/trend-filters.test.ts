import { describe, expect, it } from 'vitest';
import { trendSearch } from '../api/get-trend';
import { trendFiltersOf } from './trend-filters';

describe('the trend filters in the address', () => {
  it('reads the period, kind and channel type', () => {
    expect(trendFiltersOf(new URLSearchParams('period=7d&kind=SHORTS&channelType=MEDIA_CHANNEL'))).toEqual({ period: '7d', kind: 'SHORTS', channelType: 'MEDIA_CHANNEL' });
  });

  it('reads anything unknown as its default: the last 24 hours, every kind and channel type', () => {
    expect(trendFiltersOf(new URLSearchParams('period=30d&kind=VIDEO&channelType=x'))).toEqual({ period: '24h', kind: null, channelType: null });
    expect(trendFiltersOf(new URLSearchParams(''))).toEqual({ period: '24h', kind: null, channelType: null });
  });

  it('writes the request without the filters left at "all"', () => {
    expect(trendSearch({ period: '24h', kind: null, channelType: null })).toBe('period=24h');
    expect(trendSearch({ period: '7d', kind: 'POST', channelType: 'CONTENTS_CHANNEL' })).toBe('period=7d&kind=POST&channelType=CONTENTS_CHANNEL');
  });
});
