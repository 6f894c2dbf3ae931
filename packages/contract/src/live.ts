import { z } from 'zod';
import { LAYER_THUMBNAIL, PAGE_SIZE_LIVE_LIST, STREAM_KEY_TITLE_MAX } from './constants';
import { LiveStatus } from './enums';
import { IdParam } from './params';
import { pageNumber, pageOf, pageSize } from './page';
import { text } from './text';
import { Instant } from './time';

// Live broadcasting (spec sections 3, 4, 5, 7 and 9). Every request and answer of
// /api/channels/{channelId}/lives, plus the paths of the preview, the public
// playback and the replay.

/** A live's own title and description. */
export const LIVE_TITLE_MAX = 100;
export const LIVE_DESCRIPTION_MAX = 5000;
/** Most stream keys one channel may hold. */
export const MAX_STREAM_KEYS = 20;

/**
 * The public id of a stream key, safe to show and to put in URLs. The secret
 * key an encoder publishes with is a different value (`streamKey`). `kc` and 14
 * hex digits, so it is never mistaken for a numeric id.
 */
export const KampChannelId = z.string().regex(/^kc[0-9a-f]{14}$/);
export type KampChannelId = z.infer<typeof KampChannelId>;

/**
 * Spec section 3, "Stream key": id, kampChannelId, channelId, title, isLive;
 * plus what OBS asks for: the server address and the secret key. Only the key
 * list of the channel's owner and managers ever answers `streamKey`.
 */
export const StreamKey = z.object({
  id: z.number().int(),
  kampChannelId: KampChannelId,
  channelId: z.number().int(),
  title: z.string(),
  isLive: z.boolean(),
  /** The secret an encoder publishes with (`rtmp://host:port/live` + this key). */
  streamKey: z.string(),
  /** The RTMP server address OBS asks for ("Server"), e.g. `rtmp://studio.example:1935/live`. */
  serverUrl: z.string(),
  createdAt: Instant,
});
export type StreamKey = z.infer<typeof StreamKey>;
export const StreamKeyList = z.array(StreamKey);

/** Spec section 5: 1–20 characters after trimming, newlines stripped by the client. */
export const StreamKeyTitle = text({ min: 1, max: STREAM_KEY_TITLE_MAX });
/** POST /lives/streams?title= and PUT /lives/streams/{kampChannelId}?title= */
export const StreamKeyTitleQuery = z.object({ title: StreamKeyTitle });
/** Spec section 3: creating a key returns kampChannelId. */
export const CreatedStreamKey = z.object({ kampChannelId: KampChannelId });
export type CreatedStreamKey = z.infer<typeof CreatedStreamKey>;

/** Spec section 3, "Live": liveId, title, thumbnailUrl, createdAt, status, kampChannelId. */
export const Live = z.object({
  liveId: z.number().int(),
  title: z.string(),
  thumbnailUrl: z.string().nullable(),
  createdAt: Instant,
  status: LiveStatus,
  kampChannelId: KampChannelId,
});
export type Live = z.infer<typeof Live>;
export const LivePage = pageOf(Live);
export type LivePage = z.infer<typeof LivePage>;

/** GET /lives/{liveId}: the live page's data. */
export const LiveDetail = Live.extend({
  channelId: z.number().int(),
  description: z.string(),
  /** The title of the key feeding it (the secret itself is only in the key list). */
  streamKeyTitle: z.string(),
  startedAt: Instant.nullable(),
  endedAt: Instant.nullable(),
});
export type LiveDetail = z.infer<typeof LiveDetail>;

const commaJoined = text({ max: 200 }).transform((value) => value.split(',').map((part) => part.trim()));

/** Spec section 7: `sort` is `createdAt,{direction}`. */
export const LiveSort = z.enum(['createdAt,asc', 'createdAt,desc', 'createdAt,ASC', 'createdAt,DESC']);

