import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '@studio/contract/responses';
import { Trend, TrendQuery } from '@studio/contract/trend';
import { requireUser } from '../../plugins/require-user';
import { trendService } from './trend-service';

/** Issue 23, point 5: the portal's trend, for every signed-in studio user (spec section 2, /trend). */
export async function trendRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const trend = trendService(app.db, app.clock);

  app.get(
    '/trend',
    {
      config: { access: 'session' },
      schema: {
        tags: ['trend'],
        summary:
          "The portal's most viewed contents over the last 24 hours or 7 Korean days and the rising ones (growth against the period before), filtered by content kind and channel type, the caller's own channels marked; public contents of channels in service only, read from aggregates only. 400 VALIDATION_FAILED for an unknown period, kind or channel type",
        querystring: TrendQuery,
        response: { 200: Trend, ...errorResponses },
      },
    },
    async (request) => trend.read(requireUser(request).id, request.query),
  );
}
