import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HistoryRecord, Me } from '@studio/contract/user';
import { requireUser } from '../../plugins/require-user';

export async function meRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get('/me', { schema: { tags: ['me'], response: { 200: Me } } }, async (request) => {
    const user = requireUser(request);
    // Every signed-in person is a studio user (spec section 6): a general user or a channel role holder.
    return { id: user.id, name: user.name, login: user.login, profileImageUrl: user.profileImageUrl, isUser: true, isOperator: user.isOperator };
  });

  app.post(
    '/my/history',
    { schema: { tags: ['me'], summary: 'Records a studio visit; sent once on app load', body: HistoryRecord.optional() } },
    async (request, reply) => {
      const user = requireUser(request);
      await app.db
        .insertInto('user_visits')
        .values({ user_id: user.id, path: request.body?.path ?? null, user_agent: request.headers['user-agent']?.slice(0, 512) ?? null })
        .execute();
      return reply.status(204).send();
    },
  );
}
