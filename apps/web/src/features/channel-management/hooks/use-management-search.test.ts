import { describe, expect, it } from 'vitest';
import {
  noFilters,
  parseFiltersParam,
  readManagementSearch,
  toFiltersParam,
  toggleFilter,
  toManagementSearchParams,
} from './use-management-search';

describe('the filters param', () => {
  it('splits comma-joined tokens into channel types, statuses and roles, dropping unknown and repeated ones', () => {
    expect(parseFiltersParam('MANAGER, CONTENTS_CHANNEL,SERVICE,NOPE,,MEDIA_CHANNEL,MANAGER')).toEqual({
      channelTypes: ['CONTENTS_CHANNEL', 'MEDIA_CHANNEL'],
      statuses: ['SERVICE'],
      roles: ['MANAGER'],
    });
    expect(parseFiltersParam(null)).toEqual(noFilters);
    expect(parseFiltersParam('')).toEqual(noFilters);
  });

  it('joins a selection in enumeration order, so one selection has one URL', () => {
    expect(toFiltersParam({ channelTypes: ['CONTENTS_CHANNEL', 'MEDIA_CHANNEL'], statuses: ['WAIT', 'SERVICE'], roles: ['CREDIT_MANAGER', 'OWNER'] })).toBe(
      'MEDIA_CHANNEL,CONTENTS_CHANNEL,SERVICE,WAIT,OWNER,CREDIT_MANAGER',
    );
    expect(toFiltersParam(noFilters)).toBe('');
  });

  it('round-trips through the URL', () => {
    const filters = { channelTypes: ['MEDIA_CHANNEL' as const], statuses: [], roles: ['MANAGER' as const] };
    expect(parseFiltersParam(toFiltersParam(filters))).toEqual(filters);
  });

  it('toggles a chip on and off within its kind', () => {
    const on = toggleFilter(noFilters, 'roles', 'MANAGER');
    expect(toFiltersParam(on)).toBe('MANAGER');
    const both = toggleFilter(toggleFilter(on, 'channelTypes', 'CONTENTS_CHANNEL'), 'roles', 'OWNER');
    expect(toFiltersParam(both)).toBe('CONTENTS_CHANNEL,OWNER,MANAGER');
    expect(toggleFilter(both, 'roles', 'MANAGER').roles).toEqual(['OWNER']);
  });
});

describe('the page search params', () => {
  it('reads tab, page, filters and channel type, falling back to the defaults for anything invalid', () => {
    expect(readManagementSearch(new URLSearchParams('tab=invite&page=2&filters=OWNER&channelType=MEDIA_CHANNEL'))).toEqual({
      tab: 'invite',
      page: 2,
      filters: { channelTypes: [], statuses: [], roles: ['OWNER'] },
      channelType: 'MEDIA_CHANNEL',
    });
    expect(readManagementSearch(new URLSearchParams('tab=nope&page=-1&channelType=x'))).toEqual({
      tab: 'channels',
      page: 0,
      filters: noFilters,
      channelType: null,
    });
    expect(readManagementSearch(new URLSearchParams('page=1.5')).page).toBe(0);
  });

  it('writes only what differs from the defaults', () => {
    expect(toManagementSearchParams({ tab: 'channels', page: 0, filters: noFilters, channelType: null }).toString()).toBe('');
    expect(
      toManagementSearchParams({ tab: 'apply', page: 1, filters: { ...noFilters, roles: ['MANAGER'] }, channelType: 'CONTENTS_CHANNEL' }).toString(),
    ).toBe('tab=apply&page=1&filters=MANAGER&channelType=CONTENTS_CHANNEL');
  });
});
