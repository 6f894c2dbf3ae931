import { describe, expect, it } from 'vitest';
import { ContentKind, ContentStatus } from '@studio/contract/enums';
import { contentHref, publicPageHref } from './content-href';

describe('contentHref', () => {
  it('opens the same page for every kind: the studio preview', () => {
    for (const kind of ContentKind.options) expect(contentHref(7, { id: 42, kind, liveId: null })).toBe('/channels/7/contents/42/preview');
  });

  it('opens a replay on its live\u2019s page', () => {
    expect(contentHref(7, { id: 44, kind: 'LIVE', liveId: 9 })).toBe('/channels/7/videos/lives/9');
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
