import { describe, expect, it } from 'vitest';
import { summarizePlaylist } from './recording-playlist';

describe('summarizePlaylist', () => {
  it('adds the segments listed and sees the end', () => {
    const text = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:2', '#EXTINF:2.000000,', 'segment-00000.ts', '#EXT-X-DISCONTINUITY', '#EXTINF:1.500000,', 'segment-00001.ts', '#EXT-X-ENDLIST', ''].join('\n');
    expect(summarizePlaylist(text)).toEqual({ segments: 2, durationSeconds: 3.5, ended: true });
  });

  it('counts nothing in a playlist without segments, and an unfinished one is not ended', () => {
    expect(summarizePlaylist('#EXTM3U\n#EXT-X-VERSION:3\n')).toEqual({ segments: 0, durationSeconds: 0, ended: false });
    expect(summarizePlaylist('#EXTM3U\n#EXTINF:1.0,\nsegment-00000.ts\n').ended).toBe(false);
  });
});
