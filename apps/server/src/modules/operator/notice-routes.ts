import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NoticeIdParams, OperatorNotice, OperatorNoticeInput, OperatorNoticePage, OperatorNoticeQuery } from '@studio/contract/operator';
import { errorResponses, noContentResponses } from '@studio/contract/responses';
import { requireUser } from '../../plugins/require-user';
import { operatorNoticeService } from './operator-notice-service';

/** Operator console: notices of both categories, bodies sanitised on the server. */
export async function operatorNoticeRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = operatorNoticeService(app.db);
  const tags = ['operator'];

  app.get(
    '/operator/notices',
    { config: { access: 'operator' }, schema: { tags, summary: 'Every notice, scheduled ones too', querystring: OperatorNoticeQuery, response: { 200: OperatorNoticePage, ...errorResponses } } },
    async (request) => service.list(request.query.category, request.query.page, request.query.size),
  );

  app.get(
    '/operator/notices/:noticeId',
    { config: { access: 'operator' }, schema: { tags, params: NoticeIdParams, response: { 200: OperatorNotice, ...errorResponses } } },
    async (request) => service.get(request.params.noticeId),
  );

  app.post(
    '/operator/notices',
    {
      config: { access: 'operator' },
      schema: { tags, summary: 'Publish a notice (the body is sanitised by an allow-list)', body: OperatorNoticeInput, response: { 201: OperatorNotice, ...errorResponses } },
    },
    async (request, reply) => {
      const id = await service.create(requireUser(request).id, request.body, app.clock.now());
      return reply.status(201).send(await service.get(id));
    },
  );

  app.put(
    '/operator/notices/:noticeId',
    {
      config: { access: 'operator' },
      schema: { tags, summary: 'Edit a notice', params: NoticeIdParams, body: OperatorNoticeInput, response: { 200: OperatorNotice, ...errorResponses } },
    },
    async (request) => service.update(requireUser(request).id, request.params.noticeId, request.body, app.clock.now()),
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
