import { describe, expect, it } from 'vitest';
import { ContentStatus } from '@studio/contract/enums';
import { contentHref, publicPageHref } from './content-href';

describe('contentHref', () => {
  it('opens articles in the editor', () => {
    expect(contentHref(7, { id: 42, kind: 'CONTENT_VIEW' })).toBe('/editor/7/42');
    expect(contentHref(7, { id: 43, kind: 'NEWS' })).toBe('/editor/7/43');
  });

  it('gives no link for kinds without a page yet', () => {
    for (const kind of ['SHORTS', 'POST', 'LIVE'] as const) expect(contentHref(7, { id: 1, kind })).toBeNull();
  });
});

describe('publicPageHref', () => {
  it('gives a PUBLIC content its page on the public site, and no other status one', () => {
    expect(publicPageHref(7, { id: 42, status: 'PUBLIC' })).toBe('/c/7/42');
    for (const status of ContentStatus.options.filter((status) => status !== 'PUBLIC')) expect(publicPageHref(7, { id: 42, status }), status).toBeNull();
  });
});
