import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { formatTimeString } from '@studio/contract/format';
import type { Notification } from '@studio/contract/notification';
import { SESSION_REVOKED_CHANNEL } from '../../plugins/session';
import type { SessionUser } from '../../types';
import { NEW_NOTIFICATION_CHANNEL } from './notification-producer';
import { notificationRepository, type NotificationRecord } from './notification-repository';
import { UNREAD_COUNT_CHANNEL } from './unread-counts';

export type HubOptions = {
  /** A comment line this often keeps proxies (idle timeouts of 30–60 s are common) from cutting the stream. */
  heartbeatMs?: number;
  /** A stream ends after this long and the browser reconnects, so its session is checked again. */
  maxStreamMs?: number;
};

/** At most this many open streams per person (tabs); past it the oldest ends. */
const STREAMS_PER_USER = 10;
/** A reconnect is sent at most this many missed notifications; the lists are refetched anyway. */
const CATCH_UP_LIMIT = 50;
/** A client that reads nothing while this much waits for it is cut off rather than buffered for. */
const MAX_BUFFERED_BYTES = 256 * 1024;

type Stream = { user: SessionUser; lastId: number; res: ServerResponse; timer: ReturnType<typeof setTimeout> };

export const present = (record: NotificationRecord, now: Date): Notification => ({
  ...record,
  createdAt: record.createdAt.toISOString(),
  timeString: formatTimeString(record.createdAt, now),
});

const frame = (event: string, data: unknown, id?: number) => `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Real-time notifications over Server-Sent Events. Each instance fans what
 * PostgreSQL announces (a new notification, an unread count that changed, a
 * session revoked; heard through plugins/announcements.ts) out to the streams
 * open on it, so it works with any number of instances on one database. An idle
 * stream costs no query: only an announcement for its person reads a row, once
 * for all of that person's streams here.
 */
export const notificationHubPlugin = fp(async (app: FastifyInstance, options: HubOptions) => {
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const maxStreamMs = options.maxStreamMs ?? 15 * 60_000;
  const notifications = notificationRepository(app.db);
  const byUser = new Map<number, Set<Stream>>();
  let closing = false;
  let listening = false;
  let everLost = false;

  const end = (stream: Stream) => {
    clearTimeout(stream.timer);
    const set = byUser.get(stream.user.id);
    set?.delete(stream);
    if (set?.size === 0) byUser.delete(stream.user.id);
    if (!stream.res.writableEnded) stream.res.end();
  };

  const send = (stream: Stream, chunk: string) => {
    if (stream.res.writableEnded || stream.res.destroyed) return end(stream);
    if (stream.res.writableLength > MAX_BUFFERED_BYTES) return end(stream);
    stream.res.write(chunk);
  };

  const sendNotifications = (stream: Stream, records: NotificationRecord[]) => {
    const now = app.clock.now();
    for (const record of records) {
      if (record.id <= stream.lastId) continue;
      stream.lastId = record.id;
      send(stream, frame('notification', present(record, now), record.id));
    }
  };

  const announced = async (userId: number, id: number) => {
    if (!byUser.has(userId)) return;
    const record = await notifications.findOwn(userId, id);
    if (!record) return;
    for (const stream of byUser.get(userId) ?? []) sendNotifications(stream, [record]);
  };

  /** After the listener was lost, announcements may have been missed: every stream catches up. */
  const catchUpAll = async () => {
    for (const [userId, streams] of byUser) {
      const count = await notifications.unreadCount(userId);
      const from = Math.min(...[...streams].map((stream) => stream.lastId));
      const missed = await notifications.after(userId, from, CATCH_UP_LIMIT);
      for (const stream of streams) {
        send(stream, frame('unread', { count }));
        sendNotifications(stream, missed);
      }
    }
  };

  const fail = (error: unknown) => app.log.warn({ err: error }, 'notification stream delivery failed');

  // The streams of a person told of a change ask for their lists at once: this instance's kept pages of
  // that person go first (the read cache may hear of the change a moment later, on the same connection).
  const perPerson = (handle: (userId: number, value: number) => void) => (payload: string) => {
    const [userId, value] = payload.split(':').map(Number);
    if (userId === undefined || value === undefined || !byUser.has(userId)) return;
    app.readCache.forget(`n:${userId}`);
    handle(userId, value);
  };
  app.announcements.subscribe({
    name: 'notification stream',
    topics: {
      [NEW_NOTIFICATION_CHANNEL]: perPerson((userId, id) => void announced(userId, id).catch(fail)),
      [UNREAD_COUNT_CHANNEL]: perPerson((userId, count) => {
        for (const stream of byUser.get(userId) ?? []) send(stream, frame('unread', { count }));
      }),
      // A signed-out session's streams end at once, on every instance.
      [SESSION_REVOKED_CHANNEL]: (sessionId) => {
        for (const streams of byUser.values()) for (const stream of streams) if (stream.user.sessionId === sessionId) end(stream);
      },
    },
    onListening() {
      listening = true;
      if (everLost) catchUpAll().catch(fail);
    },
    onLost() {
      listening = false;
      everLost = true;
    },
  });

  const heartbeat = setInterval(() => {
    for (const streams of byUser.values()) for (const stream of streams) send(stream, ': heartbeat\n\n');
  }, heartbeatMs);
  heartbeat.unref();

  // Streams never end by themselves: closing ends them first, or it would wait on them until the deadline.
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(heartbeat);
    for (const streams of [...byUser.values()]) for (const stream of [...streams]) end(stream);
  });

  app.decorate('notificationHub', {
    /** Whether announcements reach the streams (else they catch up once they do again). */
    get listening() {
      return listening;
    },
    get openStreams() {
      let count = 0;
      for (const streams of byUser.values()) count += streams.size;
      return count;
    },
    /** Takes over a hijacked reply: headers, the current count, what a reconnect missed, then announcements. */
    async open(reply: FastifyReply, user: SessionUser, lastEventId: number | undefined) {
      const res = reply.raw;
      if (closing) {
        res.writeHead(503, { 'retry-after': '1' }).end();
        return;
      }
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        // nginx and similar proxies: pass events through as they come.
        'x-accel-buffering': 'no',
      });
      const stream: Stream = { user, lastId: lastEventId ?? Number.MAX_SAFE_INTEGER, res, timer: setTimeout(() => end(stream), maxStreamMs) };
      stream.timer.unref();
      const streams = byUser.get(user.id) ?? new Set<Stream>();
      byUser.set(user.id, streams);
      streams.add(stream);
      if (streams.size > STREAMS_PER_USER) {
        const oldest = streams.values().next().value;
        if (oldest) end(oldest);
      }
      res.on('close', () => end(stream));
      res.write('retry: 2000\n\n');
      try {
        const count = await app.unreadCounts.of(user.id);
        send(stream, frame('unread', { count }));
        if (lastEventId !== undefined) sendNotifications(stream, await notifications.after(user.id, lastEventId, CATCH_UP_LIMIT));
        // A fresh stream starts from what exists now: only later notifications are sent.
        else stream.lastId = 0;
      } catch (error) {
        fail(error);
        end(stream);
      }
    },
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    notificationHub: {
      readonly listening: boolean;
      readonly openStreams: number;
      open(reply: FastifyReply, user: SessionUser, lastEventId: number | undefined): Promise<void>;
    };
  }
}
