import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, noContentResponses } from '@studio/contract/responses';
import { HistoryRecord } from '@studio/contract/history';
import { Me } from '@studio/contract/user';
import { requireUser } from '../../plugins/require-user';
import { visitService } from './visit-service';

export async function meRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const visits = visitService(app.db);

  app.get('/me', { config: { access: 'session' }, schema: { tags: ['me'], response: { 200: Me, ...errorResponses } } }, async (request) => {
    const user = requireUser(request);
    // Every signed-in person is a studio user (spec section 6): a general user or a channel role holder.
    return { id: user.id, name: user.name, login: user.login, profileImageUrl: user.profileImageUrl, isUser: true, isOperator: user.isOperator };
  });

  app.post(
    '/my/history',
    {
      config: { access: 'session' },
      schema: { tags: ['me'], summary: 'Records a studio visit; sent once on app load', body: HistoryRecord.optional(), response: noContentResponses },
    },
    async (request, reply) => {
      await visits.record(requireUser(request).id, request.body?.path ?? null, request.headers['user-agent']?.slice(0, 512) ?? null);
      return reply.status(204).send(null);
    },
  );
}