/** GET /lives: title, kampChannelId, status (comma-joined), page (zero-based), size (default 30), sort. */
export const LiveListQuery = z.object({
  title: text({ max: LIVE_TITLE_MAX }).optional(),
  kampChannelId: KampChannelId.optional(),
  status: commaJoined.pipe(z.array(LiveStatus).min(1)).optional(),
  page: pageNumber.default(0),
  size: pageSize(PAGE_SIZE_LIVE_LIST),
  sort: LiveSort.default('createdAt,desc'),
});
export type LiveListQuery = z.input<typeof LiveListQuery>;

/** POST /lives/create?kampChannelId= and PUT /lives/{liveId}/change-stream?kampChannelId= */
export const KampChannelIdQuery = z.object({ kampChannelId: KampChannelId });

/** Spec section 3: creating (or cloning) a live returns liveId. */
export const CreatedLive = z.object({ liveId: z.number().int() });
export type CreatedLive = z.infer<typeof CreatedLive>;

/** PUT /lives/{liveId}: title and description. */
export const UpdateLiveBody = z.object({
  title: text({ min: 1, max: LIVE_TITLE_MAX }),
  description: text({ max: LIVE_DESCRIPTION_MAX, multiline: true }).default(''),
});
export type UpdateLiveBody = z.input<typeof UpdateLiveBody>;

/** POST /lives/{liveId}/thumbnails: the stored thumbnail. */
export const LiveThumbnail = z.object({ thumbnailUrl: z.string() });
export type LiveThumbnail = z.infer<typeof LiveThumbnail>;

/**
 * What the ingest receives for a live:
 * - IDLE: no encoder connected (never connected, or the live has not started);
 * - RECEIVING: video arrives;
 * - INTERRUPTED: the encoder dropped while on air; the live waits for it until `graceEndsAt`;
 * - ENDED: the live is closed.
 */
export const StreamReception = z.enum(['IDLE', 'RECEIVING', 'INTERRUPTED', 'ENDED']);
export type StreamReception = z.infer<typeof StreamReception>;

/** Problems a creator can fix in the encoder, in the manner of YouTube's stream health. */
export const StreamHealthCode = z.enum([
  'NO_VIDEO',
  'NO_AUDIO',
  'VIDEO_BITRATE_LOW',
  'KEYFRAME_INTERVAL_LONG',
  'FRAME_RATE_UNSTABLE',
  'STREAM_INTERRUPTED',
]);
export type StreamHealthCode = z.infer<typeof StreamHealthCode>;

export const StreamHealthIssue = z.object({
  code: StreamHealthCode,
  severity: z.enum(['WARNING', 'ERROR']),
  /** Numbers the message shows, e.g. `{ bitrateKbps, recommendedKbps }`, `{ seconds, maxSeconds }`, `{ minFps, maxFps }`. */
  params: z.record(z.string(), z.number()),
});
export type StreamHealthIssue = z.infer<typeof StreamHealthIssue>;

export const StreamVideo = z.object({
  codec: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Frames per second measured over the last seconds. */
  frameRate: z.number(),
  bitrateKbps: z.number().int(),
  /** Seconds between the last two keyframes; null until two have arrived. */
  keyframeIntervalSeconds: z.number().nullable(),
});
export const StreamAudio = z.object({
  codec: z.string(),
  sampleRate: z.number().int(),
  channels: z.number().int(),
  bitrateKbps: z.number().int(),
});

