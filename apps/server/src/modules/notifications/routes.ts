import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ChannelNotificationQuery, NotificationListQuery, NotificationPage, UnreadCount } from '@studio/contract/notification';
import { NotificationPreferences } from '@studio/contract/notification-preferences';
import { ChannelIdParams, IdParams } from '@studio/contract/params';
import { errorResponses, noContentResponses } from '@studio/contract/responses';
import { z } from 'zod';
import { formatTimeString } from '@studio/contract/format';
import type { Page } from '@studio/contract/page';
import { isSharedValue, share } from '../../lib/read-cache';
import { requireChannel, requireUser } from '../../plugins/require-user';
import { present } from './notification-hub';
import type { NotificationRecord } from './notification-repository';
import { notificationPreferenceService } from './notification-preference-service';
import { notificationService } from './notification-service';

/** The instant leaves as ISO; `timeString` (a spec field) is its Korean relative text at answer time. */
function presentPage<P extends Page<NotificationRecord>>(page: P, now: Date) {
  return { ...page, content: page.content.map((record) => present(record, now)) };
}

/**
 * A kept page is presented again only when one of its time strings would now read differently ("1분 전"
 * becomes "2분 전"): until then the presented page is the same object, shared like the page it was made
 * of, so its reply is written once too (lib/fast-serializer.ts).
 */
const presented = new WeakMap<object, unknown>();
function presentKept<P extends Page<NotificationRecord>>(page: P, now: Date) {
  if (!isSharedValue(page)) return presentPage(page, now);
  const last = presented.get(page) as ReturnType<typeof presentPage<P>> | undefined;
  if (last && page.content.every((record, index) => last.content[index]?.timeString === formatTimeString(record.createdAt, now))) return last;
  const fresh = share(presentPage(page, now));
  presented.set(page, fresh);
  return fresh;
}

type NotificationListPage = Awaited<ReturnType<ReturnType<typeof notificationService>['list']>>;

/** A page of notifications is read from the person's notifications and the channels it names. */
const scopesOf = (userId: number) => (page: Page<NotificationRecord>) => [`n:${userId}`, ...page.content.flatMap((record) => (record.channelId === null ? [] : [`c:${record.channelId}`]))];

/** EventSource sends back the last `id:` it saw; anything else is ignored (a fresh stream). */
function lastEventIdOf(header: string | string[] | undefined): number | undefined {
  return typeof header === 'string' && /^[1-9][0-9]{0,15}$/.test(header) && Number.isSafeInteger(Number(header)) ? Number(header) : undefined;
}

export async function notificationRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const notifications = notificationService(app.db);
  const preferences = notificationPreferenceService(app.db);
  const tags = ['notifications'];

  app.get(
    '/my/notifications/preferences',
    {
      config: { access: 'session' },
      schema: { tags, summary: 'Which notification groups the person receives (ALL, ADMIN, CHANNEL)', response: { 200: NotificationPreferences, ...errorResponses } },
    },
    async (request) => preferences.get(requireUser(request).id),
  );

  app.put(
    '/my/notifications/preferences',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Sets every notification group on or off; a notification is written only when ALL and its own group are on',
        body: NotificationPreferences,
        response: { 200: NotificationPreferences, ...errorResponses },
      },
    },
    async (request) => preferences.save(requireUser(request).id, request.body, app.clock.now()),
  );

  app.get(
    '/my/notifications',
    { config: { access: 'session' }, schema: { tags, querystring: NotificationListQuery, response: { 200: NotificationPage, ...errorResponses } } },
    async (request) => {
      const { group, page, size, cursor } = request.query;
      const { id } = requireUser(request);
      const keyOf = (page: number) => `notifications:${id}:${group}:${page}:${size}:${cursor ?? ''}`;
      // Paging on by number: where the page before ended (kept, and so unchanged since) is where this
      // one starts, sought on the index (keyset) instead of walked past (OFFSET).
      const before = page > 0 && cursor === undefined ? app.readCache.peek<NotificationListPage>(keyOf(page - 1)) : undefined;
      const from = before && !before.last && before.nextCursor !== null ? before.nextCursor : cursor;
      const found = await app.readCache.read(keyOf(page), id, () => notifications.list(id, group, { page, size, cursor: from }), scopesOf(id));
      return presentKept(found, app.clock.now());
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
      const { page, size, cursor } = request.query;
      const found = await app.readCache.read(
        `channel-notifications:${user.id}:${channel.id}:${page}:${size}:${cursor ?? ''}`,
        user.id,
        () => notifications.list(user.id, 'ALL', { page, size, cursor }, channel.id),
        scopesOf(user.id),
      );
      return presentKept(found, app.clock.now());
    },
  );

  app.get(
    '/my/notifications/unread',
    { config: { access: 'session' }, schema: { tags, response: { 200: UnreadCount, ...errorResponses } } },
    async (request) => {
      const { id } = requireUser(request);
      return { count: await app.unreadCounts.of(id) };
    },
  );

  app.get(
    '/my/notifications/stream',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Server-Sent Events: new notifications and unread-count changes as they happen',
        description:
          '`text/event-stream`. `event: unread` carries `{count}` (also first, on connect); `event: notification` carries a Notification ' +
          'with `id:` its id; `: heartbeat` comments keep proxies open. A reconnect with `Last-Event-ID` first receives what it missed ' +
          '(at most 50). Ends when the session is signed out, and every 15 minutes (the browser reconnects).',
        response: { 200: z.string().describe('text/event-stream'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.hijack();
      await app.notificationHub.open(reply, user, lastEventIdOf(request.headers['last-event-id']));
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
      await notifications.markRead(id, request.params.id, app.clock.now());
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/my/notifications/read',
    { config: { access: 'session' }, schema: { tags, summary: 'Mark every notification read', response: noContentResponses } },
    async (request, reply) => {
      const { id } = requireUser(request);
      await notifications.markAllRead(id, app.clock.now());
      return reply.status(204).send(null);
    },
  );
}
