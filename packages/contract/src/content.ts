import { z } from 'zod';
import { BULK_CONTENT_ACTION_VALUES, CONTENT_SEARCH_MAX, CONTENT_SORT_VALUES, CURSOR_MAX, decodeContentCursor } from './content-values';
import { ContentKind, ContentStatus } from './enums';
import { LinkKind, LinkUrl, URL_MAX_LENGTH } from './links';
import { pageNumber, pageOf, pageSize } from './page';
import { text } from './text';
import { Instant } from './time';

/** Limits of the content API (the spec gives none; chosen here, enforced by the schemas below). */
export const CONTENT_TITLE_MAX = 200;
/** An article body is the editor's HTML; a post body is plain text. */
export const ARTICLE_BODY_MAX = 200_000;
export const POST_BODY_MAX = 5_000;
/** Issue #11: a post has up to 10 ordered images. */
export const POST_IMAGES_MAX = 10;
export const LINK_URL_MAX = URL_MAX_LENGTH;

/** The kinds a person writes in the studio: articles ("contents") and posts. Loops and lives have their own flows. */
export const WritableContentKind = z.enum(['CONTENT_VIEW', 'POST']);
export type WritableContentKind = z.infer<typeof WritableContentKind>;

/** What a reservation makes of the content when its time comes: public, or published hidden. */
export const ReservationVisibility = z.enum(['PUBLIC', 'HIDDEN']);
export type ReservationVisibility = z.infer<typeof ReservationVisibility>;

/** The verbs of the content API; the server's transition table is keyed by them. */
export const ContentAction = z.enum(['EDIT', 'PUBLISH', 'RESERVE', 'CANCEL_RESERVATION', 'HIDE', 'UNHIDE', 'DELETE']);
export type ContentAction = z.infer<typeof ContentAction>;

export const ContentSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: ContentKind,
  status: ContentStatus,
  viewCount: z.number().int(),
  thumbnailUrl: z.string().nullable(),
  createdAt: Instant,
  /** The optimistic version every change must send back. */
  version: z.number().int(),
  updatedAt: Instant,
  /** When a reservation publishes (or hides) it; null without one. */
  reservedAt: Instant.nullable(),
  publishedAt: Instant.nullable(),
  /**
   * A loop (SHORTS): its playable rendition (a file) and length; a replay (LIVE): its recording's HLS
   * playlist and length; null for other kinds.
   */
  videoUrl: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  /** A replay (LIVE): the live it recorded (its pages: /c/{channelId}/live/{liveId}); null otherwise. */
  liveId: z.number().int().nullable(),
});
export type ContentSummary = z.infer<typeof ContentSummary>;

const commaJoined = text({ max: 200 }).transform((value) => value.split(',').map((part) => part.trim()));

export {
  CONTENT_COUNT_CAP,
  CONTENT_SEARCH_MAX,
  CONTENT_SORT_VALUES,
  type ContentCursor,
  decodeContentCursor,
  encodeContentCursor,
} from './content-values';
export const ContentSort = z.enum(CONTENT_SORT_VALUES);
export type ContentSort = z.infer<typeof ContentSort>;

const cursorParam = z
  .string()
  .max(CURSOR_MAX)
  .transform((value, context) => {
    const cursor = decodeContentCursor(value);
    if (!cursor) {
      context.addIssue({ code: 'custom', message: 'not a cursor of this list' });
      return z.NEVER;
    }
    return cursor;
  });

/** A date range's ends as sent: ISO 8601 instants (the browser turns its local days into them). */
const RangeEnd = z.iso.datetime({ offset: true });

/**
 * Without `status`, deleted contents are left out. `q` finds titles containing it (any case);
 * `from` (inclusive) and `to` (exclusive) bound the date the list shows. Keyset paging: `after` is
 * the previous answer's `nextCursor`, `before` its `prevCursor` (not both); without either, the
 * first page. `page` is only the number the caller counts, echoed as `number`: rows are chosen by
 * the cursor alone (never an OFFSET, so page 1,000 costs what page 1 does).
 */
