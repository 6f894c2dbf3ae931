import { describe, expect, it } from 'vitest';
import { encodeContentCursor } from '@studio/contract/content';
import { CONTENT_PAGE_SIZE, contentListQuery, hasFilters, NO_FILTERS, parseContentParams, toSearchParams } from './use-content-filters';

const cursor = encodeContentCursor({ sort: 'NEWEST', value: '2026-11-01T00:00:00.000000Z', id: 9 });
const viewsCursor = encodeContentCursor({ sort: 'MOST_VIEWED', value: '12', id: 9 });
const none = { ...NO_FILTERS, sort: 'NEWEST' as const, after: '', before: '', page: 0 };

describe('content list params', () => {
  it('comma-joins the chosen statuses and kinds, turns local days into instants and leaves out empty parts', () => {
    const query = contentListQuery({ ...none, statuses: ['PUBLIC', 'DRAFT'], kinds: ['POST'], q: '봄', from: '2026-11-01', to: '2026-11-30', after: cursor, page: 2 });
    expect(query).toEqual({
      status: 'PUBLIC,DRAFT',
      kind: 'POST',
      q: '봄',
      sort: 'NEWEST',
      from: new Date(2026, 10, 1).toISOString(),
      // The last day is included: the range ends at the next local midnight.
      to: new Date(2026, 11, 1).toISOString(),
      after: cursor,
      before: undefined,
      page: 2,
      size: CONTENT_PAGE_SIZE,
    });
    expect(contentListQuery(none)).toEqual({ status: undefined, kind: undefined, q: undefined, sort: 'NEWEST', from: undefined, to: undefined, after: undefined, before: undefined, page: 0, size: CONTENT_PAGE_SIZE });
  });

  it('reads the URL, keeping only known values, once each, in the enumeration order', () => {
    const params = parseContentParams(new URLSearchParams(`status=DRAFT,BOGUS,PUBLIC,DRAFT&kind=LIVE,POST&after=${cursor}&page=3`));
    expect(params).toEqual({ ...none, statuses: ['PUBLIC', 'DRAFT'], kinds: ['POST', 'LIVE'], after: cursor, page: 3 });
    // A page number without a cursor is the first page; so is a cursor of another sort, or a forged one.
    expect(parseContentParams(new URLSearchParams('page=4'))).toEqual(none);
    expect(parseContentParams(new URLSearchParams(`after=${viewsCursor}&page=2`))).toEqual(none);
    expect(parseContentParams(new URLSearchParams('after=abc&page=2'))).toEqual(none);
    expect(parseContentParams(new URLSearchParams(`sort=MOST_VIEWED&before=${viewsCursor}&page=2`))).toMatchObject({ sort: 'MOST_VIEWED', before: viewsCursor, page: 2 });
    expect(parseContentParams(new URLSearchParams('sort=POPULAR')).sort).toBe('NEWEST');
    expect(parseContentParams(new URLSearchParams('from=2026-02-30&to=yesterday'))).toMatchObject({ from: '', to: '' });
    expect(parseContentParams(new URLSearchParams('from=2026-11-30&to=2026-11-01'))).toMatchObject({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('writes the URL back without empty parts, so reload, back and a shared link restore the same list', () => {
    const params = { ...none, statuses: ['HIDDEN' as const], q: '봄 소식', sort: 'OLDEST' as const, from: '2026-11-01', before: encodeContentCursor({ sort: 'OLDEST', value: '2026-11-01T00:00:00Z', id: 3 }), page: 1 };
    const search = toSearchParams(params);
    expect(search.toString()).toBe(`q=${encodeURIComponent('봄 소식').replace(/%20/g, '+')}&sort=OLDEST&status=HIDDEN&from=2026-11-01&before=${params.before}&page=1`);
    expect(parseContentParams(search)).toEqual(params);
    expect(toSearchParams(none).toString()).toBe('');
    expect(hasFilters(params)).toBe(true);
    expect(hasFilters(NO_FILTERS)).toBe(false);
  });
});
