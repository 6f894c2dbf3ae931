import type { StreamHealthIssue, StreamReception } from '@studio/contract/live';

/** Seconds of history the rates are measured over. */
export const WINDOW_SECONDS = 5;
/** YouTube's advice: a keyframe at least every 4 s. */
export const MAX_KEYFRAME_INTERVAL_SECONDS = 4;

/** Lowest video bitrate (kbps) worth sending for a picture height, after YouTube's live encoder settings (30 fps). */
const MIN_KBPS_BY_HEIGHT: [height: number, kbps: number][] = [
  [2160, 13_000],
  [1440, 6_000],
  [1080, 3_000],
  [720, 1_500],
  [480, 500],
  [360, 400],
  [0, 300],
];

export function recommendedMinKbps(height: number): number {
  return (MIN_KBPS_BY_HEIGHT.find(([h]) => height >= h) ?? [0, 300])[1];
}

const VIDEO_CODECS: Record<number, string> = { 2: 'H.263', 4: 'VP6', 7: 'H.264', 12: 'HEVC' };
const AUDIO_CODECS: Record<number, string> = { 2: 'MP3', 10: 'AAC', 11: 'Speex' };
const AAC_RATES = [96_000, 88_200, 64_000, 48_000, 44_100, 32_000, 24_000, 22_050, 16_000, 12_000, 11_025, 8_000, 7_350];

function fourCC(id: number): string {
  return String.fromCharCode((id >>> 24) & 0xff, (id >>> 16) & 0xff, (id >>> 8) & 0xff, id & 0xff);
}

export function videoCodecName(codecId: number): string {
  if (codecId > 0xffff) {
    const code = fourCC(codecId);
    return code === 'hvc1' ? 'HEVC' : code === 'av01' ? 'AV1' : code === 'vp09' ? 'VP9' : code;
  }
  return VIDEO_CODECS[codecId] ?? `codec ${codecId}`;
}

export function audioCodecName(codecId: number): string {
  return AUDIO_CODECS[codecId] ?? `codec ${codecId}`;
}

/** Sample rate and channels from an AAC AudioSpecificConfig (the bytes after the FLV audio tag header). */
export function parseAacConfig(config: Buffer): { sampleRate: number; channels: number } | null {
  if (config.length < 2) return null;
  const index = ((config[0]! & 0x07) << 1) | (config[1]! >> 7);
  const channels = (config[1]! >> 3) & 0x0f;
  const sampleRate = AAC_RATES[index];
  return sampleRate ? { sampleRate, channels } : null;
}

type Sample = { at: number; bytes: number };

/** What one publisher has sent, measured as it arrives. */
export class StreamStats {
  videoCodec: string | null = null;
  width = 0;
  height = 0;
  audioCodec: string | null = null;
  sampleRate = 0;
  channels = 0;
  private video: Sample[] = [];
  private audio: Sample[] = [];
  private keyframes: number[] = [];
  /** When the first video frame arrived: rates are measured from there, not from the handshake. */
  private firstVideoAt: number | null = null;

  constructor(readonly connectedAt: number) {}

  onVideo(at: number, bytes: number, keyframe: boolean): void {
    this.firstVideoAt ??= at;
    this.video.push({ at, bytes });
    if (keyframe) {
      this.keyframes.push(at);
      if (this.keyframes.length > 3) this.keyframes.shift();
    }
    this.trim(at);
  }

  onAudio(at: number, bytes: number): void {
    this.audio.push({ at, bytes });
    this.trim(at);
  }

  private trim(now: number): void {
    const since = now - WINDOW_SECONDS * 1000;
    while (this.video.length && this.video[0]!.at < since) this.video.shift();
    while (this.audio.length && this.audio[0]!.at < since) this.audio.shift();
  }

