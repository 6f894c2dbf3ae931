import { describe, expect, it } from 'vitest';
import { channelHasHome, createOptionPath, createOptionsFor, createRefusal, type Channel } from './channel';

const channel = (overrides: Partial<{ status: Channel['status']['code']; shorts: 'SERVICE' | 'PAUSE' | 'VIEWONLY' | 'TERMINATE'; live: 'SERVICE' | 'PAUSE' | 'VIEWONLY' | 'TERMINATE'; doc: boolean; post: boolean }>) => ({
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

describe('createRefusal', () => {
  it('is null exactly for the options the menu offers', () => {
    for (const option of ['CONTENTS', 'LOOP_UPLOAD', 'POST', 'LIVE'] as const) expect(createRefusal(channel({}), option)).toBeNull();
  });

  it('names the channel status first, whatever the option', () => {
    expect(createRefusal(channel({ status: 'STOP' }), 'POST')).toEqual({ reason: 'CHANNEL_STATUS', status: 'STOP' });
    expect(createRefusal(channel({ status: 'WAIT', shorts: 'PAUSE' }), 'LOOP_UPLOAD')).toEqual({ reason: 'CHANNEL_STATUS', status: 'WAIT' });
  });

  it('tells paused, view only and stopped apart for shorts and live, and off for the flags', () => {
    expect(createRefusal(channel({ shorts: 'PAUSE' }), 'LOOP_UPLOAD')).toEqual({ reason: 'PAUSED' });
    expect(createRefusal(channel({ shorts: 'VIEWONLY' }), 'LOOP_UPLOAD')).toEqual({ reason: 'VIEW_ONLY' });
    expect(createRefusal(channel({ shorts: 'TERMINATE' }), 'LOOP_UPLOAD')).toEqual({ reason: 'STOPPED' });
    expect(createRefusal(channel({ live: 'PAUSE' }), 'LIVE')).toEqual({ reason: 'PAUSED' });
    expect(createRefusal(channel({ live: 'TERMINATE' }), 'LIVE')).toEqual({ reason: 'STOPPED' });
    expect(createRefusal(channel({ doc: false }), 'CONTENTS')).toEqual({ reason: 'OFF' });
    expect(createRefusal(channel({ post: false }), 'POST')).toEqual({ reason: 'OFF' });
    // Another option's state is not this one's reason.
    expect(createRefusal(channel({ shorts: 'PAUSE' }), 'POST')).toBeNull();
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
