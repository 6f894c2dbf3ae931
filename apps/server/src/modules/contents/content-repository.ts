import { CONTENT_COUNT_CAP, encodeContentCursor, type ContentCursor, type ContentDetail, type ContentImage, type ContentPage, type ContentSort, type ContentSummary } from '@studio/contract/content';
import type { ContentKind, ContentStatus, ProcessingStatus } from '@studio/contract/enums';
import { sql, type Insertable, type OrderByDirection, type Selectable, type Transaction, type Updateable } from 'kysely';
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

/** What narrows a channel's contents list (issue 25, point 2). */
export type ContentListFilters = { status?: ContentStatus[]; kind?: ContentKind[]; q?: string; from?: string; to?: string };
/** Which page: the sort, at most one cursor (after = forwards, before = backwards), the size. */
export type ContentListSlice = { sort: ContentSort; after?: ContentCursor; before?: ContentCursor; page: number; size: number };

/**
 * Each sort's key, ties broken by id in the same direction: NEWEST and OLDEST walk
 * contents_channel_newest (migration 0011) one way or the other, MOST_VIEWED walks
 * contents_channel_views (migration 0025).
 */
const SORT_KEYS = {
  NEWEST: { column: 'created_at', direction: 'desc' },
  OLDEST: { column: 'created_at', direction: 'asc' },
  MOST_VIEWED: { column: 'view_count', direction: 'desc' },
} as const satisfies Record<ContentSort, { column: 'created_at' | 'view_count'; direction: OrderByDirection }>;

