import { describe, expect, it } from 'vitest';
import { ContentStatus } from '@studio/contract/enums';
import { contentHref, publicPageHref } from './content-href';

describe('contentHref', () => {
  it('opens articles in the editor', () => {
    expect(contentHref(7, { id: 42, kind: 'CONTENT_VIEW', liveId: null })).toBe('/editor/7/42');
    expect(contentHref(7, { id: 43, kind: 'NEWS', liveId: null })).toBe('/editor/7/43');
  });

  it('opens a replay on its live\u2019s page', () => {
    expect(contentHref(7, { id: 44, kind: 'LIVE', liveId: 9 })).toBe('/channels/7/videos/lives/9');
  });

  it('gives no link for kinds without a page yet', () => {
    for (const kind of ['SHORTS', 'POST', 'LIVE'] as const) expect(contentHref(7, { id: 1, kind, liveId: null })).toBeNull();
  });
});

describe('publicPageHref', () => {
  it('gives a PUBLIC content its page on the public site, and no other status one', () => {
    expect(publicPageHref(7, { id: 42, status: 'PUBLIC', kind: 'POST', liveId: null })).toBe('/c/7/42');
    for (const status of ContentStatus.options.filter((status) => status !== 'PUBLIC')) expect(publicPageHref(7, { id: 42, status, kind: 'POST', liveId: null }), status).toBeNull();
  });

  it('gives a public replay its live\u2019s page', () => {
    expect(publicPageHref(7, { id: 42, status: 'PUBLIC', kind: 'LIVE', liveId: 9 })).toBe('/c/7/live/9');
    expect(publicPageHref(7, { id: 42, status: 'HIDDEN', kind: 'LIVE', liveId: 9 })).toBeNull();
  });
});