/** GET /lives/streams/state/{liveId}, polled every 5,000 ms. */
export const StreamState = z.object({
  liveId: z.number().int(),
  status: LiveStatus,
  reception: StreamReception,
  /**
   * IDLE, yet an encoder holds the key and its first video keyframe has not arrived (a browser's WHIP
   * session connecting): reception counts from that keyframe (decision 062).
   */
  awaitingVideo: z.boolean(),
  video: StreamVideo.nullable(),
  audio: StreamAudio.nullable(),
  /** When the current encoder connection began; uptime is now minus this. */
  connectedAt: Instant.nullable(),
  uptimeSeconds: z.number().int().nullable(),
  /** While INTERRUPTED: when the encoder dropped and when the live closes by itself. */
  interruptedAt: Instant.nullable(),
  graceEndsAt: Instant.nullable(),
  health: z.array(StreamHealthIssue),
  /** Viewers heard from on the public live page in the last LIVE_CONCURRENT_WINDOW_SECONDS (issue 23). */
  viewers: z.number().int(),
  /** The most concurrent viewers this live has had. */
  peakViewers: z.number().int(),
  checkedAt: Instant,
});
export type StreamState = z.infer<typeof StreamState>;

export const PlaybackSource = z.object({
  url: z.string(),
  /** `flv`: HTTP-FLV for mpegts.js; `hls`: an HLS playlist for hls.js (a VOD playlist for a replay). */
  type: z.enum(['flv', 'hls']),
});
export type PlaybackSource = z.infer<typeof PlaybackSource>;

/** What the server settled about a closed live's recording (stored; PENDING is its absence). */
export const ReplayState = z.enum(['NONE', 'READY']);
export type ReplayState = z.infer<typeof ReplayState>;

/** The shortest replay a trim may leave, in seconds. */
export const REPLAY_TRIM_MIN_SECONDS = 1;
/** The longest a replay can be (a day and a bit): bounds what a trim range may say. */
const REPLAY_SECONDS_MAX = 100_000;

/**
 * POST /lives/{liveId}/replay/trim: the range to keep, in seconds of the replay as it plays now.
 * The cut lands on the recording's keyframes around it (decision 046): what is kept is at least this
 * range, each end moved out to the segment boundary before or after it.
 */
export const ReplayTrimBody = z
  .object({
    startSeconds: z.number().finite().min(0).max(REPLAY_SECONDS_MAX),
    endSeconds: z.number().finite().min(0).max(REPLAY_SECONDS_MAX),
  })
  .strict();
export type ReplayTrimBody = z.infer<typeof ReplayTrimBody>;

export const ReplayTrimState = z.enum(['RUNNING', 'DONE', 'FAILED']);
export type ReplayTrimState = z.infer<typeof ReplayTrimState>;

/** Why a trim failed (shown on the live page): the recording could not be read, the replay changed meanwhile, or the store refused a write. */
export const ReplayTrimFailure = z.enum(['RECORDING_UNREADABLE', 'REPLAY_CHANGED', 'STORE_FAILED']);
export type ReplayTrimFailure = z.infer<typeof ReplayTrimFailure>;

export const ReplayTrim = z.object({
  id: z.number().int(),
  state: ReplayTrimState,
  startSeconds: z.number(),
  endSeconds: z.number(),
  failure: ReplayTrimFailure.nullable(),
  createdAt: Instant,
  finishedAt: Instant.nullable(),
});
export type ReplayTrim = z.infer<typeof ReplayTrim>;

/** GET /lives/{liveId}/player-info. No URL ever holds the secret key. */
export const PlayerInfo = z.object({
  liveId: z.number().int(),
  status: LiveStatus,
  /** The private low-latency preview (session + channel role), while READY or START and video is received. */
  preview: PlaybackSource.nullable(),
  /** The public playback address, once started. */
  playback: PlaybackSource.nullable(),
  /** The recording, once closed. */
  replay: PlaybackSource.nullable(),
  /**
   * What a closed live left (issue 24): PENDING while the recording is being settled, READY with a
   * replay (the content `replayContentId` of kind LIVE), NONE when nothing was recorded, DELETED once
   * the replay was deleted (its files with it); null before the live closed.
   */
  replayState: z.enum(['PENDING', 'READY', 'NONE', 'DELETED']).nullable(),
  replayContentId: z.number().int().nullable(),
  /** The replay's length in seconds (its current, perhaps trimmed, version); null without a replay. */
  replayDurationSeconds: z.number().nullable(),
  /** The latest trim asked for (decision 046): RUNNING while it is cut, FAILED with its reason; null when none or done long since. */
  replayTrim: ReplayTrim.nullable(),
});
export type PlayerInfo = z.infer<typeof PlayerInfo>;

