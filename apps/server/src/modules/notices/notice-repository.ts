import type { Notice, NoticeDetail } from '@studio/contract/notice';
import { NOTICE_NEW_DAYS } from '@studio/contract/constants';
import type { NoticeCategory } from '@studio/contract/enums';
import { formatKstDate } from '@studio/contract/format';
import { toPage, type Page } from '@studio/contract/page';
import type { Db } from '../../db/schema';

type NoticeRow = { id: number; category: NoticeCategory; title: string; published_at: Date };

const toNotice = (row: NoticeRow, now: Date): Notice => ({
  contentId: row.id,
  title: row.title,
  category: row.category,
  timeString: formatKstDate(row.published_at),
  publishedAt: row.published_at.toISOString(),
  isNew: now.getTime() - row.published_at.getTime() < NOTICE_NEW_DAYS * 86_400_000,
});

export function noticeRepository(db: Db) {
  const published = (categories: NoticeCategory[], now: Date) =>
    db.selectFrom('notices').where('category', 'in', categories).where('published_at', '<=', now);

  return {
    /** Newest first; scheduled notices stay hidden until their time. */
    async list(categories: NoticeCategory[], page: number, size: number, now: Date): Promise<Page<Notice>> {
      const [rows, total] = await Promise.all([
        published(categories, now)
          .select(['id', 'category', 'title', 'published_at'])
          .orderBy('published_at', 'desc')
          .orderBy('id', 'desc')
          .limit(size)
          .offset(page * size)
          .execute(),
        published(categories, now).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return toPage(
        rows.map((row) => toNotice(row, now)),
        Number(total.count),
        page,
        size,
      );
    },
    async find(id: number, now: Date): Promise<NoticeDetail | undefined> {
      const row = await db
        .selectFrom('notices')
        .select(['id', 'category', 'title', 'body', 'published_at'])
        .where('id', '=', id)
        .where('published_at', '<=', now)
        .executeTakeFirst();
      return row ? { ...toNotice(row, now), body: row.body } : undefined;
    },
  };
}
