import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hashToken } from '../lib/session-token';
import { createSessionCache } from '../lib/session-cache';
import { deviceOf } from '../lib/user-agent';
import { PUBLIC_SITE_PREFIX } from '@studio/contract/public-site';
import { ASSETS_PREFIX } from '../web/spa';
import { sessionRepository, type FoundSession, type SessionClient } from './session-repository';

export const sessionCookieName = (secure: boolean) => (secure ? '__Host-studio_session' : 'studio_session');

/**
 * Last-seen (with the device and address it was seen from) is written at most this often per session
 * and instance, so a busy session costs no write per request; the profile's session list shows it.
 */
export const TOUCH_EVERY_MS = 60_000;

/** The device and address of a request, as a session records them. */
export const clientOf = (request: FastifyRequest): SessionClient => ({
  ...deviceOf(request.headers['user-agent']),
  address: request.ip ? request.ip.slice(0, 64) : null,
});

/** Channels the database announces on (migration 0005): a session id, a user id. */
export const SESSION_REVOKED_CHANNEL = 'studio_session_revoked';
export const USER_CHANGED_CHANNEL = 'studio_user_changed';

/** Sessions kept in memory per instance; past it the least recently used go. */
const CACHE_MAX = 10_000;
/** The longest a cached session is trusted without reading it again, announcements aside. */
const CACHE_TTL_MS = 30_000;

export const idleCutoff = (now: Date, idleHours: number) => new Date(now.getTime() - idleHours * 3_600_000);

/**
 * Who is asking, for every request that carries the session cookie (assets
 * aside). A session is read from PostgreSQL once and then served from memory;
 * the database announces every revocation and change (LISTEN/NOTIFY, heard
 * through plugins/announcements.ts), so a logout on one instance ends the
 * session on all of them within a second.
 * Without a listening connection the cache is not used at all: a missed
 * announcement must never keep a revoked session alive.
 */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  const secure = app.config.publicUrl.startsWith('https:');
  const cookieName = sessionCookieName(secure);
  const sessions = sessionRepository(app.db);
  const cache = createSessionCache({ max: CACHE_MAX, ttlMs: CACHE_TTL_MS });
  let lookups = 0;
  let heard = 0;
  let listening = false;

  app.announcements.subscribe({
    name: 'session cache',
    topics: {
      [SESSION_REVOKED_CHANNEL]: (sessionId) => {
        heard++;
        cache.delete(sessionId);
      },
      [USER_CHANGED_CHANNEL]: (userId) => {
        heard++;
        cache.deleteUser(Number(userId));
      },
    },
    onListening() {
      cache.clear();
      listening = true;
    },
    onLost() {
      listening = false;
      // A read under way may have missed an announcement: it is not kept either.
      heard++;
      cache.clear();
    },
  });

  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const token = request.cookies[cookieName];
    // Assets are public and hashed: a page load fetches dozens, and none needs to know who asks. Nor does the
    // public site, whose pages are the same for everyone (and reading them is not studio activity that keeps a session alive).
    if (!token || request.url.startsWith(ASSETS_PREFIX) || request.url.startsWith(PUBLIC_SITE_PREFIX)) {
      request.user = null;
      return;
    }
    const now = app.clock.now();
    const cutoff = idleCutoff(now, app.config.sessionIdleHours);
    const sessionId = hashToken(token);
    const useCache = listening;
    let found: FoundSession | undefined = useCache ? cache.get(sessionId) : undefined;
    // A cached entry that looks expired or idle is read again: another instance may have seen it since.
    if (found && (found.expiresAt <= now || found.lastSeenAt <= cutoff)) found = undefined;
    if (!found) {
      lookups++;
      const heardBefore = heard;
      found = await sessions.find(token, now, cutoff);
      if (!found) {
        cache.delete(sessionId);
        request.user = null;
        return;
      }
      // An announcement heard while reading may be about this very row, read before it changed.
      if (useCache && heard === heardBefore) cache.set(sessionId, found);
    }
    if (now.getTime() - found.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      await sessions.touch(sessionId, now, clientOf(request));
      found.lastSeenAt = now;
    }
    request.user = found.user;
  });

  app.decorate('sessions', {
    cookieName,
    get lookups() {
      return lookups;
    },
    get listening() {
      return listening;
    },
    async start(request: FastifyRequest, reply: FastifyReply, userId: number, idToken: string | null) {
      const now = app.clock.now();
      const expiresAt = new Date(now.getTime() + app.config.sessionTtlHours * 3_600_000);
      const token = await sessions.create(userId, idToken, expiresAt, now, clientOf(request));
      reply.setCookie(cookieName, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires: expiresAt });
    },
    async end(request: FastifyRequest, reply: FastifyReply) {
      if (request.user) {
        // This instance forgets at once; the others hear it from the database.
        cache.delete(request.user.sessionId);
        await sessions.destroy(request.user.sessionId);
      }
      reply.clearCookie(cookieName, { path: '/', httpOnly: true, sameSite: 'lax', secure });
    },
    forget(sessionIds: readonly string[]) {
      for (const sessionId of sessionIds) cache.delete(sessionId);
    },
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    sessions: {
      cookieName: string;
      /** Session lookups that went to the database since start: what the session cache is measured by. */
      readonly lookups: number;
      /** Whether revocations are heard, and so whether sessions are served from memory. */
      readonly listening: boolean;
      start(request: FastifyRequest, reply: FastifyReply, userId: number, idToken: string | null): Promise<void>;
      end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
      /**
       * Sessions whose rows were just deleted (signed out from the profile page): this instance forgets
       * them at once, before the database's announcement reaches it and every other instance.
       */
      forget(sessionIds: readonly string[]): void;
    };
  }
}
