import { describe, expect, it } from 'vitest';
import { channelHasHome, createOptionPath, createOptionsFor, type Channel } from './channel';

const channel = (overrides: Partial<{ status: Channel['status']['code']; shorts: 'SERVICE' | 'PAUSE'; live: 'SERVICE' | 'TERMINATE'; doc: boolean; post: boolean }>) => ({
  status: { code: overrides.status ?? 'SERVICE' },
  serviceStatus: { shortsStatus: { code: overrides.shorts ?? 'SERVICE' }, liveStatus: { code: overrides.live ?? 'SERVICE' } },
  consumerInfo: { useMainnews: false, useDocumentWrite: overrides.doc ?? true, usePostWrite: overrides.post ?? true },
});

describe('createOptionsFor', () => {
  it('offers everything a SERVICE channel has switched on, in menu order', () => {
    expect(createOptionsFor(channel({}))).toEqual(['CONTENTS', 'LOOP_UPLOAD', 'POST', 'LIVE']);
  });

  it('offers nothing unless the channel is in SERVICE', () => {
    for (const status of ['WAIT', 'VIEWONLY', 'STOP', 'DELETED'] as const) {
      expect(createOptionsFor(channel({ status }))).toEqual([]);
    }
  });

  it('ties each option to its own flag or service status', () => {
    expect(createOptionsFor(channel({ doc: false }))).toEqual(['LOOP_UPLOAD', 'POST', 'LIVE']);
    expect(createOptionsFor(channel({ shorts: 'PAUSE' }))).toEqual(['CONTENTS', 'POST', 'LIVE']);
    expect(createOptionsFor(channel({ post: false }))).toEqual(['CONTENTS', 'LOOP_UPLOAD', 'LIVE']);
    expect(createOptionsFor(channel({ live: 'TERMINATE' }))).toEqual(['CONTENTS', 'LOOP_UPLOAD', 'POST']);
  });
});

describe('createOptionPath', () => {
  it('points at the spec routes', () => {
    expect(createOptionPath('CONTENTS', 7)).toBe('/editor/7/draft');
    expect(createOptionPath('LOOP_UPLOAD', 7)).toBe('/channels/7/videos/shorts/upload');
    expect(createOptionPath('POST', 7)).toBe('/channels/7/contents/post/create');
    expect(createOptionPath('LIVE', 7)).toBe('/channels/7/videos/lives/create');
  });
});

describe('channelHasHome', () => {
  it('is true only for media and contents channels', () => {
    expect(channelHasHome('MEDIA_CHANNEL')).toBe(true);
    expect(channelHasHome('CONTENTS_CHANNEL')).toBe(true);
    for (const type of ['COMMUNITY_CHANNEL', 'HARMONY_NOTICE_CHANNEL', 'AUTO_CHANNEL'] as const) expect(channelHasHome(type)).toBe(false);
  });
});
