import { describe, expect, it } from 'vitest';
import { CONTENT_PAGE_SIZE, contentListQuery, hasFilters, parseContentParams, toSearchParams } from './use-content-filters';

describe('content list params', () => {
  it('comma-joins the chosen statuses and kinds and leaves out empty filters', () => {
    expect(contentListQuery({ statuses: ['PUBLIC', 'DRAFT'], kinds: ['POST'], page: 2 })).toEqual({
      status: 'PUBLIC,DRAFT',
      kind: 'POST',
      page: 2,
      size: CONTENT_PAGE_SIZE,
    });
    expect(contentListQuery({ statuses: [], kinds: [], page: 0 })).toEqual({
      status: undefined,
      kind: undefined,
      page: 0,
      size: CONTENT_PAGE_SIZE,
    });
  });

  it('reads the URL, keeping only known values, once each, in the enumeration order', () => {
    const params = parseContentParams(new URLSearchParams('status=DRAFT,BOGUS,PUBLIC,DRAFT&kind=LIVE,POST&page=3'));
    expect(params).toEqual({ statuses: ['PUBLIC', 'DRAFT'], kinds: ['POST', 'LIVE'], page: 3 });
    expect(parseContentParams(new URLSearchParams('page=-1'))).toEqual({ statuses: [], kinds: [], page: 0 });
    expect(parseContentParams(new URLSearchParams('page=1.5')).page).toBe(0);
  });

  it('writes the URL back without empty parts, so reload and back restore the same list', () => {
    const params = { statuses: ['HIDDEN' as const], kinds: [], page: 1 };
    const search = toSearchParams(params);
    expect(search.toString()).toBe('status=HIDDEN&page=1');
    expect(parseContentParams(search)).toEqual(params);
    expect(toSearchParams({ statuses: [], kinds: [], page: 0 }).toString()).toBe('');
    expect(hasFilters(params)).toBe(true);
    expect(hasFilters({ statuses: [], kinds: [] })).toBe(false);
  });
});
