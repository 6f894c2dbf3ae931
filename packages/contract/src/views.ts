import { z } from 'zod';

/**
 * Issue 23, the counting of views. A public page sends beacons: a view start when playback begins,
 * then heartbeats with the seconds watched since the last one and the position. The server counts
 * from them and never from a number the client claims.
 */

/** A view start counts once per viewer per content within this many minutes (judged at roll-up). */
export const VIEW_DEDUPE_MINUTES = 30;
/** The most beacons one request may carry (a page batches its heartbeats). */
export const VIEW_BEACON_BATCH_MAX = 50;
/** The most seconds one heartbeat may claim; a page sends one every few seconds. */
export const VIEW_HEARTBEAT_MAX_SECONDS = 60;
/** The watch time credited to one viewer on one content in one hour, whatever the heartbeats add up to. */
export const VIEW_WATCH_SECONDS_PER_HOUR_MAX = 3_600;
/** The furthest playback position a heartbeat may report (a day of video). */
export const VIEW_POSITION_MAX_SECONDS = 86_400;
/** Beacon requests one viewer id may send a minute (a heartbeat every few seconds, with room). */
export const VIEW_BEACON_REQUESTS_PER_VIEWER_PER_MINUTE = 120;
/**
 * Beacon requests one address may send a minute: generous, since a school or an office behind one
 * address holds many viewers (a few hundred beacons a second must still count).
 */
export const VIEW_BEACON_REQUESTS_PER_ADDRESS_PER_MINUTE = 60_000;
/** Raw view events are kept this many days (whole daily partitions are dropped), aggregates for ever. */
export const VIEW_EVENTS_KEEP_DAYS = 14;

export const ViewKind = z.enum(['VIEW_START', 'HEARTBEAT']);
export type ViewKind = z.infer<typeof ViewKind>;

export const Beacon = z.strictObject({
  contentId: z.number().int().positive().max(2_147_483_647),
  kind: ViewKind,
  /** Seconds watched since the previous heartbeat (heartbeats only). */
  seconds: z.number().int().min(0).max(VIEW_HEARTBEAT_MAX_SECONDS).optional(),
  /** Where playback stands, in seconds. */
  position: z.number().int().min(0).max(VIEW_POSITION_MAX_SECONDS).optional(),
});
export type Beacon = z.infer<typeof Beacon>;

/**
 * One request: one viewer's beacons. The viewer id is a random id the page keeps in first-party
 * storage (no personal data); the rate limit per viewer keys on it, so a batch names one viewer.
 */
export const BeaconBatch = z.strictObject({
  viewerId: z.uuid(),
  beacons: z.array(Beacon).min(1).max(VIEW_BEACON_BATCH_MAX),
});
export type BeaconBatch = z.infer<typeof BeaconBatch>;

export const BeaconsAccepted = z.object({ accepted: z.number().int() });
export type BeaconsAccepted = z.infer<typeof BeaconsAccepted>;

/** A live's concurrent viewers are the viewers heard from in this many seconds (issue 23, point 2). */
export const LIVE_CONCURRENT_WINDOW_SECONDS = 30;
/** How often a public live page says its viewer is still there (well inside the window). */
export const LIVE_PRESENCE_EVERY_SECONDS = 10;

/** POST /public/lives/{liveId}/presence: one viewer of a live on air is still watching. */
export const LivePresence = z.strictObject({ viewerId: z.uuid() });
export type LivePresence = z.infer<typeof LivePresence>;
