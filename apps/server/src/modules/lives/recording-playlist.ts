/** What a live's HLS playlist says about its recording. */
export type RecordingSummary = {
  /** Media segments listed. */
  segments: number;
  /** The sum of their #EXTINF durations, in seconds. */
  durationSeconds: number;
  /** Whether the recorder wrote the end (#EXT-X-ENDLIST): ffmpeg finished the file. */
  ended: boolean;
};

/**
 * Reads a recording's length from its playlist: the length players get is the sum of the segments'
 * durations, so no probe of the media is needed. Lines that are not tags or segment names are ignored.
 */
export function summarizePlaylist(text: string): RecordingSummary {
  let segments = 0;
  let durationSeconds = 0;
  let ended = false;
  let pending: number | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) {
      const value = Number.parseFloat(line.slice('#EXTINF:'.length));
      pending = Number.isFinite(value) && value >= 0 ? value : 0;
    } else if (line === '#EXT-X-ENDLIST') {
      ended = true;
    } else if (line && !line.startsWith('#') && pending !== null) {
      segments += 1;
      durationSeconds += pending;
      pending = null;
    }
  }
  return { segments, durationSeconds: Math.round(durationSeconds * 1000) / 1000, ended };
}

/** One media segment of a recording's playlist, as listed. */
export type PlaylistSegment = {
  name: string;
  durationSeconds: number;
  /** An #EXT-X-DISCONTINUITY before it (the recording went on after a reconnect). */
  discontinuity: boolean;
};

/** The segments a playlist lists, in order, with their durations and discontinuities. */
export function playlistSegments(text: string): PlaylistSegment[] {
  const segments: PlaylistSegment[] = [];
  let duration: number | null = null;
  let discontinuity = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) {
      const value = Number.parseFloat(line.slice('#EXTINF:'.length));
      duration = Number.isFinite(value) && value >= 0 ? value : 0;
    } else if (line === '#EXT-X-DISCONTINUITY') {
      discontinuity = true;
    } else if (line && !line.startsWith('#') && duration !== null) {
      segments.push({ name: line, durationSeconds: duration, discontinuity });
      duration = null;
      discontinuity = false;
    }
  }
  return segments;
}

/** What a trim keeps of a recording: whole segments, so each end falls on a keyframe (decision 046). */
export type TrimCut = {
  kept: PlaylistSegment[];
  removed: PlaylistSegment[];
  /** Where the kept part begins in the recording as it was, in seconds. */
  offsetSeconds: number;
  durationSeconds: number;
};

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The segments that hold any of [start, end): every segment that ends after `start` and begins before
 * `end`. Each segment of the recorder begins with a keyframe (ffmpeg's HLS muxer cuts only there), so
 * the cut is a keyframe cut without re-encoding; the kept part covers the range asked for, each end
 * moved out to the segment boundary around it.
 */
export function cutSegments(segments: PlaylistSegment[], startSeconds: number, endSeconds: number): TrimCut {
  const kept: PlaylistSegment[] = [];
  const removed: PlaylistSegment[] = [];
  let at = 0;
  let offsetSeconds: number | null = null;
  for (const segment of segments) {
    const begins = at;
    at += segment.durationSeconds;
    // A millisecond of tolerance: durations are written with six decimals and summed.
    if (at > startSeconds + 0.001 && begins < endSeconds - 0.001) {
      offsetSeconds ??= begins;
      kept.push(segment);
    } else {
      removed.push(segment);
    }
  }
  const durationSeconds = kept.reduce((sum, segment) => sum + segment.durationSeconds, 0);
  return { kept, removed, offsetSeconds: round3(offsetSeconds ?? 0), durationSeconds: round3(durationSeconds) };
}

/** A VOD playlist of `segments` (a trimmed replay): ended, independent segments, discontinuities kept. */
export function vodPlaylist(segments: PlaylistSegment[]): string {
  const target = Math.max(1, ...segments.map((segment) => Math.ceil(segment.durationSeconds)));
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6', `#EXT-X-TARGETDURATION:${target}`, '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD', '#EXT-X-INDEPENDENT-SEGMENTS'];
  segments.forEach((segment, index) => {
    if (segment.discontinuity && index > 0) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXTINF:${segment.durationSeconds.toFixed(6)},`, segment.name);
  });
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}
