import type { ContentDetail, ContentImage, ContentSummary } from '@studio/contract/content';
import type { ContentKind, ContentStatus } from '@studio/contract/enums';
import type { Page } from '@studio/contract/page';
import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import { literalCount } from '../../db/literal';
import { pageWithTotal, totalUpTo } from '../../db/paged';
import type { Database, Db } from '../../db/schema';

type Executor = Db | Transaction<Database>;
export type ContentRow = Selectable<Database['contents']>;
export type ContentPatch = Updateable<Database['contents']>;

export function toContentSummary(row: ContentRow): ContentSummary {
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    status: row.status,
    viewCount: row.view_count,
    thumbnailUrl: row.thumbnail_url,
    createdAt: row.created_at.toISOString(),
    version: row.version,
    updatedAt: row.updated_at.toISOString(),
    reservedAt: row.reserved_at?.toISOString() ?? null,
    publishedAt: row.published_at?.toISOString() ?? null,
    videoUrl: row.video_url,
    durationSeconds: row.duration_seconds,
    liveId: row.live_id,
  };
}

export function toContentDetail(row: ContentRow): ContentDetail {
  return {
    ...toContentSummary(row),
    channelId: row.channel_id,
    authorId: row.author_user_id,
    body: row.body,
    coverImage: row.cover_image,
    images: row.images,
    link: row.link_url ? { url: row.link_url, kind: row.link_kind ?? 'OTHER' } : null,
    reservationVisibility: row.reservation_visibility,
  };
}

/** A channel's contents are counted up to this many for the list's total (the history is never walked whole). */
export const CONTENT_COUNT_CAP = 10_000;

export function contentRepository(db: Db) {
  const filtered = (channelId: number, statuses?: ContentStatus[], kinds?: ContentKind[]) => {
    let query = db.selectFrom('contents').where('channel_id', '=', channelId);
    // Deleted contents are gone from the studio unless asked for by status.
    query = statuses?.length ? query.where('status', 'in', statuses) : query.where('status', '<>', 'DELETE');
    if (kinds?.length) query = query.where('kind', 'in', kinds);
    return query;
  };

  return {
    /**
     * Newest first by the date the list shows, id breaking ties (index contents_channel_newest,
     * migration 0011). One statement: the page's ids sought on the index, then only those rows read;
     * the total counted up to CONTENT_COUNT_CAP beside them.
     */
    async list(channelId: number, filters: { status?: ContentStatus[]; kind?: ContentKind[] }, page: number, size: number): Promise<Page<ContentSummary>> {
      const matching = filtered(channelId, filters.status, filters.kind);
      const keys = matching.select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(literalCount(size + 1)).offset(literalCount(page * size));
      const { rows, total } = await pageWithTotal(
        db,
        totalUpTo(db, matching.select('id'), CONTENT_COUNT_CAP),
        db.selectFrom(keys.as('k')).innerJoin('contents', 'contents.id', 'k.id').selectAll('contents'),
        [['created_at', 'desc'], ['id', 'desc']],
      );
      const content = rows.slice(0, size).map(toContentSummary);
      return { content, totalElements: total, number: page, size, numberOfElements: content.length, last: rows.length <= size };
    },

    /** One content of a channel, deleted ones included (the caller decides what they mean). */
    async find(channelId: number, contentId: number): Promise<ContentRow | undefined> {
      return db.selectFrom('contents').selectAll().where('id', '=', contentId).where('channel_id', '=', channelId).executeTakeFirst();
    },

    /** The status of one content of a channel, deleted ones included; undefined when there is none. */
    async status(channelId: number, contentId: number): Promise<ContentStatus | undefined> {
      const row = await db.selectFrom('contents').select(['status']).where('id', '=', contentId).where('channel_id', '=', channelId).executeTakeFirst();
      return row?.status;
    },

    async create(values: { channelId: number; authorId: number; kind: ContentKind; status: ContentStatus; title: string; body: string; at: Date }): Promise<ContentRow> {
      return createContentRow(db, values);
    },
  };
}

