import { describe, expect, it } from 'vitest';
import { decodePublicContentsCursor, encodePublicContentsCursor, publicSitePaths } from './public-site';

describe('publicSitePaths', () => {
  it('puts every page under /c/{channelId}', () => {
    expect(publicSitePaths.channel(7)).toBe('/c/7');
    expect(publicSitePaths.content(7, 42)).toBe('/c/7/42');
    expect(publicSitePaths.live(7, 3)).toBe('/c/7/live/3');
  });

  it("carries an older page's cursor in the query, readable", () => {
    expect(publicSitePaths.channel(7, { at: '2026-11-22T03:04:05.123456Z', id: 42 })).toBe('/c/7?before=2026-11-22T03:04:05.123456Z_42');
  });
});

describe('the public contents cursor', () => {
  it('reads back what it wrote, to the microsecond', () => {
    for (const cursor of [
      { at: '2026-11-22T03:04:05.123456Z', id: 42 },
      { at: '2026-11-22T03:04:05Z', id: 1 },
      { at: '0001-01-01T00:00:00Z', id: Number.MAX_SAFE_INTEGER },
    ]) {
      expect(decodePublicContentsCursor(encodePublicContentsCursor(cursor))).toEqual(cursor);
    }
  });

  it('refuses anything that is not a real instant and a positive safe id', () => {
    for (const text of [
      '',
      'abc',
      '2026-11-22T03:04:05Z',
      '2026-11-22T03:04:05Z_0',
      '2026-11-22T03:04:05Z_-1',
      '2026-11-22T03:04:05Z_9007199254740993',
      '2026-02-30T00:00:00Z_1',
      '2026-11-22T24:00:00Z_1',
      '2026-11-22T03:04:05.1234567Z_1',
      '2026-11-22T03:04:05+09:00_1',
      '0000-01-01T00:00:00Z_1',
      "2026-11-22T03:04:05Z_1' OR 1=1",
    ]) {
      expect(decodePublicContentsCursor(text), text).toBeNull();
    }
  });
});