/** Path parameters. */
export const ChannelLiveParams = z.object({ channelId: IdParam, liveId: IdParam });
export const ChannelStreamKeyParams = z.object({ channelId: IdParam, kampChannelId: KampChannelId });

/**
 * The 100x66 crop of a live thumbnail, for the creation layer (spec section 9): stored beside the
 * thumbnail as `<name>-100x66.jpg` when it is uploaded.
 */
export function layerThumbnailUrl(thumbnailUrl: string): string {
  return thumbnailUrl.replace(/\.jpg$/, `-${LAYER_THUMBNAIL.width}x${LAYER_THUMBNAIL.height}.jpg`);
}

/** The API paths (under /api), as the web client calls them. */
export const livePaths = {
  list: (channelId: number) => `/channels/${channelId}/lives`,
  streamKeys: (channelId: number) => `/channels/${channelId}/lives/streams`,
  reissueStreamKey: (channelId: number, kampChannelId: string) => `/channels/${channelId}/lives/streams/reissue/${kampChannelId}`,
  streamKey: (channelId: number, kampChannelId: string) => `/channels/${channelId}/lives/streams/${kampChannelId}`,
  streamState: (channelId: number, liveId: number) => `/channels/${channelId}/lives/streams/state/${liveId}`,
  create: (channelId: number) => `/channels/${channelId}/lives/create`,
  clone: (channelId: number, liveId: number) => `/channels/${channelId}/lives/${liveId}/clone`,
  live: (channelId: number, liveId: number) => `/channels/${channelId}/lives/${liveId}`,
  playerInfo: (channelId: number, liveId: number) => `/channels/${channelId}/lives/${liveId}/player-info`,
  start: (channelId: number, liveId: number) => `/channels/${channelId}/lives/${liveId}/start`,
  close: (channelId: number, liveId: number) => `/channels/${channelId}/lives/${liveId}/close`,
  changeStream: (channelId: number, liveId: number) => `/channels/${channelId}/lives/${liveId}/change-stream`,
  thumbnails: (channelId: number, liveId: number) => `/channels/${channelId}/lives/${liveId}/thumbnails`,
  replayTrim: (channelId: number, liveId: number) => `/channels/${channelId}/lives/${liveId}/replay/trim`,
  /** The private preview (HTTP-FLV), same origin, session + channel role. */
  preview: (channelId: number, liveId: number) => `/api/channels/${channelId}/lives/${liveId}/preview.flv`,
  /** Public playback and, once closed, the replay (HLS). Not under /api. */
  publicPlaylist: (liveId: number) => `/live/${liveId}/index.m3u8`,
  /** The WHIP endpoint (RFC 9725) of the ingest role: POST an SDP offer with the stream key as bearer token. Not under /api. */
  whip: '/ingest/whip',
  /** A WHIP session's resource (the POST's Location): DELETE ends the broadcast. */
  whipSession: (sessionId: string) => `/ingest/whip/${sessionId}`,
  /** A trimmed replay's playlist (decision 046): a new name per trim, so a cached playlist never names a segment that is gone. */
  trimmedPlaylist: (liveId: number, trimId: number) => `/live/${liveId}/replay-${trimId}.m3u8`,
} as const;

/** Studio route of the live page (under /studio). */
export const livePagePath = (channelId: number, liveId: number) => `/channels/${channelId}/videos/lives/${liveId}`;

/** A channel's lives list counts its total up to this many ("10,000+" beyond); the pager pages on past it. */
export const LIVE_COUNT_CAP = 10_000;
