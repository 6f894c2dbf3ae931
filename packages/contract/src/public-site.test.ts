import { describe, expect, it } from 'vitest';
import { publicSitePaths } from './public-site';

describe('publicSitePaths', () => {
  it('puts every page under /c/{channelId}', () => {
    expect(publicSitePaths.channel(7)).toBe('/c/7');
    expect(publicSitePaths.content(7, 42)).toBe('/c/7/42');
    expect(publicSitePaths.live(7, 3)).toBe('/c/7/live/3');
  });
});
