import { describe, expect, it } from 'vitest';
import { toStudioRouterPath } from './studio-path';

const origin = 'https://studio.example';

describe('toStudioRouterPath', () => {
  it('strips the /studio base from internal paths and keeps search and hash', () => {
    expect(toStudioRouterPath('/studio/channels/7', origin)).toBe('/channels/7');
    expect(toStudioRouterPath('/studio/profile/alarm#inviteObjectId=3', origin)).toBe('/profile/alarm#inviteObjectId=3');
    expect(toStudioRouterPath('https://studio.example/studio/notices?page=2', origin)).toBe('/notices?page=2');
    expect(toStudioRouterPath('/studio', origin)).toBe('/');
  });

  it('returns null for URLs outside the studio', () => {
    expect(toStudioRouterPath('/accounts/account', origin)).toBeNull();
    expect(toStudioRouterPath('/studioX/a', origin)).toBeNull();
    expect(toStudioRouterPath('https://elsewhere.example/studio/channels/7', origin)).toBeNull();
  });
});
