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
