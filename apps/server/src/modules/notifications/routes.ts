import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ChannelNotificationQuery, NotificationListQuery, NotificationPage, UnreadCount } from '@studio/contract/notification';
import { ChannelIdParams, IdParams } from '@studio/contract/params';
import { errorResponses, noContentResponses } from '@studio/contract/responses';
import { formatTimeString } from '@studio/contract/format';
import type { Notification } from '@studio/contract/notification';
import type { Page } from '@studio/contract/page';
import { forbidden, notFound } from '../../lib/errors';
import { requireChannel, requireUser } from '../../plugins/require-user';
import { notificationRepository, type NotificationRecord } from './notification-repository';

/** The instant leaves as ISO; `timeString` (a spec field) is its Korean relative text at answer time. */
function present(page: Page<NotificationRecord>, now: Date): Page<Notification> {
  return {
    ...page,
    content: page.content.map(({ createdAt, ...rest }) => ({ ...rest, createdAt: createdAt.toISOString(), timeString: formatTimeString(createdAt, now) })),
  };
}

export async function notificationRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const notifications = notificationRepository(app.db);
  const tags = ['notifications'];

  app.get(
    '/my/notifications',
    { config: { access: 'session' }, schema: { tags, querystring: NotificationListQuery, response: { 200: NotificationPage, ...errorResponses } } },
    async (request) => {
      const { group, page, size } = request.query;
      return present(await notifications.list(requireUser(request).id, group, page, size), app.clock.now());
    },
  );

  app.get(
    '/channels/:channelId/notifications',
    {
      config: { access: 'channel:member' },
      schema: {
        tags,
        summary: "The signed-in person's notifications about one channel",
        params: ChannelIdParams,
        querystring: ChannelNotificationQuery,
        response: { 200: NotificationPage, ...errorResponses },
      },
    },
    async (request) => {
      const { channel, user } = requireChannel(request);
      return present(await notifications.list(user.id, 'ALL', request.query.page, request.query.size, channel.id), app.clock.now());
    },
  );

  app.get(
    '/my/notifications/unread',
    { config: { access: 'session' }, schema: { tags, response: { 200: UnreadCount, ...errorResponses } } },
    async (request) => {
      const { id } = requireUser(request);
      return { count: await app.sessions.unreadCount(id, () => notifications.unreadCount(id)) };
    },
  );

  app.post(
    '/my/notifications/read/:id',
    {
      config: { access: 'self' },
      schema: { tags, summary: 'Mark one notification read (repeating it is harmless)', params: IdParams, response: noContentResponses },
    },
    async (request, reply) => {
      const { id } = requireUser(request);
      const result = await notifications.markRead(id, request.params.id, app.clock.now());
      app.sessions.forgetUnread(id);
      if (result === 'missing') throw notFound('notification');
      if (result === 'foreign') throw forbidden();
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/my/notifications/read',
    { config: { access: 'session' }, schema: { tags, summary: 'Mark every notification read', response: noContentResponses } },
    async (request, reply) => {
      const { id } = requireUser(request);
      await notifications.markAllRead(id, app.clock.now());
      app.sessions.forgetUnread(id);
      return reply.status(204).send(null);
    },
  );
}