/** `%`, `_` and the escape itself match only themselves in a title search. */
function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (found) => `\\${found}`)}%`;
}

/** The sort value a cursor carries, as text PostgreSQL reads back exactly (a date to the microsecond). */
const cursorValueOf = (column: 'created_at' | 'view_count') =>
  column === 'created_at' ? sql<string>`to_char(contents.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` : sql<string>`contents.view_count::text`;

export function contentRepository(db: Db) {
  const filtered = (channelId: number, filters: ContentListFilters) => {
    let query = db.selectFrom('contents').where('channel_id', '=', channelId);
    // Deleted contents are gone from the studio unless asked for by status.
    query = filters.status?.length ? query.where('status', 'in', filters.status) : query.where('status', '<>', 'DELETE');
    if (filters.kind?.length) query = query.where('kind', 'in', filters.kind);
    if (filters.q) query = query.where('title', 'ilike', likeContaining(filters.q));
    if (filters.from) query = query.where('created_at', '>=', new Date(filters.from));
    if (filters.to) query = query.where('created_at', '<', new Date(filters.to));
    return query;
  };

  return {
    /**
     * One page in the slice's sort, keyset-paged: the rows strictly after (or, going back, before)
     * the cursor's (value, id) on the sort's index, so any depth costs what the first page does.
     * One statement: the page's ids sought on the index, then only those rows read; the total counted
     * up to CONTENT_COUNT_CAP beside them.
     */
    async list(channelId: number, filters: ContentListFilters, slice: ContentListSlice): Promise<ContentPage> {
      const { column, direction } = SORT_KEYS[slice.sort];
      const backwards = slice.before !== undefined;
      const anchor = slice.before ?? slice.after;
      const reading: OrderByDirection = backwards ? (direction === 'desc' ? 'asc' : 'desc') : direction;
      const matching = filtered(channelId, filters);
      let keys = matching.select('id').orderBy(column, reading).orderBy('id', reading).limit(literalCount(slice.size + 1));
      if (anchor) {
        const value = column === 'created_at' ? sql`${anchor.value}::timestamptz` : sql`${anchor.value}::bigint`;
        keys = keys.where(sql<boolean>`(${sql.ref(column)}, id) ${sql.raw(reading === 'desc' ? '<' : '>')} (${value}, ${anchor.id}::bigint)`);
      }
      const { rows, total } = await pageWithTotal(
        db,
        totalUpTo(db, matching.select('id'), CONTENT_COUNT_CAP),
        db.selectFrom(keys.as('k')).innerJoin('contents', 'contents.id', 'k.id').selectAll('contents').select(cursorValueOf(column).as('sort_value')),
        [[column, reading], ['id', reading]],
        // A rare word is best found on the trigram index, a common one by walking the sort's index:
        // a search is planned with its word every time, never with one generic plan (decision 054).
        { plannedEachTime: filters.q !== undefined && filters.q !== '' },
      );
      const more = rows.length > slice.size;
      const shown = rows.slice(0, slice.size);
      if (backwards) shown.reverse();
      const cursorAt = (row: (typeof rows)[number] | undefined) => (row ? encodeContentCursor({ sort: slice.sort, value: row.sort_value, id: row.id }) : null);
      // Forwards, there is a next page when a row more came back, and a previous one whenever we came
      // from a cursor; backwards, the other way round.
      const nextCursor = backwards ? cursorAt(shown.at(-1)) : more ? cursorAt(shown.at(-1)) : null;
      const prevCursor = backwards ? (more ? cursorAt(shown[0]) : null) : anchor ? cursorAt(shown[0]) : null;
      const content = shown.map(toContentSummary);
      return { content, totalElements: total, number: slice.page, size: slice.size, numberOfElements: content.length, last: nextCursor === null, nextCursor, prevCursor };
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
/** The processing status of the loop a SHORTS content was published from (its latest upload), if any. */
export async function findLoopStatusOfContent(db: Executor, contentId: number): Promise<ProcessingStatus | null | undefined> {
  const row = await db.selectFrom('loops').select('status').where('content_id', '=', contentId).orderBy('updated_at', 'desc').limit(1).executeTakeFirst();
  return row?.status;
}

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

/**
 * Rewrites which uploaded images a content uses: the images of `ids` (its cover, a post's images) and
 * of `urls` (addresses its body or its thumbnail names), of any channel, replace its uses, in one
 * statement of the save's transaction. Answers the ids it recorded: an image deleted meanwhile is not
 * among them (the caller decides whether that is a refusal).
 *
 * The rows are read FOR KEY SHARE, in id order, before a use is written: a delete releasing one of them
 * holds it FOR UPDATE (releaseUnusedImages), so either this save waits and then skips the image the
 * delete removed, or the delete waits for this save and finds the image used. The use's foreign key
 * takes the same lock; reading the rows locked first is what lets a vanished image be skipped instead
 * of failing the save on the key.
 */
export async function recordImageUses(trx: Transaction<Database>, contentId: number, images: { ids: number[]; urls: string[] }): Promise<Set<number>> {
  const { rows } = await sql<{ id: number }>`
    WITH used AS (
      SELECT id FROM content_images
      WHERE id = ANY(${images.ids}::bigint[]) OR url = ANY(${images.urls}::text[])
      ORDER BY id
      FOR KEY SHARE
    ), dropped AS (
      DELETE FROM content_image_uses u WHERE u.content_id = ${contentId} AND u.image_id NOT IN (SELECT id FROM used)
    ), added AS (
      INSERT INTO content_image_uses (content_id, image_id) SELECT ${contentId}, id FROM used ON CONFLICT DO NOTHING
    )
    SELECT id FROM used`.execute(trx);
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * A deleted content's uses are dropped, and the images it used that no content uses any more are
 * deleted: the names of their files (media kind `images`) are answered, for the caller to queue their
 * removal in the same transaction.
 * The images are locked FOR UPDATE (in id order, so two deletes sharing images take turns) before they
 * are judged: a save taking one up holds it FOR KEY SHARE, so it either finished before (its use is
 * seen by the next statement, which reads afresh) or waits until this delete commits and skips it.
 */
export async function releaseUnusedImages(trx: Transaction<Database>, contentId: number): Promise<string[]> {
  const used = (await trx.deleteFrom('content_image_uses').where('content_id', '=', contentId).returning('image_id').execute()).map((row) => row.image_id);
  if (used.length === 0) return [];
  await trx.selectFrom('content_images').select('id').where('id', 'in', used).orderBy('id').forUpdate().execute();
  const { rows } = await sql<{ url: string }>`
    DELETE FROM content_images i
    WHERE i.id = ANY(${used}::bigint[]) AND NOT EXISTS (SELECT 1 FROM content_image_uses u WHERE u.image_id = i.id)
    RETURNING i.url`.execute(trx);
  return rows.flatMap((row) => {
    const name = /^\/media\/images\/([^/]+)$/.exec(row.url)?.[1];
    return name ? [name] : [];
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
