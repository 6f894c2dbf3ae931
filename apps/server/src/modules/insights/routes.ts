import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ChannelInsights, ChannelInsightsQuery } from '@studio/contract/insights';
import { ChannelIdParams } from '@studio/contract/params';
import { errorResponses } from '@studio/contract/responses';
import { requireChannel } from '../../plugins/require-user';
import { insightService } from './insight-service';

/** Issue 23, point 4: a channel's insights, for its owner, managers and credit managers (spec section 6). */
export async function insightRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const insights = insightService(app.db);

  app.get(
    '/channels/:channelId/insights',
    {
      config: { access: 'channel:member' },
      schema: {
        tags: ['insights'],
        summary:
          'Views, watch time and average view duration per Korean day over 7, 28 or 90 days beside the period before, top contents, loop retention and (media channels) subscribers; read from aggregates only. 400 VALIDATION_FAILED for another period',
        params: ChannelIdParams,
        querystring: ChannelInsightsQuery,
        response: { 200: ChannelInsights, ...errorResponses },
      },
    },
    async (request) => insights.channel(requireChannel(request).channel, request.query.days, app.clock.now()),
  );
}
