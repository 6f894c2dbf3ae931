import type { NoticeCategory } from '@studio/contract/enums';
import type { OperatorNotice, OperatorNoticeInput } from '@studio/contract/operator';
import type { Page } from '@studio/contract/page';
import type { Db } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { richTextHasContent, sanitizeRichText } from '../../lib/sanitize-html';
import { deleteNotice, insertNotice, lockNotice, operatorNoticeRepository, updateNotice, type NoticeValues } from '../notices/notice-repository';
import { recordOperatorAction } from './audit-repository';

/** The body as stored: sanitised by the allow-list; a body with nothing left is a 400, not an empty notice. */
function cleanValues(input: OperatorNoticeInput, now: Date): NoticeValues {
  const body = sanitizeRichText(input.body);
  if (!richTextHasContent(body)) {
    throw new AppError('VALIDATION_FAILED', undefined, { issues: [{ field: 'body', message: 'nothing is left once unsafe markup is removed' }] });
  }
  return { category: input.category, title: input.title, body, publishedAt: input.publishedAt ? new Date(input.publishedAt) : now };
}

const snapshot = (notice: NoticeValues) => ({
  category: notice.category,
  title: notice.title,
  body: notice.body,
  publishedAt: notice.publishedAt.toISOString(),
});

const present = (notice: NoticeValues & { id: number }): OperatorNotice => ({ ...notice, publishedAt: notice.publishedAt.toISOString() });

/** Notices written by operators, each change with its audit row in one transaction. */
export function operatorNoticeService(db: Db) {
  const notices = operatorNoticeRepository(db);
  return {
    /** Every notice of the category (or of both), scheduled ones too, without their bodies. */
    async list(category: NoticeCategory | undefined, page: number, size: number): Promise<Page<Omit<OperatorNotice, 'body'>>> {
      const found = await notices.list(category, page, size);
      return { ...found, content: found.content.map((notice) => ({ ...notice, publishedAt: notice.publishedAt.toISOString() })) };
    },

    async get(id: number): Promise<OperatorNotice> {
      const notice = await notices.find(id);
      if (!notice) throw new AppError('NOT_FOUND', undefined, { resource: 'notice' });
      return present(notice);
    },

    async create(operatorId: number, input: OperatorNoticeInput, now: Date): Promise<number> {
      const values = cleanValues(input, now);
      return db.transaction().execute(async (trx) => {
        const id = await insertNotice(trx, { category: values.category, title: values.title, body: values.body, published_at: values.publishedAt });
        await recordOperatorAction(trx, { operatorId, action: 'NOTICE_CREATE', objectType: 'NOTICE', objectId: id, before: null, after: snapshot(values), at: now });
        return id;
      });
    },

    /** Saving what is already there changes nothing and is not logged. */
    async update(operatorId: number, id: number, input: OperatorNoticeInput, now: Date): Promise<OperatorNotice> {
      const values = cleanValues(input, now);
      const saved = await db.transaction().execute(async (trx) => {
        const current = await lockNotice(trx, id);
        if (!current) throw new AppError('NOT_FOUND', undefined, { resource: 'notice' });
        // Without a new time the notice keeps its own (editing does not republish it).
        const next = { ...values, publishedAt: input.publishedAt ? values.publishedAt : current.publishedAt };
        if (JSON.stringify(snapshot(current)) === JSON.stringify(snapshot(next))) return current;
        const updated = await updateNotice(trx, id, next);
        await recordOperatorAction(trx, { operatorId, action: 'NOTICE_UPDATE', objectType: 'NOTICE', objectId: id, before: snapshot(current), after: snapshot(updated), at: now });
        return updated;
      });
      return present(saved);
    },

    /** Deleting twice answers 404 the second time, and logs once. */
    async remove(operatorId: number, id: number, now: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const deleted = await deleteNotice(trx, id);
        if (!deleted) throw new AppError('NOT_FOUND', undefined, { resource: 'notice' });
        await recordOperatorAction(trx, { operatorId, action: 'NOTICE_DELETE', objectType: 'NOTICE', objectId: id, before: snapshot(deleted), after: null, at: now });
      });
    },
  };
}