/**
 * A new content; `extra` carries the edited columns (images, link, reservation)
 * exactly as an update would write them.
 */
export async function createContentRow(
  db: Executor,
  values: { channelId: number; authorId: number | null; kind: ContentKind; status: ContentStatus; title: string; body: string; at: Date },
  extra: Omit<ContentPatch, 'id' | 'channel_id' | 'version'> = {},
): Promise<ContentRow> {
  return db
    .insertInto('contents')
    .values({
      channel_id: values.channelId,
      author_user_id: values.authorId,
      kind: values.kind,
      status: values.status,
      title: values.title,
      body: values.body,
      thumbnail_url: null,
      published_at: values.status === 'PUBLIC' || values.status === 'HIDDEN' ? values.at : null,
      created_at: values.at,
      updated_at: values.at,
      ...extra,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The replay content of a live (kind LIVE), deleted ones included. */
export async function findReplayContent(db: Executor, liveId: number): Promise<ContentRow | undefined> {
  return db.selectFrom('contents').selectAll().where('live_id', '=', liveId).executeTakeFirst();
}

/** The list's thumbnail: the cover image, or a post's first image. */
export function thumbnailOf(coverImage: ContentImage | null, images: ContentImage[]): string | null {
  return coverImage?.url ?? images[0]?.url ?? null;
}

/** The row, locked for the rest of the transaction, so checks and the write see the same state. */
export async function lockContent(trx: Transaction<Database>, contentId: number, channelId?: number): Promise<ContentRow | undefined> {
  let query = trx.selectFrom('contents').selectAll().where('id', '=', contentId);
  if (channelId !== undefined) query = query.where('channel_id', '=', channelId);
  return query.forUpdate().executeTakeFirst();
}

/** Writes a change and moves the version on by one. */
export async function updateContentRow(trx: Transaction<Database>, row: ContentRow, patch: ContentPatch, at: Date): Promise<ContentRow> {
  return trx
    .updateTable('contents')
    .set({ ...patch, version: row.version + 1, updated_at: at })
    .where('id', '=', row.id)
    .where('version', '=', row.version)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Uploaded images of a channel, in the order of `ids`; missing or foreign ids are left out. */
export async function findContentImages(db: Executor, channelId: number, ids: number[]): Promise<ContentImage[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('content_images')
    .select(['id', 'url', 'width', 'height'])
    .where('channel_id', '=', channelId)
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ id: row.id, url: row.url, width: row.width, height: row.height }] : [];
  });
}

export async function insertContentImage(
  db: Executor,
  values: { channelId: number; uploadedBy: number; url: string; width: number; height: number; at: Date },
): Promise<ContentImage> {
  return db
    .insertInto('content_images')
    .values({ channel_id: values.channelId, uploaded_by: values.uploadedBy, url: values.url, width: values.width, height: values.height, created_at: values.at })
    .returning(['id', 'url', 'width', 'height'])
    .executeTakeFirstOrThrow();
}

/** A content row; updated_at starts equal to created_at. */
export async function insertContent(
  db: Db,
  values: Omit<Insertable<Database['contents']>, 'created_at' | 'updated_at'> & { created_at: Date },
): Promise<number> {
  const row = await db
    .insertInto('contents')
    .values({ ...values, updated_at: values.created_at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Every pending reservation with its time (on the partial index of reserved rows), locked; rows a
 * reservation job holds right now are skipped: that job is deciding them.
 */
export async function lockPendingReservations(trx: Transaction<Database>): Promise<{ id: number; reservedAt: Date }[]> {
  const rows = await trx
    .selectFrom('contents')
    .select(['id', 'reserved_at'])
    .where('status', 'in', ['PUBLIC_RESERVATION', 'HIDDEN_RESERVATION'])
    .where('reserved_at', 'is not', null)
    .orderBy('reserved_at')
    .forUpdate()
    .skipLocked()
    .execute();
  return rows.flatMap((row) => (row.reserved_at ? [{ id: row.id, reservedAt: row.reserved_at }] : []));
}
