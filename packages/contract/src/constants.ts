/** Spec section 9, business constants and limits. */
export const PAGE_SIZE_MANAGEMENT = 10;
export const PAGE_SIZE_NOTIFICATION_DROPDOWN = 5;
export const PAGE_SIZE_NOTICE_DROPDOWN = 5;
export const PAGE_SIZE_LIVE_LIST = 30;
export const STREAM_STATE_REFRESH_MS = 5000;
export const SCROLL_THROTTLE_MS = 100;
export const RESERVATION_STEP_MINUTES = 10;
export const KST_OFFSET_HOURS = 9;
export const STREAM_KEY_TITLE_MAX = 20;
export const MAX_SIMULTANEOUS_BROADCASTS = 5;
export const HTTP_TIMEOUT_MS = 5000;
export const OWNER_INVITE_AUTO_DECLINE_DAYS = 30;
export const OWNER_TRANSFER_AUTO_DECLINE_DAYS = 7;
/** The channel selector's new-alarm marker covers applications reviewed in the last week. */
export const REVIEWED_APPLY_WINDOW_DAYS = 7;
/** A notice counts as new for three days after it is published. */
export const NOTICE_NEW_DAYS = 3;
/**
 * Issue 20, "media is judged by what it holds": the largest frame a loop may have, each side and in
 * pixels, and its highest frame rate. The server refuses beyond them before decoding a frame (and
 * the decoder itself is told the pixel bound); the upload page checks the size where it can read it.
 */
export const LOOP_MAX_FRAME_SIDE = 4096;
export const LOOP_MAX_FRAME_PIXELS = LOOP_MAX_FRAME_SIDE * LOOP_MAX_FRAME_SIDE;
export const LOOP_MAX_FRAME_RATE = 60;
/** A loop may run this much past LOOP_MAX_SECONDS (a phone's "3 minute" clip is often a few frames longer). */
export const LOOP_LENGTH_TOLERANCE_SECONDS = 0.5;
