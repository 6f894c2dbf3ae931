import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NoticeIdParams, OperatorNotice, OperatorNoticeInput, OperatorNoticePage, OperatorNoticeQuery } from '@studio/contract/operator';
import { errorResponses, noContentResponses } from '@studio/contract/responses';
import { AppError } from '../../lib/errors';
import { requireUser } from '../../plugins/require-user';
import { operatorNoticeRepository, type NoticeValues } from '../notices/notice-repository';
import { operatorNoticeService } from './operator-notice-service';

const present = (notice: NoticeValues & { id: number }): OperatorNotice => ({ ...notice, publishedAt: notice.publishedAt.toISOString() });

/** Operator console: notices of both categories, bodies sanitised on the server. */
export async function operatorNoticeRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const notices = operatorNoticeRepository(app.db);
  const service = operatorNoticeService(app.db);
  const tags = ['operator'];

  app.get(
    '/operator/notices',
    { config: { access: 'operator' }, schema: { tags, summary: 'Every notice, scheduled ones too', querystring: OperatorNoticeQuery, response: { 200: OperatorNoticePage, ...errorResponses } } },
    async (request) => {
      const found = await notices.list(request.query.category, request.query.page, request.query.size);
      return { ...found, content: found.content.map((notice) => ({ ...notice, publishedAt: notice.publishedAt.toISOString() })) };
    },
  );

  app.get(
    '/operator/notices/:noticeId',
    { config: { access: 'operator' }, schema: { tags, params: NoticeIdParams, response: { 200: OperatorNotice, ...errorResponses } } },
    async (request) => {
      const notice = await notices.find(request.params.noticeId);
      if (!notice) throw new AppError('NOT_FOUND', undefined, { resource: 'notice' });
      return present(notice);
    },
  );

  app.post(
    '/operator/notices',
    {
      config: { access: 'operator' },
      schema: { tags, summary: 'Publish a notice (the body is sanitised by an allow-list)', body: OperatorNoticeInput, response: { 201: OperatorNotice, ...errorResponses } },
    },
    async (request, reply) => {
      const id = await service.create(requireUser(request).id, request.body, app.clock.now());
      const notice = await notices.find(id);
      if (!notice) throw new AppError('NOT_FOUND', undefined, { resource: 'notice' });
      return reply.status(201).send(present(notice));
    },
  );

  app.put(
    '/operator/notices/:noticeId',
    {
      config: { access: 'operator' },
      schema: { tags, summary: 'Edit a notice', params: NoticeIdParams, body: OperatorNoticeInput, response: { 200: OperatorNotice, ...errorResponses } },
    },
    async (request) => present(await service.update(requireUser(request).id, request.params.noticeId, request.body, app.clock.now())),
  );

  app.delete(
    '/operator/notices/:noticeId',
    { config: { access: 'operator' }, schema: { tags, summary: 'Delete a notice', params: NoticeIdParams, response: noContentResponses } },
    async (request, reply) => {
      await service.remove(requireUser(request).id, request.params.noticeId, app.clock.now());
      return reply.status(204).send(null);
    },
  );
}
