import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/schema';
import type { SessionUser } from '../types';

export const sessionCookieName = (secure: boolean) => (secure ? '__Host-studio_session' : 'studio_session');

/** The cookie carries a random token; the database keeps only its hash. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export function sessionRepository(db: Db) {
  return {
    async create(userId: number, idToken: string | null, expiresAt: Date): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db.insertInto('sessions').values({ id: hashToken(token), user_id: userId, id_token: idToken, expires_at: expiresAt }).execute();
      return token;
    },
    async find(token: string, now: Date): Promise<(SessionUser & { idToken: string | null }) | undefined> {
      const id = hashToken(token);
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select([
          'users.id',
          'users.login',
          'users.name',
          'users.profile_image_url as profileImageUrl',
          'users.is_operator as isOperator',
          'sessions.id_token as idToken',
        ])
        .where('sessions.id', '=', id)
        .where('sessions.expires_at', '>', now)
        .executeTakeFirst();
      return row ? { ...row, sessionId: id } : undefined;
    },
    async destroy(sessionId: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    },
  };
}

export const sessionPlugin = fp(async (app: FastifyInstance) => {
  const secure = app.config.publicUrl.startsWith('https:');
  const cookieName = sessionCookieName(secure);
  const sessions = sessionRepository(app.db);

  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const token = request.cookies[cookieName];
    request.user = token ? ((await sessions.find(token, app.clock.now())) ?? null) : null;
  });

  app.decorate('sessions', {
    cookieName,
    async start(reply: FastifyReply, userId: number, idToken: string | null) {
      const expiresAt = new Date(app.clock.now().getTime() + app.config.sessionTtlHours * 3_600_000);
      const token = await sessions.create(userId, idToken, expiresAt);
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
      start(reply: FastifyReply, userId: number, idToken: string | null): Promise<void>;
      end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    };
  }
}
