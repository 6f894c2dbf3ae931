import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NoticeDetail, NoticeListQuery, NoticePage } from '@studio/contract/notice';
import { ContentIdParams } from '@studio/contract/params';
import { errorResponses } from '@studio/contract/responses';
import { noticeService } from './notice-service';

/** The portal's notices, public like the rest of /external. */
export async function noticeRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const notices = noticeService(app.db);

  app.get('/notices', { schema: { tags: ['notices'], querystring: NoticeListQuery, response: { 200: NoticePage, ...errorResponses } } }, async (request) => {
    const { consumerCategory, page, size } = request.query;
    return notices.list(consumerCategory, page, size, app.clock.now());
  });

  app.get(
    '/notices/:contentId',
    { schema: { tags: ['notices'], params: ContentIdParams, response: { 200: NoticeDetail, ...errorResponses } } },
    async (request) => notices.detail(request.params.contentId, app.clock.now()),
  );
}
