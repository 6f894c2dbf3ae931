import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ASSETS_PREFIX } from '../web/spa';
import { sessionRepository } from './session-repository';

export const sessionCookieName = (secure: boolean) => (secure ? '__Host-studio_session' : 'studio_session');

/** Last-seen is written at most this often, so a busy session costs no write per request. */
export const TOUCH_EVERY_MS = 5 * 60_000;

export const idleCutoff = (now: Date, idleHours: number) => new Date(now.getTime() - idleHours * 3_600_000);

export const sessionPlugin = fp(async (app: FastifyInstance) => {
  const secure = app.config.publicUrl.startsWith('https:');
  const cookieName = sessionCookieName(secure);
  const sessions = sessionRepository(app.db);

  let lookups = 0;

  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const token = request.cookies[cookieName];
    // Assets are public and hashed: a page load fetches dozens, and none needs to know who asks.
    if (!token || request.url.startsWith(ASSETS_PREFIX)) {
      request.user = null;
      return;
    }
    const now = app.clock.now();
    lookups++;
    const found = await sessions.find(token, now, idleCutoff(now, app.config.sessionIdleHours));
    if (!found) {
      request.user = null;
      return;
    }
    const { lastSeenAt, ...user } = found;
    if (now.getTime() - lastSeenAt.getTime() >= TOUCH_EVERY_MS) await sessions.touch(user.sessionId, now);
    request.user = user;
  });

  app.decorate('sessions', {
    cookieName,
    get lookups() {
      return lookups;
    },
    async start(reply: FastifyReply, userId: number, idToken: string | null) {
      const now = app.clock.now();
      const expiresAt = new Date(now.getTime() + app.config.sessionTtlHours * 3_600_000);
      const token = await sessions.create(userId, idToken, expiresAt, now);
      reply.setCookie(cookieName, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires: expiresAt });
    },
    async end(request: FastifyRequest, reply: FastifyReply) {
      if (request.user) await sessions.destroy(request.user.sessionId);
      reply.clearCookie(cookieName, { path: '/', httpOnly: true, sameSite: 'lax', secure });
    },
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    sessions: {
      cookieName: string;
      /** Session lookups that went to the database since start: what the session cache is measured by. */
      readonly lookups: number;
      start(reply: FastifyReply, userId: number, idToken: string | null): Promise<void>;
      end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    };
  }
}
