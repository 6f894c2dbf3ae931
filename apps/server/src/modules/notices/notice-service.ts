import type { NoticeCategory } from '@studio/contract/enums';
import { NOTICE_NEW_DAYS } from '@studio/contract/constants';
import { formatKstDate } from '@studio/contract/format';
import type { Notice, NoticeDetail } from '@studio/contract/notice';
import type { Page } from '@studio/contract/page';
import type { Db } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { plainTextToRichText, sanitizeRichText } from '../../lib/sanitize-html';
import { noticeRepository, type NoticeRecord } from './notice-repository';

/**
 * Stored sanitised by the operator console; sanitised again on the way out (so no row written by any
 * path is served unsafe), and a plain-text body (older rows, seeds) becomes paragraphs.
 */
const noticeBodyHtml = (body: string) => sanitizeRichText(/<[a-z!/]/i.test(body) ? body : plainTextToRichText(body));

/** `timeString` (a spec field) is the Korean date of `publishedAt`; a notice is new for three days. */
function present(record: NoticeRecord, now: Date): Notice {
  return {
    contentId: record.id,
    title: record.title,
    category: record.category,
    timeString: formatKstDate(record.publishedAt),
    publishedAt: record.publishedAt.toISOString(),
    isNew: now.getTime() - record.publishedAt.getTime() < NOTICE_NEW_DAYS * 86_400_000,
  };
}

/** The portal's published notices; scheduled ones stay hidden until their time. */
export function noticeService(db: Db) {
  const notices = noticeRepository(db);
  return {
    async list(categories: NoticeCategory[], page: number, size: number, now: Date): Promise<Page<Notice>> {
      const found = await notices.list(categories, page, size, now);
      return { ...found, content: found.content.map((record) => present(record, now)) };
    },

    /** One notice with its neighbours in the list's order. */
    async detail(id: number, now: Date): Promise<NoticeDetail> {
      const notice = await notices.find(id, now);
      if (!notice) throw notFound('notice');
      const { previous, next } = await notices.neighbours(notice, now);
      const link = (found: { id: number; title: string } | undefined) => (found ? { contentId: found.id, title: found.title } : null);
      return { ...present(notice, now), body: noticeBodyHtml(notice.body), previous: link(previous), next: link(next) };
    },
  };
}
