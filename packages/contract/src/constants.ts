/**
 * The one home of the spec's business constants (section 9) and the limits of its validation rules
 * (section 5). Server, web, tests and the migrations' CHECKs read these; nothing declares them again.
 */

/** The longest search text a list takes (a title or a channel name is a part of one). */
export const SEARCH_TEXT_MAX = 100;
/** The highest page number (0-based) an offset-paged list accepts. */
export const PAGE_NUMBER_MAX = 100_000;

/** Spec section 9, "Page sizes": management lists 10. */
export const PAGE_SIZE_MANAGEMENT = 10;
/** Spec section 9, "Page sizes": notification dropdown 5. */
export const PAGE_SIZE_NOTIFICATION_DROPDOWN = 5;
/** Spec section 9, "Page sizes": notice dropdown 5 in total. */
export const PAGE_SIZE_NOTICE_DROPDOWN = 5;
/** Spec section 9, "Page sizes": live list default 30. */
export const PAGE_SIZE_LIVE_LIST = 30;
/** Spec section 9, "Previous live list: page size 5, newest first, only ended lives". */
export const PREVIOUS_LIVES_SIZE = 5;
/** Spec sections 4 and 9, "Stream state refresh: 5000 ms": the live page polls the stream state this often. */
export const STREAM_STATE_REFRESH_MS = 5000;
/** Spec section 9, "Scroll and resize handling is throttled at 100 ms". */
export const SCROLL_THROTTLE_MS = 100;
/** Spec sections 5 and 9, "Reservation step: 10 minutes". */
export const RESERVATION_STEP_MINUTES = 10;
/** Spec section 9, "View counts shorten to thousands (천) above 1000": a count above this reads N천. */
export const VIEW_COUNT_THOUSANDS_ABOVE = 1_000;
/** Spec section 9, "... and to ten-thousands (만) above 10000": a count above this reads N만. */
export const VIEW_COUNT_TEN_THOUSANDS_ABOVE = 10_000;
/** Spec section 9, "The cap is 9999.9만": the largest number printed before 만. */
export const VIEW_COUNT_CAP_TEN_THOUSANDS = 9999.9;
/** Spec section 9, "Korean timezone offset: 9 hours" (Korea has no daylight saving time); used only by korea-time.ts. */
export const KST_OFFSET_HOURS = 9;
/** Spec sections 5 and 9, "Stream key title: at most 20 characters". */
export const STREAM_KEY_TITLE_MAX = 20;
/** Spec section 9, "At most 5 simultaneous broadcasts" (per channel). */
export const MAX_SIMULTANEOUS_BROADCASTS = 5;
/** Spec section 5, "URL: ... the domain is 2 to 256 characters": its shortest. */
export const URL_DOMAIN_MIN = 2;
/** Spec section 5, "URL: ... the domain is 2 to 256 characters": its longest. */
export const URL_DOMAIN_MAX = 256;
/** Spec section 5, "URL: ... the top-level part is 2 to 6 letters": its shortest. */
export const URL_TLD_MIN = 2;
/** Spec section 5, "URL: ... the top-level part is 2 to 6 letters": its longest. */
export const URL_TLD_MAX = 6;
/** Spec section 9, "HTTP timeout: 5000 ms". */
export const HTTP_TIMEOUT_MS = 5000;
/** Spec section 9, "Owner invite auto-decline after 30 days". */
export const OWNER_INVITE_AUTO_DECLINE_DAYS = 30;
/** Spec section 9, "Owner transfer auto-decline after 7 days". */
export const OWNER_TRANSFER_AUTO_DECLINE_DAYS = 7;
/** Spec section 9, "Thumbnails: quality 75" (every still the studio re-encodes). */
export const THUMBNAIL_QUALITY = 75;
/** Spec section 9, "Thumbnails in the live layer are requested at 100x66 crop". */
export const LAYER_THUMBNAIL = { width: 100, height: 66 } as const;
/** The channel selector's new-alarm marker covers applications reviewed in the last week. */
export const REVIEWED_APPLY_WINDOW_DAYS = 7;
/** Spec section 2 (notice dropdown): a notice counts as new for three days after it is published. */
export const NOTICE_NEW_DAYS = 3;
/**
 * Issue 20, "media is judged by what it holds": the largest frame a loop may have, each side and in
 * pixels, and its highest frame rate. The server refuses beyond them before decoding a frame (and
 * the decoder itself is told the pixel bound); the upload page checks the size where it can read it.
 */
export const LOOP_MAX_FRAME_SIDE = 4096;
export const LOOP_MAX_FRAME_PIXELS = LOOP_MAX_FRAME_SIDE * LOOP_MAX_FRAME_SIDE;
export const LOOP_MAX_FRAME_RATE = 60;
/**
 * Issue 25 (truthful states): a loop still marked as processing whose job is gone (none queued or
 * running, no live lease) and that has not moved for this long is shown as stuck, with retry and delete.
 */
export const LOOP_STUCK_AFTER_SECONDS = 60;
/** The longest file name a loop keeps (what common file systems allow); a longer one is shortened. */
export const LOOP_FILE_NAME_MAX = 255;
/** A loop may run this much past LOOP_MAX_SECONDS (a phone's "3 minute" clip is often a few frames longer). */
export const LOOP_LENGTH_TOLERANCE_SECONDS = 0.5;
/**
 * Issue 24, point 3: "Per stream key, the owner keeps up to 3 external targets" (restreaming). Here,
 * not in restream.ts, so the error catalogue can name it without bringing zod into the first load.
 */
export const MAX_RESTREAM_TARGETS_PER_KEY = 3;
