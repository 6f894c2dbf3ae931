import type { NoticeCategory } from '@studio/contract/enums';
import { toPage, type Page } from '@studio/contract/page';
import type { Insertable } from 'kysely';
import type { Database, Db } from '../../db/schema';

export type NoticeRecord = { id: number; category: NoticeCategory; title: string; publishedAt: Date };

export function noticeRepository(db: Db) {
  const published = (categories: NoticeCategory[], now: Date) =>
    db.selectFrom('notices').where('category', 'in', categories).where('published_at', '<=', now);

  return {
    /** Newest first; scheduled notices stay hidden until their time. */
    async list(categories: NoticeCategory[], page: number, size: number, now: Date): Promise<Page<NoticeRecord>> {
      const [rows, total] = await Promise.all([
        published(categories, now)
          .select(['id', 'category', 'title', 'published_at as publishedAt'])
          .orderBy('published_at', 'desc')
          .orderBy('id', 'desc')
          .limit(size)
          .offset(page * size)
          .execute(),
        published(categories, now).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return toPage(rows, Number(total.count), page, size);
    },
    async find(id: number, now: Date): Promise<(NoticeRecord & { body: string }) | undefined> {
      return db
        .selectFrom('notices')
        .select(['id', 'category', 'title', 'body', 'published_at as publishedAt'])
        .where('id', '=', id)
        .where('published_at', '<=', now)
        .executeTakeFirst();
    },
  };
}

/** A notice row as given: notices are written by operators outside the studio, so only seeds and tests write them here. */
export async function insertNotice(db: Db, values: Insertable<Database['notices']>): Promise<number> {
  const row = await db.insertInto('notices').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
