import type {
  BulkContentAction,
  BulkContentBody,
  BulkContentResult,
  ContentDetail,
  ContentImage,
  ContentLink,
  ContentPage,
  ContentPreview,
  CreateContentBody,
  CreatePostBody,
  ReservationVisibility,
  UpdateContentBody,
} from '@studio/contract/content';
import type { ContentKind, ContentStatus } from '@studio/contract/enums';
import { linkKind } from '@studio/contract/links';
import { earliestReservationSlot, reservationProblem } from '@studio/contract/reservation';
import type { Transaction } from 'kysely';
import type { ChannelRow, Database, Db } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { queueRemoval } from '../../media/media-jobs';
import { findChannel } from '../channels/channel-repository';
import { assertHasHome } from '../channels/channel-rules';
import { releaseLoopsOfDeletedContents } from '../loops/loop-repository';
import { queueRecordingRemoval } from '../lives/recording-files';
import { landing, notify } from '../notifications/notification-producer';
import { bodyImageUrls, firstBodyImageUrl, toContentPreview } from './content-html';
import { notifyContentPublished } from './content-notifications';
import {
  contentRepository,
  createContentRow,
  findLoopStatusOfContent,
  findContentImages,
  insertContentImage,
  lockContent,
  lockPendingReservations,
  recordImageUses,
  releaseUnusedImages,
  thumbnailOf,
  toContentDetail,
  updateContentRow,
  type ContentListFilters,
  type ContentListSlice,
  type ContentPatch,
  type ContentRow,
} from './content-repository';
import { assertComplete, assertCreateOption, assertPostBody, channelRefusal, incompleteField, postTitle } from './content-rules';
import { nextStatus, PENDING_RESERVATION_STATUSES, type ContentTransition } from './content-transitions';

/** The queue of reserved publications. */
export const PUBLISH_QUEUE = 'content.publish';
/** A reserved publication: acts only if the content is still reserved for exactly this time. */
export type PublishJob = { contentId: number; reservedAt: string };

/** One waiting job per content and time: a repeated send for the same reservation is a no-op. */
export function reservationJobKey(job: PublishJob): string {
  return `content:${job.contentId}:${job.reservedAt}`;
}

export type ReservationOutcome = 'published' | 'failed' | 'stale';

/** What the service needs of the job queue (`app.jobs`). */
export type JobSender = {
  send(queue: string, data: object, options?: { startAfter?: Date; singletonKey?: string; retryLimit?: number; tx?: Transaction<Database> }): Promise<string | null>;
};

type Fields = Omit<UpdateContentBody, 'version'>;

/** A processed loop as a SHORTS content: its texts, rendition, chosen thumbnail and when. */
export type ShortsInput = {
  title: string;
  description: string;
  thumbnailUrl: string;
  videoUrl: string;
  durationSeconds: number | null;
  reservation: { at: string; visibility: ReservationVisibility } | null;
};

/** The uploaded images a request names by id (a cover, a post's images): refused when missing, never passed over. */
function requestedImageIds(fields: Pick<Fields, 'coverImageId' | 'imageIds'>): number[] {
  return [...(typeof fields.coverImageId === 'number' ? [fields.coverImageId] : []), ...(fields.imageIds ?? [])];
}

/**
 * Records, in the save's transaction, which uploaded images the saved row uses (its cover, a post's
 * images, its thumbnail, every address in its body, of any channel), so a delete removes only images
 * nobody uses (issue 22). Every save of a cover, images or a body goes through here. An image the
 * request named that a delete removed meanwhile is the same 400 as one that never was; an address in
 * the body of an image gone is simply not a use.
 */
async function keepImageUses(trx: Transaction<Database>, row: ContentRow, requested: number[]): Promise<void> {
  const ids = [...(row.cover_image ? [row.cover_image.id] : []), ...row.images.map((image) => image.id)];
  const urls = [...(row.thumbnail_url ? [row.thumbnail_url] : []), ...bodyImageUrls(row.body)];
  const recorded = await recordImageUses(trx, row.id, { ids, urls });
  const missing = requested.filter((id) => !recorded.has(id));
  if (missing.length > 0) throw new AppError('CONTENT_IMAGE_NOT_FOUND', undefined, { missing });
}

