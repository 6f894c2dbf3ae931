import { z } from 'zod';
import { CONTENT_TITLE_MAX, POST_BODY_MAX, ReservationAt, ReservationVisibility } from './content';
import { ProcessingStatus } from './enums';
import { ChannelIdParams } from './params';
import { text } from './text';
import { Instant } from './time';

/** Where the browser sends a loop's video: a tus endpoint (resumable uploads, tus 1.0.0). */
export const loopUploadPath = (channelId: number) => `/api/channels/${channelId}/loops/uploads`;

/**
 * The browser sends a loop in pieces of this size (tus PATCH requests), two 5 MiB parts of the bucket's
 * multipart upload each: an interrupted piece keeps what it stored (its whole parts on S3, every byte on
 * disk), and a piece costs the gateway fewer round trips per byte than 5 MiB did (bench:store: 29% of a
 * bare PUT with 5 MiB pieces, 53% with 10; decision 061). The server's per-minute allowance of pieces is
 * checked against it at start-up.
 */
export const LOOP_UPLOAD_CHUNK_BYTES = 10 * 1024 * 1024;

/** Limits the server enforces, answered to the upload page so it can refuse early. */
export const LoopLimits = z.object({
  maxBytes: z.number().int(),
  maxSeconds: z.number().int(),
  /** Unfinished uploads one person may hold at once, across channels. */
  maxUnfinished: z.number().int(),
  /** The sum of the sizes those unfinished uploads declare. */
  maxUnfinishedBytes: z.number().int(),
  /** An unfinished upload that receives nothing this long is removed. */
  idleHours: z.number().int(),
  /** MIME types the file picker offers; the server judges the content whatever the type says. */
  accept: z.array(z.string()),
});
export type LoopLimits = z.infer<typeof LoopLimits>;

/** `extra` of 409 LOOP_UPLOADS_LIMIT_REACHED: how many are open and how many may be. */
export const LoopUploadsLimitExtra = z.object({ unfinished: z.number().int(), maxUnfinished: z.number().int() });
/** `extra` of 409 LOOP_UPLOAD_BYTES_LIMIT_REACHED: what is promised, what was asked for, what may be. */
export const LoopUploadBytesLimitExtra = z.object({ unfinishedBytes: z.number().int(), requestedBytes: z.number().int(), maxUnfinishedBytes: z.number().int() });

export const LoopThumbnail = z.object({ index: z.number().int(), url: z.string() });

/**
 * A loop's video from upload to a playable rendition. `status` is the spec's processing status
 * (null while the file is still arriving); `progress` is the transcode's percent.
 */
export const Loop = z.object({
  id: z.uuid(),
  channelId: z.number().int(),
  status: z.nullable(ProcessingStatus),
  progress: z.number().int().min(0).max(100),
  /** Why processing failed, as a code the browser words (LOOP_NOT_VIDEO, LOOP_TOO_LONG, …). */
  errorCode: z.string().nullable(),
  uploadedBytes: z.number().int(),
  totalBytes: z.number().int(),
  durationSeconds: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  videoUrl: z.string().nullable(),
  thumbnails: z.array(LoopThumbnail),
  thumbnailIndex: z.number().int().nullable(),
  contentId: z.number().int().nullable(),
  /**
   * Issue 25: still RESERVED, START or PROCESSING, but no job will ever finish it (no queued or
   * running job, no live lease, nothing moved for LOOP_STUCK_AFTER_SECONDS). The page offers retry
   * and delete instead of "processing" forever.
   */
  stuck: z.boolean(),
  /** The name of the file it was uploaded from (what the person's list tells uploads apart by); null for loops older than it. */
  fileName: z.string().nullable(),
  createdAt: Instant,
  updatedAt: Instant,
});
export type Loop = z.infer<typeof Loop>;

export const LoopList = z.object({ content: z.array(Loop) });

export const LoopParams = ChannelIdParams.extend({ loopId: z.uuid() });

export const LoopThumbnailBody = z.object({ index: z.number().int().min(0).max(9) });
export type LoopList = z.infer<typeof LoopList>;

/** A loop's description is plain text, as long as a post's. */
export const LOOP_DESCRIPTION_MAX = POST_BODY_MAX;

/**
 * Publish a processed loop as a content of kind SHORTS: now, or reserved on the
 * 10-minute step (the same rule and job as every other content's reservation).
 */
export const PublishLoopBody = z.object({
  title: text({ min: 1, max: CONTENT_TITLE_MAX }),
  description: text({ max: LOOP_DESCRIPTION_MAX, multiline: true }).default(''),
  thumbnailIndex: z.number().int().min(0).max(9),
  reservation: z.object({ at: ReservationAt, visibility: ReservationVisibility.default('PUBLIC') }).nullable().default(null),
});
export type PublishLoopBody = z.infer<typeof PublishLoopBody>;
/** The publish body as the browser sends it (defaults filled in by the server). */
export type PublishLoopInput = z.input<typeof PublishLoopBody>;
