import { describe, expect, it } from 'vitest';
import { ContentKind, ContentStatus } from '@studio/contract/enums';
import { contentHref, publicPageHref } from './content-href';

describe('contentHref', () => {
  it('opens the same page for every kind: the studio preview', () => {
    for (const kind of ContentKind.options) expect(contentHref(7, { id: 42, kind } as never)).toBe('/channels/7/contents/42/preview');
  });
});

describe('publicPageHref', () => {
  it('gives a PUBLIC content its page on the public site, and no other status one', () => {
    expect(publicPageHref(7, { id: 42, status: 'PUBLIC' })).toBe('/c/7/42');
    for (const status of ContentStatus.options.filter((status) => status !== 'PUBLIC')) expect(publicPageHref(7, { id: 42, status }), status).toBeNull();
  });
});