/** The studio path where the author fixes a content (posts have no edit page: the channel home). */
function editPath(row: Pick<ContentRow, 'kind' | 'channel_id' | 'id'>): string {
  return landing.contentEdit({ kind: row.kind, channelId: row.channel_id, id: row.id });
}

/**
 * The rules of writing and publishing contents. Every change locks the row,
 * checks the optimistic version, then the transition table, then writes with
 * the next version, so two tabs or fifty parallel calls cannot both win.
 */
export function contentService(db: Db, jobs: JobSender, clock: Clock) {
  const contents = contentRepository(db);

  /** The patch of the edited fields, checked for the content's kind and resolved against the channel's images. */
  async function fieldPatch(trx: Transaction<Database>, channelId: number, kind: ContentKind, fields: Fields, current?: ContentRow): Promise<ContentPatch> {
    const patch: ContentPatch = {};
    if (kind !== 'POST') {
      if (fields.imageIds?.length) throw new AppError('CONTENT_FIELD_NOT_ALLOWED', undefined, { field: 'imageIds' });
      if (fields.link) throw new AppError('CONTENT_FIELD_NOT_ALLOWED', undefined, { field: 'link' });
    }
    if (fields.body !== undefined) {
      if (kind === 'POST') assertPostBody(fields.body);
      patch.body = kind === 'POST' ? fields.body.trim() : fields.body;
    }
    if (fields.title !== undefined) patch.title = fields.title;
    // A post's title is its first line unless one is given.
    if (kind === 'POST' && patch.body !== undefined && !fields.title) patch.title = postTitle(patch.body);

    let coverImage: ContentImage | null = current?.cover_image ?? null;
    let images: ContentImage[] = current?.images ?? [];
    if (fields.coverImageId !== undefined) {
      coverImage = fields.coverImageId === null ? null : ((await findContentImages(trx, channelId, [fields.coverImageId]))[0] ?? null);
      if (fields.coverImageId !== null && !coverImage) throw new AppError('CONTENT_IMAGE_NOT_FOUND', undefined, { missing: [fields.coverImageId] });
      patch.cover_image = coverImage ? JSON.stringify(coverImage) : null;
    }
    if (fields.imageIds !== undefined) {
      images = await findContentImages(trx, channelId, fields.imageIds);
      if (images.length !== fields.imageIds.length) {
        const found = new Set(images.map((image) => image.id));
        throw new AppError('CONTENT_IMAGE_NOT_FOUND', undefined, { missing: fields.imageIds.filter((id) => !found.has(id)) });
      }
      patch.images = JSON.stringify(images);
    }
    if (kind === 'POST') {
      if (fields.coverImageId !== undefined || fields.imageIds !== undefined) patch.thumbnail_url = thumbnailOf(coverImage, images);
    } else if (kind !== 'SHORTS' && (fields.coverImageId !== undefined || fields.body !== undefined)) {
      // An article without a chosen cover shows its first body image in the list.
      patch.thumbnail_url = coverImage?.url ?? firstBodyImageUrl(typeof patch.body === 'string' ? patch.body : (current?.body ?? ''));
    }
    if (fields.link !== undefined) {
      const link: ContentLink | null = fields.link ? { url: fields.link.url, kind: linkKind(fields.link.url) } : null;
      patch.link_url = link?.url ?? null;
      patch.link_kind = link?.kind ?? null;
    }
    return patch;
  }

  /**
   * One change of one content, under its row lock: 404 for another channel's or a
   * deleted content, 409 CONTENT_VERSION_CONFLICT for a stale version (with the
   * current one), 409 CONTENT_STATUS_CONFLICT when the table refuses the move.
   */
  async function change(
    channel: ChannelRow,
    contentId: number,
    version: number,
    transition: ContentTransition,
    build: (row: ContentRow, trx: Transaction<Database>, now: Date) => Promise<ContentPatch> | ContentPatch,
    /** What else the change does, in its transaction, once the row says its new status. */
    after?: (row: ContentRow, trx: Transaction<Database>, now: Date) => Promise<void>,
  ): Promise<ContentDetail> {
    return db.transaction().execute(async (trx) => {
      const row = await lockContent(trx, contentId, channel.id);
      if (!row || row.status === 'DELETE') throw new AppError('CONTENT_NOT_FOUND');
      if (row.version !== version) {
        throw new AppError('CONTENT_VERSION_CONFLICT', undefined, { currentVersion: row.version, status: row.status, updatedAt: row.updated_at.toISOString() });
      }
      const to = nextStatus(transition, row.status);
      if (!to) throw new AppError('CONTENT_STATUS_CONFLICT', undefined, { status: row.status, action: transition.startsWith('RESERVE_') ? 'RESERVE' : transition });
      const now = clock.now();
      const patch = await build(row, trx, now);
      const updated = await updateContentRow(trx, row, { ...patch, status: to }, now);
      await after?.(updated, trx, now);
      return toContentDetail(updated);
    });
  }

  /** Leaves a reservation behind: published now, hidden, cancelled or deleted. */
  const noReservation = { reserved_at: null, reservation_visibility: null } satisfies ContentPatch;

  async function reserveInside(trx: Transaction<Database>, contentId: number, at: Date): Promise<void> {
    const reservedAt = at.toISOString();
    const data: PublishJob = { contentId, reservedAt };
    await jobs.send(PUBLISH_QUEUE, data, { startAfter: at, singletonKey: reservationJobKey(data), tx: trx });
  }

  function checkedReservationTime(atText: string): Date {
    const at = new Date(atText);
    const now = clock.now();
    const problem = reservationProblem(at, now);
    if (problem) throw new AppError('RESERVATION_TIME_INVALID', undefined, { problem, earliest: earliestReservationSlot(now).toISOString() });
    return at;
  }

  /** One content of the channel, for its writers: deleted ones are not found. */
  async function readable(channel: ChannelRow, contentId: number): Promise<ContentRow> {
    const row = await contents.find(channel.id, contentId);
    if (!row || row.status === 'DELETE') throw new AppError('CONTENT_NOT_FOUND');
    return row;
  }

  /** The single-row call a bulk action stands for, and the status it leads to. */
  const bulkActions = {
    HIDE: { target: 'HIDDEN', run: (channel, id, version) => service.hide(channel, id, version) },
    UNHIDE: { target: 'PUBLIC', run: (channel, id, version) => service.unhide(channel, id, version) },
    DELETE: { target: 'DELETE', run: (channel, id, version) => service.remove(channel, id, version) },
  } as const satisfies Record<BulkContentAction, { target: ContentStatus; run: (channel: ChannelRow, id: number, version: number) => Promise<unknown> }>;

  async function bulkOne(channel: ChannelRow, _actorId: number, action: BulkContentAction, item: { id: number; version: number }): Promise<BulkContentResult> {
    const { target, run } = bulkActions[action];
    const before = await contents.status(channel.id, item.id);
    if (!before || (before === 'DELETE' && action !== 'DELETE')) return { id: item.id, outcome: 'FAILED', code: 'CONTENT_NOT_FOUND', status: null };
    if (before === target) return { id: item.id, outcome: 'UNCHANGED', code: null, status: before };
    try {
      await run(channel, item.id, item.version);
      return { id: item.id, outcome: 'CHANGED', code: null, status: target };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const now = await contents.status(channel.id, item.id);
      return { id: item.id, outcome: 'FAILED', code: error.code, status: now && now !== 'DELETE' ? now : null };
    }
  }

  const service = {
    /** A page of the channel's contents (filtered, searched, sorted, keyset-paged); a channel without a home (spec section 2) has no list. */
    async list(channel: ChannelRow, filters: ContentListFilters, slice: ContentListSlice): Promise<ContentPage> {
      assertHasHome(channel);
      return contents.list(channel.id, filters, slice);
    },

    /**
     * One action on several rows (issue 25, point 2; decision 040): each row alone, in the order
     * asked, through the same change as its single-row call (its own transaction and row lock, the
     * version checked, then the transition table), so each row's side effects happen once and only
     * when it really moved. A row already where the action leads is UNCHANGED (a repeated call
     * answers the same); any other refusal fails that row alone, with its code.
     */
    async bulk(channel: ChannelRow, actorId: number, input: BulkContentBody): Promise<BulkContentResult[]> {
      assertHasHome(channel);
      const results: BulkContentResult[] = [];
      for (const item of input.items) results.push(await bulkOne(channel, actorId, input.action, item));
      return results;
    },

    async create(channel: ChannelRow, authorId: number, input: CreateContentBody): Promise<ContentDetail> {
      assertCreateOption(channel, input.kind);
      return db.transaction().execute(async (trx) => {
        const patch = await fieldPatch(trx, channel.id, input.kind, input);
        const row = await createContentRow(
          trx,
          { channelId: channel.id, authorId, kind: input.kind, status: 'DRAFT', title: patch.title ?? '', body: patch.body ?? '', at: clock.now() },
          withoutText(patch),
        );
        await keepImageUses(trx, row, requestedImageIds(input));
        return toContentDetail(row);
      });
    },

    /** Publish a post now, or reserve it (the post page's one call). */
    async createPost(channel: ChannelRow, authorId: number, input: CreatePostBody): Promise<number> {
      assertCreateOption(channel, 'POST');
      const at = input.reservation ? checkedReservationTime(input.reservation.at) : null;
      return db.transaction().execute(async (trx) => {
        const patch = await fieldPatch(trx, channel.id, 'POST', { body: input.body, imageIds: input.imageIds, link: input.link });
        const row = await placeContent(trx, channel, authorId, { kind: 'POST', title: patch.title ?? '', body: patch.body ?? '', fields: withoutText(patch) }, at, input.reservation?.visibility ?? null);
        await keepImageUses(trx, row, requestedImageIds(input));
        return row.id;
      });
    },

    /** A contents draft with only its title: the editor fills in the rest. */
    async createDraft(channel: ChannelRow, authorId: number, title: string): Promise<number> {
      assertCreateOption(channel, 'CONTENT_VIEW');
      const row = await contents.create({ channelId: channel.id, authorId, kind: 'CONTENT_VIEW', status: 'DRAFT', title, body: '', at: clock.now() });
      return row.id;
    },

    /** One content of the channel, as stored (deleted ones are not found). */
    get: readable,

    /** A content as a reader sees it, with its video's state for a loop or a replay. */
    async preview(channel: ChannelRow, contentId: number): Promise<ContentPreview> {
      const row = await readable(channel, contentId);
      return toContentPreview(row, channel, row.kind === 'SHORTS' ? await findLoopStatusOfContent(db, row.id) : undefined);
    },

    /** A content for editing. */
    async detail(channel: ChannelRow, contentId: number): Promise<ContentDetail> {
      return toContentDetail(await readable(channel, contentId));
    },

    /** An uploaded image, stored already, recorded for the channel's contents to use. */
    async addImage(channel: ChannelRow, uploadedBy: number, image: { url: string; width: number; height: number }): Promise<ContentImage> {
      return insertContentImage(db, { channelId: channel.id, uploadedBy, url: image.url, width: image.width, height: image.height, at: clock.now() });
    },

    async update(channel: ChannelRow, contentId: number, input: UpdateContentBody): Promise<ContentDetail> {
      return change(
        channel,
        contentId,
        input.version,
        'EDIT',
        async (row, trx) => {
          assertCreateOption(channel, row.kind);
          const patch = await fieldPatch(trx, channel.id, row.kind, input, row);
          // A public or reserved content must stay complete.
          if (row.status !== 'DRAFT') assertComplete({ ...row, ...patchedText(row, patch) });
          return patch;
        },
        (updated, trx) => keepImageUses(trx, updated, requestedImageIds(input)),
      );
    },

    async publish(channel: ChannelRow, contentId: number, version: number, actorId: number): Promise<ContentDetail> {
      return change(channel, contentId, version, 'PUBLISH', async (row, trx, now) => {
        assertCreateOption(channel, row.kind);
        assertComplete(row);
        // Only the call that moves it (under the row lock, version checked) gets here.
        await notifyContentPublished(trx, row, channel, actorId, now);
        return { ...noReservation, published_at: now };
      });
    },

    async reserve(channel: ChannelRow, contentId: number, input: { version: number; at: string; visibility: ReservationVisibility }): Promise<ContentDetail> {
      const at = checkedReservationTime(input.at);
      const transition = input.visibility === 'HIDDEN' ? 'RESERVE_HIDDEN' : 'RESERVE_PUBLIC';
      return change(channel, contentId, input.version, transition, async (row, trx) => {
        assertCreateOption(channel, row.kind);
        assertComplete(row);
        await reserveInside(trx, row.id, at);
        return { reserved_at: at, reservation_visibility: input.visibility };
      });
    },

    async cancelReservation(channel: ChannelRow, contentId: number, version: number): Promise<ContentDetail> {
      return change(channel, contentId, version, 'CANCEL_RESERVATION', () => noReservation);
    },

    async hide(channel: ChannelRow, contentId: number, version: number): Promise<ContentDetail> {
      return change(channel, contentId, version, 'HIDE', (row, _trx, now) => {
        // Hiding a draft publishes it hidden: it must be complete like any publication.
        if (row.status !== 'PUBLIC') assertComplete(row);
        return { ...noReservation, published_at: row.published_at ?? now };
      });
    },

    async unhide(channel: ChannelRow, contentId: number, version: number): Promise<ContentDetail> {
      return change(channel, contentId, version, 'UNHIDE', (row, _trx, now) => {
        assertCreateOption(channel, row.kind);
        return { published_at: row.published_at ?? now };
      });
    },

    /**
     * Deleting twice answers the same (204); only a stale version on a live content is a conflict.
     * A SHORTS content takes its loop with it (status DELETE), and the loop's files are queued for
     * removal, both in the transaction of the delete: once, by the one delete that changed something.
     * So are the uploaded images it used that no other content (of any channel) uses any more: their
     * rows are deleted and their files queued with the loop's, in one removal.
     */
    async remove(channel: ChannelRow, contentId: number, version: number): Promise<void> {
      const status = await contents.status(channel.id, contentId);
      if (!status) throw new AppError('CONTENT_NOT_FOUND');
      if (status === 'DELETE') return;
      try {
        await change(channel, contentId, version, 'DELETE', () => noReservation, async (row, trx, now) => {
          const loopFiles = await releaseLoopsOfDeletedContents(trx, now, row.id);
          const imageFiles = (await releaseUnusedImages(trx, row.id)).map((name) => ({ kind: 'images' as const, name }));
          await queueRemoval(jobs, trx, [...loopFiles, ...imageFiles]);
          // A replay's recording (its playlist and segments) has no other owner: it goes too.
          if (row.kind === 'LIVE' && row.live_id !== null) await queueRecordingRemoval(jobs, trx, row.live_id);
        });
      } catch (error) {
        // A parallel delete won the lock: the content is gone either way.
        if (error instanceof AppError && error.code === 'CONTENT_NOT_FOUND') return;
        throw error;
      }
    },

    /**
     * Reservations written without a job (the demo seed, a restored backup, a row fixed by hand) get
     * one: a start-up repair. A job already waiting has the same key, so nothing is queued twice.
     * Answers how many were queued.
     */
    async queueReservationsWithoutJob(): Promise<number> {
      return db.transaction().execute(async (trx) => {
        let count = 0;
        for (const row of await lockPendingReservations(trx)) {
          const data: PublishJob = { contentId: row.id, reservedAt: row.reservedAt.toISOString() };
          if (await jobs.send(PUBLISH_QUEUE, data, { startAfter: row.reservedAt, singletonKey: reservationJobKey(data), tx: trx })) count += 1;
        }
        return count;
      });
    },

    /**
     * Loops of contents deleted before a delete took its loop along (or deleted by hand) are deleted
     * now and their files queued for removal: a start-up repair, harmless to run again (0 the second time).
     */
    async repairLoopsOfDeletedContents(): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const files = await releaseLoopsOfDeletedContents(trx, clock.now());
        await queueRemoval(jobs, trx, files);
        return files.length;
      });
    },

    /**
     * The reservation job: publishes (or hides) the content if it is still reserved
     * for exactly this time; a cancelled, moved, published or deleted content is left
     * alone. When the channel or the content no longer allows it, the reservation
     * fails (PUBLIC_RESERVATION_ERROR / HIDDEN_RESERVATION_ERROR) and the author is
     * notified, once, in the same transaction.
     */
    async runReservation(job: PublishJob): Promise<ReservationOutcome> {
      return settleReservation(job, false);
    },

    /**
     * Records that a reservation could not be published although the rules allowed it
     * (publishing threw): the same failure status and notification. Throws when even
     * that cannot be written (the database is away), so the job is retried.
     */
    async failReservation(job: PublishJob): Promise<ReservationOutcome> {
      return settleReservation(job, true);
    },

    createShorts,
  };
  return service;

  /**
   * A processed loop becomes a content of kind SHORTS, published now or reserved with the same rule
   * and job as every other reservation; it then follows the one transition table. Runs inside the
   * caller's transaction (the loops module holds the loop's row lock, so a loop publishes once).
   */
  async function createShorts(trx: Transaction<Database>, channel: ChannelRow, authorId: number, input: ShortsInput): Promise<ContentRow> {
    assertCreateOption(channel, 'SHORTS');
    const at = input.reservation ? checkedReservationTime(input.reservation.at) : null;
    const row = await placeContent(
      trx,
      channel,
      authorId,
      { kind: 'SHORTS', title: input.title, body: input.description, fields: { thumbnail_url: input.thumbnailUrl, video_url: input.videoUrl, duration_seconds: input.durationSeconds } },
      at,
      input.reservation?.visibility ?? null,
    );
    // A loop's description is plain text, but it is a body like any other: it names what it names.
    await keepImageUses(trx, row, []);
    return row;
  }

  /**
   * A content created public now, or reserved (public or hidden) for `at`: the row, then either the
   * reservation's job or the notification that it went public, all in the caller's transaction.
   */
  async function placeContent(
    trx: Transaction<Database>,
    channel: ChannelRow,
    authorId: number,
    content: { kind: 'POST' | 'SHORTS'; title: string; body: string; fields: Parameters<typeof createContentRow>[2] },
    at: Date | null,
    visibility: ReservationVisibility | null,
  ): Promise<ContentRow> {
    const now = clock.now();
    const status = at ? (visibility === 'HIDDEN' ? 'HIDDEN_RESERVATION' : 'PUBLIC_RESERVATION') : 'PUBLIC';
    const row = await createContentRow(
      trx,
      { channelId: channel.id, authorId, kind: content.kind, status, title: content.title, body: content.body, at: now },
      { ...content.fields, reserved_at: at, reservation_visibility: at ? visibility : null },
    );
    if (at) await reserveInside(trx, row.id, at);
    else await notifyContentPublished(trx, row, channel, authorId, now);
    return row;
  }

  async function settleReservation(job: PublishJob, mustFail: boolean): Promise<ReservationOutcome> {
    return db.transaction().execute(async (trx) => {
      const row = await lockContent(trx, job.contentId);
      if (!row || !PENDING_RESERVATION_STATUSES.includes(row.status) || row.reserved_at?.toISOString() !== job.reservedAt) return 'stale';
      const channel = await findChannel(trx, row.channel_id);
      if (!channel) throw new Error(`the channel of content ${row.id} is gone`);
      const now = clock.now();
      const refusal = mustFail || channelRefusal(channel, row.kind) !== null || incompleteField(row) !== null;
      if (refusal) {
        const failed = nextStatus('RESERVATION_FAILED', row.status);
        if (!failed) return 'stale';
        await updateContentRow(trx, row, { status: failed }, now);
        if (row.author_user_id !== null) {
          await notify(trx, {
            to: row.author_user_id,
            channel: { id: channel.id, name: channel.name },
            type: 'RESERVATION_FAILED',
            params: { title: row.title },
            landingUrl: editPath(row),
            at: now,
          });
        }
        return 'failed';
      }
      const due = nextStatus('RESERVATION_DUE', row.status);
      if (!due) return 'stale';
      await updateContentRow(trx, row, { ...noReservation, status: due, published_at: row.published_at ?? now }, now);
      if (due === 'PUBLIC') await notifyContentPublished(trx, row, channel, null, now);
      return 'published';
    });
  }
}

/** The text fields of a patch over the row, to check completeness before writing. */
function patchedText(row: ContentRow, patch: ContentPatch): Pick<ContentRow, 'title' | 'body' | 'images'> {
  return {
    title: typeof patch.title === 'string' ? patch.title : row.title,
    body: typeof patch.body === 'string' ? patch.body : row.body,
    images: typeof patch.images === 'string' ? (JSON.parse(patch.images) as ContentImage[]) : row.images,
  };
}

function withoutText(patch: ContentPatch): ContentPatch {
  const { title: _title, body: _body, ...rest } = patch;
  return rest;
}