  /** The numbers of the last seconds, seen from `now`. */
  snapshot(now: number) {
    this.trim(now);
    const since = this.firstVideoAt ?? this.connectedAt;
    const seconds = Math.max(1, Math.min(WINDOW_SECONDS, (now - since) / 1000));
    const kbps = (samples: Sample[]) => Math.round((samples.reduce((sum, s) => sum + s.bytes, 0) * 8) / 1000 / seconds);
    // Frames counted per whole second, to tell a steady rate from a wobbling one: only seconds wholly
    // after the first frame (a second cut by the stream's start would count as a dip), and none yet
    // while the encoder's start-up burst is all there is (the first second after the first frame).
    const perSecond = new Map<number, number>();
    for (let bucket = 1; bucket < WINDOW_SECONDS; bucket++) {
      if (this.firstVideoAt !== null && now - (bucket + 1) * 1000 >= this.firstVideoAt + 1000) perSecond.set(bucket, 0);
    }
    for (const s of this.video) {
      const bucket = Math.floor((now - s.at) / 1000);
      const count = perSecond.get(bucket);
      if (count !== undefined) perSecond.set(bucket, count + 1);
    }
    const counts = [...perSecond.values()];
    const [last, previous] = [this.keyframes.at(-1), this.keyframes.at(-2)];
    // A keyframe overdue counts too: the interval is at least the time since the last one.
    const sinceLast = last === undefined ? null : (now - last) / 1000;
    const between = last !== undefined && previous !== undefined ? (last - previous) / 1000 : null;
    const keyframeIntervalSeconds = between === null ? (sinceLast !== null && sinceLast > MAX_KEYFRAME_INTERVAL_SECONDS ? sinceLast : null) : Math.max(between, sinceLast ?? 0);
    return {
      /** Whether a whole window has been received: rates and absences are judged only then, never from a first sample. */
      judged: now - this.connectedAt >= WINDOW_SECONDS * 1000,
      hasVideo: this.video.length > 0,
      hasAudio: this.audio.length > 0,
      frameRate: Math.round((this.video.length / seconds) * 100) / 100,
      frameRateRange: counts.length >= 2 ? { min: Math.min(...counts), max: Math.max(...counts) } : null,
      videoKbps: kbps(this.video),
      audioKbps: kbps(this.audio),
      keyframeIntervalSeconds: keyframeIntervalSeconds === null ? null : Math.round(keyframeIntervalSeconds * 100) / 100,
    };
  }
}

export type StatsSnapshot = ReturnType<StreamStats['snapshot']>;

/** What the stream figures of a publication are made of, as plain data: read here or from the node that holds it (decision 050). */
export type StreamFigures = {
  connectedAt: number;
  videoCodec: string | null;
  width: number;
  height: number;
  audioCodec: string | null;
  sampleRate: number;
  channels: number;
  snapshot: StatsSnapshot;
};

/** A publication's figures seen from `now`. */
export function figuresOf(stats: StreamStats, now: number): StreamFigures {
  const { connectedAt, videoCodec, width, height, audioCodec, sampleRate, channels } = stats;
  return { connectedAt, videoCodec, width, height, audioCodec, sampleRate, channels, snapshot: stats.snapshot(now) };
}

/** Problems a creator can fix in the encoder, from what arrived in the last seconds. */
export function streamHealth(reception: StreamReception, snapshot: StatsSnapshot | null, height: number): StreamHealthIssue[] {
  if (reception === 'INTERRUPTED') return [{ code: 'STREAM_INTERRUPTED', severity: 'ERROR', params: {} }];
  if (reception !== 'RECEIVING' || !snapshot || !snapshot.judged) return [];
  const issues: StreamHealthIssue[] = [];
  if (!snapshot.hasVideo) issues.push({ code: 'NO_VIDEO', severity: 'ERROR', params: {} });
  if (!snapshot.hasAudio) issues.push({ code: 'NO_AUDIO', severity: 'WARNING', params: {} });
  if (snapshot.hasVideo && height > 0) {
    const recommendedKbps = recommendedMinKbps(height);
    if (snapshot.videoKbps < recommendedKbps) {
      issues.push({ code: 'VIDEO_BITRATE_LOW', severity: 'WARNING', params: { bitrateKbps: snapshot.videoKbps, recommendedKbps, height } });
    }
  }
  if (snapshot.keyframeIntervalSeconds !== null && snapshot.keyframeIntervalSeconds > MAX_KEYFRAME_INTERVAL_SECONDS) {
    issues.push({
      code: 'KEYFRAME_INTERVAL_LONG',
      severity: 'WARNING',
      params: { seconds: snapshot.keyframeIntervalSeconds, maxSeconds: MAX_KEYFRAME_INTERVAL_SECONDS },
    });
  }
  const range = snapshot.frameRateRange;
  if (range && range.max - range.min > Math.max(2, range.max * 0.2)) {
    issues.push({ code: 'FRAME_RATE_UNSTABLE', severity: 'WARNING', params: { minFps: range.min, maxFps: range.max } });
  }
  return issues;
}