export const ChannelContentsQuery = z
  .object({
    status: commaJoined.pipe(z.array(ContentStatus).min(1)).optional(),
    kind: commaJoined.pipe(z.array(ContentKind).min(1)).optional(),
    q: text({ max: CONTENT_SEARCH_MAX }).optional(),
    sort: z._default(ContentSort, 'NEWEST'),
    from: RangeEnd.optional(),
    to: RangeEnd.optional(),
    after: cursorParam.optional(),
    before: cursorParam.optional(),
    page: pageNumber.default(0),
    size: pageSize(20),
  })
  .refine((query) => !(query.after && query.before), { message: 'after and before exclude each other', path: ['before'] })
  .refine((query) => !query.from || !query.to || new Date(query.from) < new Date(query.to), { message: 'from must come before to', path: ['to'] })
  .refine((query) => [query.after, query.before].every((cursor) => !cursor || cursor.sort === query.sort), { message: 'the cursor belongs to another sort', path: ['after'] });
export type ChannelContentsQuery = z.infer<typeof ChannelContentsQuery>;

/**
 * The spec's paged response plus the keyset cursors: `nextCursor` continues after the last row
 * (null on the last page), `prevCursor` goes back before the first (null on the first page).
 * `totalElements` is counted up to CONTENT_COUNT_CAP.
 */
export const ContentPage = pageOf(ContentSummary).extend({ nextCursor: z.string().nullable(), prevCursor: z.string().nullable() });
export type ContentPage = z.infer<typeof ContentPage>;

/** Spec section 4 through the one transition table: what a bulk change asks of each row. */
export const BulkContentAction = z.enum(BULK_CONTENT_ACTION_VALUES);
export type BulkContentAction = z.infer<typeof BulkContentAction>;

/** At most this many contents in one bulk change (a page holds at most MAX_PAGE_SIZE rows). */
export const CONTENT_BULK_MAX = 100;

/** Each row with the version the list showed; a newer one fails that row alone (CONTENT_VERSION_CONFLICT). */
export const BulkContentBody = z.object({
  action: BulkContentAction,
  items: z
    .array(z.object({ id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER), version: z.number().int().min(1) }))
    .min(1)
    .max(CONTENT_BULK_MAX)
    .refine((items) => new Set(items.map((item) => item.id)).size === items.length, { message: 'a content appears twice' }),
});
export type BulkContentBody = z.infer<typeof BulkContentBody>;

/**
 * One row's outcome: CHANGED (moved by this call: its side effects happened once, here),
 * UNCHANGED (already where the action leads: nothing done, nothing announced), FAILED with the
 * error code it would have had alone (CONTENT_NOT_FOUND, CONTENT_VERSION_CONFLICT,
 * CONTENT_STATUS_CONFLICT, CONTENT_INCOMPLETE, …) and the row's status when it has one.
 */
export const BulkContentResult = z.object({
  id: z.number().int(),
  outcome: z.enum(['CHANGED', 'UNCHANGED', 'FAILED']),
  code: z.string().nullable(),
  status: z.nullable(ContentStatus),
});
export type BulkContentResult = z.infer<typeof BulkContentResult>;

/** In the order asked. A partial failure is still a 200: the rows say which failed and why. */
export const BulkContentAnswer = z.object({ results: z.array(BulkContentResult) });
export type BulkContentAnswer = z.infer<typeof BulkContentAnswer>;

