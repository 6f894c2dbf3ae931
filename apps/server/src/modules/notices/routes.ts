import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NOTICE_NEW_DAYS } from '@studio/contract/constants';
import { formatKstDate } from '@studio/contract/format';
import { type Notice, NoticeDetail, NoticeListQuery, NoticePage } from '@studio/contract/notice';
import { ContentIdParams } from '@studio/contract/params';
import { errorResponses } from '@studio/contract/responses';
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

/** The portal's notices, public like the rest of /external. */
export async function noticeRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const notices = noticeRepository(app.db);

  app.get('/notices', { schema: { tags: ['notices'], querystring: NoticeListQuery, response: { 200: NoticePage, ...errorResponses } } }, async (request) => {
    const { consumerCategory, page, size } = request.query;
    const now = app.clock.now();
    const found = await notices.list(consumerCategory, page, size, now);
    return { ...found, content: found.content.map((record) => present(record, now)) };
  });

  app.get(
    '/notices/:contentId',
    { schema: { tags: ['notices'], params: ContentIdParams, response: { 200: NoticeDetail, ...errorResponses } } },
    async (request) => {
      const now = app.clock.now();
      const notice = await notices.find(request.params.contentId, now);
      if (!notice) throw notFound('notice');
      const { previous, next } = await notices.neighbours(notice, now);
      const link = (found: { id: number; title: string } | undefined) => (found ? { contentId: found.id, title: found.title } : null);
      return { ...present(notice, now), body: noticeBodyHtml(notice.body), previous: link(previous), next: link(next) };
    },
  );
}
