import { describe, expect, it } from 'vitest';
import { cutSegments, playlistSegments, summarizePlaylist, vodPlaylist } from './recording-playlist';

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

describe('cutting a recording by whole segments', () => {
  const text = ['#EXTM3U', '#EXTINF:2.000000,', 'segment-00000.ts', '#EXTINF:2.000000,', 'segment-00001.ts', '#EXT-X-DISCONTINUITY', '#EXTINF:2.000000,', 'segment-00002.ts', '#EXTINF:1.500000,', 'segment-00003.ts', '#EXT-X-ENDLIST'].join('\n');
  const segments = playlistSegments(text);

  it('reads names, durations and discontinuities', () => {
    expect(segments.map((segment) => [segment.name, segment.durationSeconds, segment.discontinuity])).toEqual([
      ['segment-00000.ts', 2, false],
      ['segment-00001.ts', 2, false],
      ['segment-00002.ts', 2, true],
      ['segment-00003.ts', 1.5, false],
    ]);
  });

  it('keeps every segment that holds part of the range: each end moves out to a segment boundary', () => {
    const cut = cutSegments(segments, 2.5, 5);
    expect(cut.kept.map((segment) => segment.name)).toEqual(['segment-00001.ts', 'segment-00002.ts']);
    expect(cut.removed.map((segment) => segment.name)).toEqual(['segment-00000.ts', 'segment-00003.ts']);
    expect(cut).toMatchObject({ offsetSeconds: 2, durationSeconds: 4 });
    // A range on the boundaries keeps exactly those segments.
    expect(cutSegments(segments, 4, 6).kept.map((segment) => segment.name)).toEqual(['segment-00002.ts']);
    expect(cutSegments(segments, 0, 7.5).removed).toEqual([]);
  });

  it('writes an ended VOD playlist that reads back as the kept segments, the first without its discontinuity', () => {
    const cut = cutSegments(segments, 3, 7.5);
    const written = vodPlaylist(cut.kept);
    expect(summarizePlaylist(written)).toEqual({ segments: 3, durationSeconds: 5.5, ended: true });
    expect(playlistSegments(written).map((segment) => segment.discontinuity)).toEqual([false, true, false]);
    expect(written).toContain('#EXT-X-TARGETDURATION:2\n');
  });
});
