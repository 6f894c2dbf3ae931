import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notificationRepository } from './notification-repository';

/** `<user id>:<unread count>`, announced by the counter's trigger in the transaction of the change (migration 0005). */
export const UNREAD_COUNT_CHANNEL = 'studio_unread_count';

/** Counts kept in memory per instance; past it the least recently asked for go. */
const CACHE_MAX = 10_000;

/**
 * Unread counts from memory: a person's count is read from the counter row once, then kept current by
 * the counter's announcements (plugins/announcements.ts). Only people already asked for are kept, and
 * nothing is kept while the announcements cannot be heard: every count is then read from the database.
 */
export const unreadCountsPlugin = fp(async (app: FastifyInstance) => {
  const notifications = notificationRepository(app.db);
  const unread = new Map<number, number>();
  let listening = false;
  let heard = 0;
  const remember = (userId: number, count: number) => {
    unread.delete(userId);
    unread.set(userId, count);
    if (unread.size > CACHE_MAX) {
      const oldest = unread.keys().next().value;
      if (oldest !== undefined) unread.delete(oldest);
    }
  };

  app.announcements.subscribe({
    name: 'unread counts',
    topics: {
      [UNREAD_COUNT_CHANNEL]: (payload) => {
        heard++;
        const [userId, count] = payload.split(':').map(Number);
        // Only people already here: an announcement must not grow the map for everyone notified.
        if (userId !== undefined && count !== undefined && unread.has(userId)) remember(userId, count);
      },
    },
    onListening() {
      unread.clear();
      listening = true;
    },
    onLost() {
      listening = false;
      // A read under way may have missed an announcement: it is not kept either.
      heard++;
      unread.clear();
    },
  });

  // Read your own writes: a change this person made here may have moved their unread count (a read,
  // an answered invitation marked read, …) and its announcement can arrive a moment after the answer.
  // Their next count is read from the database once, so a refetch after this answer is never older.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.user && request.method !== 'GET' && request.method !== 'HEAD') unread.delete(request.user.id);
    done(null, payload);
  });

  app.decorate('unreadCounts', {
    async of(userId: number) {
      const known = listening ? unread.get(userId) : undefined;
      if (known !== undefined) return known;
      const heardBefore = heard;
      const count = await notifications.unreadCount(userId);
      // A count announced (or a connection lost) while reading may be newer than the one read.
      if (listening && heard === heardBefore) remember(userId, count);
      return count;
    },
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    unreadCounts: {
      /**
       * A person's unread count: from memory while the announcements are heard, else from the counter row.
       * Any change a person makes here forgets their count (onSend), so their own next read never lags its announcement.
       */
      of(userId: number): Promise<number>;
    };
  }
}
