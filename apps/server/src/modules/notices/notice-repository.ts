import { NoticeCategory } from '@studio/contract/enums';

const NoticeCategoryValues = NoticeCategory.options;
import { NOTICE_COUNT_CAP } from '@studio/contract/notice';
import { toPage, type Page } from '@studio/contract/page';
import { sql, type Insertable, type Transaction } from 'kysely';
import { literalCount } from '../../db/literal';
import { pageWithTotal, totalUpTo } from '../../db/paged';
import type { Database, Db } from '../../db/schema';

export type NoticeRecord = { id: number; category: NoticeCategory; title: string; publishedAt: Date };

export function noticeRepository(db: Db) {
  const published = (categories: NoticeCategory[], now: Date) =>
    db.selectFrom('notices').where('category', 'in', categories).where('published_at', '<=', now);

  return {
    /**
     * Newest first; scheduled notices stay hidden until their time. One statement (the header's
     * dropdown asks on every page load): the page's ids sought on the (category, published_at, id)
     * index, then only those rows read, the total counted up to NOTICE_COUNT_CAP beside them.
     */
    async list(categories: NoticeCategory[], page: number, size: number, now: Date): Promise<Page<NoticeRecord>> {
      const keys = published(categories, now).select('id').orderBy('published_at', 'desc').orderBy('id', 'desc').limit(literalCount(size + 1)).offset(literalCount(page * size));
      const { rows, total } = await pageWithTotal(
        db,
        totalUpTo(db, published(categories, now).select('id'), NOTICE_COUNT_CAP),
        db.selectFrom(keys.as('k')).innerJoin('notices', 'notices.id', 'k.id').select(['notices.id', 'notices.category', 'notices.title', 'notices.published_at as publishedAt']),
        [['publishedAt', 'desc'], ['id', 'desc']],
      );
      const content = rows.slice(0, size);
      return { content, totalElements: total, number: page, size, numberOfElements: content.length, last: rows.length <= size };
    },
    /** The published notices just older and just newer than one, in the list's order (published, then id). */
    async neighbours(notice: { id: number; publishedAt: Date }, now: Date): Promise<{ previous: { id: number; title: string } | undefined; next: { id: number; title: string } | undefined }> {
      const all = NoticeCategoryValues;
      const [previous, next] = await Promise.all([
        published(all, now)
          .select(['id', 'title'])
          .where(sql<boolean>`(published_at, id) < (${notice.publishedAt}, ${notice.id})`)
          .orderBy('published_at', 'desc')
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst(),
        published(all, now)
          .select(['id', 'title'])
          .where(sql<boolean>`(published_at, id) > (${notice.publishedAt}, ${notice.id})`)
          .orderBy('published_at', 'asc')
          .orderBy('id', 'asc')
          .limit(1)
          .executeTakeFirst(),
      ]);
      return { previous, next };
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

type Executor = Db | Transaction<Database>;

/** A notice row as given: its body must already be sanitised rich text (the operator service, seeds and tests write here). */
export async function insertNotice(db: Executor, values: Insertable<Database['notices']>): Promise<number> {
  const row = await db.insertInto('notices').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export type NoticeValues = { category: NoticeCategory; title: string; body: string; publishedAt: Date };
type StoredNotice = NoticeValues & { id: number };

const noticeColumns = ['id', 'category', 'title', 'body', 'published_at as publishedAt'] as const;

/** Every notice, scheduled ones too, for the operator console. */
export function operatorNoticeRepository(db: Db) {
  const filtered = (category?: NoticeCategory) => (category === undefined ? db.selectFrom('notices') : db.selectFrom('notices').where('category', '=', category));
  return {
    async list(category: NoticeCategory | undefined, page: number, size: number): Promise<Page<Omit<StoredNotice, 'body'>>> {
      const [rows, total] = await Promise.all([
        filtered(category)
          .select(['id', 'category', 'title', 'published_at as publishedAt'])
          .orderBy('published_at', 'desc')
          .orderBy('id', 'desc')
          .limit(size)
          .offset(page * size)
          .execute(),
        filtered(category).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return toPage(rows, Number(total.count), page, size);
    },
    async find(id: number): Promise<StoredNotice | undefined> {
      return db.selectFrom('notices').select(noticeColumns).where('id', '=', id).executeTakeFirst();
    },
  };
}

export async function lockNotice(trx: Transaction<Database>, id: number): Promise<StoredNotice | undefined> {
  return trx.selectFrom('notices').select(noticeColumns).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateNotice(trx: Transaction<Database>, id: number, values: NoticeValues): Promise<StoredNotice> {
  return trx
    .updateTable('notices')
    .set({ category: values.category, title: values.title, body: values.body, published_at: values.publishedAt })
    .where('id', '=', id)
    .returning(noticeColumns)
    .executeTakeFirstOrThrow();
}

/** The deleted notice, or nothing when it was already gone. */
export async function deleteNotice(trx: Transaction<Database>, id: number): Promise<StoredNotice | undefined> {
  return trx.deleteFrom('notices').where('id', '=', id).returning(noticeColumns).executeTakeFirst();
}
