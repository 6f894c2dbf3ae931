import type { ContentSummary } from '@studio/contract/content';
import type { ContentKind, ContentStatus } from '@studio/contract/enums';
import { toPage, type Page } from '@studio/contract/page';
import type { Insertable } from 'kysely';
import type { Database, Db } from '../../db/schema';

export function contentRepository(db: Db) {
  const filtered = (channelId: number, statuses?: ContentStatus[], kinds?: ContentKind[]) => {
    let query = db.selectFrom('contents').where('channel_id', '=', channelId);
    if (statuses?.length) query = query.where('status', 'in', statuses);
    if (kinds?.length) query = query.where('kind', 'in', kinds);
    return query;
  };

  return {
    async list(channelId: number, filters: { status?: ContentStatus[]; kind?: ContentKind[] }, page: number, size: number): Promise<Page<ContentSummary>> {
      const [rows, total] = await Promise.all([
        filtered(channelId, filters.status, filters.kind)
          .select(['id', 'title', 'kind', 'status', 'view_count', 'thumbnail_url', 'created_at'])
          // Newest first by the date the list shows; id breaks ties (index contents_channel_newest).
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(size)
          .offset(page * size)
          .execute(),
        filtered(channelId, filters.status, filters.kind).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return toPage(
        rows.map((row) => ({
          id: row.id,
          title: row.title,
          kind: row.kind,
          status: row.status,
          viewCount: row.view_count,
          thumbnailUrl: row.thumbnail_url,
          createdAt: row.created_at.toISOString(),
        })),
        Number(total.count),
        page,
        size,
      );
    },
    async create(values: { channelId: number; authorId: number; kind: ContentKind; status: ContentStatus; title: string; body: string; at: Date }) {
      const row = await db
        .insertInto('contents')
        .values({
          channel_id: values.channelId,
          author_user_id: values.authorId,
          kind: values.kind,
          status: values.status,
          title: values.title,
          body: values.body,
          thumbnail_url: null,
          created_at: values.at,
          updated_at: values.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
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