/** An uploaded content image, stored under a server-made name. */
export const ContentImage = z.object({
  id: z.number().int(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ContentImage = z.infer<typeof ContentImage>;

/** A link on a post, with its kind recognised by domain (spec section 5) by the server. */
export const ContentLink = z.object({
  url: z.string(),
  kind: LinkKind,
});
export type ContentLink = z.infer<typeof ContentLink>;

const imageId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** The spec's URL rule (links.ts); the server works out the kind. */
const LinkInput = z.object({ url: text({ min: 1, max: LINK_URL_MAX }).pipe(LinkUrl) });

/** The fields a person edits; on an update each absent field is left as it is. */
const ContentFields = z.object({
  title: text({ max: CONTENT_TITLE_MAX }),
  /** Article: the editor's HTML (sanitised on the way out to readers). Post: plain text of at most POST_BODY_MAX characters. */
  body: text({ max: ARTICLE_BODY_MAX, multiline: true, trim: false }),
  coverImageId: imageId.nullable(),
  /** Posts only: ordered, at most 10, no repeats. */
  imageIds: z
    .array(imageId)
    .max(POST_IMAGES_MAX)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'an image appears twice' }),
  /** Posts only. */
  link: LinkInput.nullable(),
});

export const ContentDetail = ContentSummary.extend({
  channelId: z.number().int(),
  authorId: z.number().int().nullable(),
  body: z.string(),
  coverImage: ContentImage.nullable(),
  images: z.array(ContentImage),
  link: ContentLink.nullable(),
  /** What the reservation will make of it: PUBLIC or HIDDEN; null without one. */
  reservationVisibility: ReservationVisibility.nullable(),
});
export type ContentDetail = z.infer<typeof ContentDetail>;

/** A new draft of either kind. */
export const CreateContentBody = ContentFields.partial().extend({ kind: WritableContentKind });
export type CreateContentBody = z.infer<typeof CreateContentBody>;

/** PATCH: `version` is the one the page last read; a stale one is a 409 CONTENT_VERSION_CONFLICT. */
export const UpdateContentBody = ContentFields.partial().extend({ version: z.number().int().min(1) });
export type UpdateContentBody = z.infer<typeof UpdateContentBody>;

/** Publish now, cancel a reservation, hide, unhide: the version the page last read. */
export const ContentVersionBody = z.object({ version: z.number().int().min(1) });
export type ContentVersionBody = z.infer<typeof ContentVersionBody>;

/** A reservation time as sent: ISO 8601 with `Z` or an offset (`2026-11-24T10:00:00+09:00`). */
export const ReservationAt = z.iso.datetime({ offset: true });

/** Reserve (or move a reservation): a time on the 10-minute step, not before the earliest slot (see reservation.ts). */
export const ReserveContentBody = ContentVersionBody.extend({
  at: ReservationAt,
  visibility: ReservationVisibility.default('PUBLIC'),
});
export type ReserveContentBody = z.infer<typeof ReserveContentBody>;

export const DeleteContentQuery = z.object({ version: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** `extra` of a 409 CONTENT_VERSION_CONFLICT: the content as it now is, so the page can offer to reload or keep its text. */
export const ContentConflictExtra = z.object({
  currentVersion: z.number().int(),
  status: ContentStatus,
  updatedAt: Instant,
});
export type ContentConflictExtra = z.infer<typeof ContentConflictExtra>;

/** `extra` of a 409 CONTENT_STATUS_CONFLICT: the action is not allowed from the current status. */
export const ContentStatusConflictExtra = z.object({ status: ContentStatus, action: ContentAction });
export type ContentStatusConflictExtra = z.infer<typeof ContentStatusConflictExtra>;

/** A content as a reader sees it: the body sanitised by the server. */
/**
 * A loop's (SHORTS) or a replay's (LIVE) video in its preview: READY plays `url` (a loop's H.264
 * rendition, private ones through the access check of /media/loops, decision 048; a replay's HLS
 * playlist) with `posterUrl`; PROCESSING and FAILED say why there is nothing to play yet.
 */
export const PreviewVideoState = z.enum(['READY', 'PROCESSING', 'FAILED']);
export type PreviewVideoState = z.infer<typeof PreviewVideoState>;
export const PreviewVideo = z.object({
  state: PreviewVideoState,
  url: z.string().nullable(),
  posterUrl: z.string().nullable(),
  durationSeconds: z.number().nullable(),
});
export type PreviewVideo = z.infer<typeof PreviewVideo>;

export const ContentPreview = z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  channelName: z.string(),
  kind: ContentKind,
  status: ContentStatus,
  title: z.string(),
  /** Article: sanitised HTML. Post: the text, HTML-escaped with line breaks as <br>. */
  html: z.string(),
  coverImage: ContentImage.nullable(),
  images: z.array(ContentImage),
  link: ContentLink.nullable(),
  publishedAt: Instant.nullable(),
  viewCount: z.number().int(),
  /** SHORTS and LIVE: the video the preview plays; null for other kinds. */
  video: PreviewVideo.nullable(),
});
export type ContentPreview = z.infer<typeof ContentPreview>;

/** Publish a post now, or reserve it with `reservation`. */
export const CreatePostBody = z.object({
  body: text({ min: 1, max: POST_BODY_MAX, multiline: true }),
  imageIds: ContentFields.shape.imageIds.default([]),
  link: LinkInput.nullable().default(null),
  reservation: z.object({ at: ReservationAt, visibility: ReservationVisibility.default('PUBLIC') }).nullable().default(null),
});
export type CreatePostBody = z.infer<typeof CreatePostBody>;

export const CreateDraftBody = z.object({
  title: text({ max: CONTENT_TITLE_MAX }).default(''),
});

export const CreatedContent = z.object({ contentId: z.number().int() });
export type CreatedContent = z.infer<typeof CreatedContent>;

// No zod in view-count.ts: the browser's first load prints view counts (docs/decisions/057).
export { shortenViewCount } from './view-count';
