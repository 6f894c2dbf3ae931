import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotificationListQuery, NotificationPage, UnreadCount } from '@studio/contract/notification';
import { pageNumber, pageSize } from '@studio/contract/page';
import { forbidden, notFound } from '../../lib/errors';
import { ChannelIdParams, channelAccess } from '../channels/channel-access';
import { requireUser } from '../../plugins/require-user';
import { notificationRepository } from './notification-repository';

const IdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export async function notificationRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const notifications = notificationRepository(app.db);

  app.get(
    '/my/notifications',
    { schema: { tags: ['notifications'], querystring: NotificationListQuery, response: { 200: NotificationPage } } },
    async (request) => {
      const { group, page, size } = request.query;
      return notifications.list(requireUser(request).id, group, page, size, app.clock.now());
    },
  );

  app.get(
    '/channels/:channelId/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "The signed-in person's notifications about one channel",
        params: ChannelIdParams,
        querystring: z.object({ page: pageNumber.default(0), size: pageSize(20) }),
        response: { 200: NotificationPage },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await channelAccess(app.db, request.params.channelId, user.id);
      return notifications.list(user.id, 'ALL', request.query.page, request.query.size, app.clock.now(), request.params.channelId);
    },
  );

  app.get('/my/notifications/unread', { schema: { tags: ['notifications'], response: { 200: UnreadCount } } }, async (request) => ({
    count: await notifications.unreadCount(requireUser(request).id),
  }));

  app.post(
    '/my/notifications/read/:id',
    { schema: { tags: ['notifications'], summary: 'Mark one notification read (repeating it is harmless)', params: IdParams } },
    async (request, reply) => {
      const result = await notifications.markRead(requireUser(request).id, request.params.id);
      if (result === 'missing') throw notFound('notification');
      if (result === 'foreign') throw forbidden();
      return reply.status(204).send();
    },
  );

  app.post('/my/notifications/read', { schema: { tags: ['notifications'], summary: 'Mark every notification read' } }, async (request, reply) => {
    await notifications.markAllRead(requireUser(request).id);
    return reply.status(204).send();
  });
}
